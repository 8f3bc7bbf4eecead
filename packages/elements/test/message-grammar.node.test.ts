/**
 * Grammar the code must leave to the translators: a sentence is one key (a link or a value goes in through
 * a `{slot}`, never glued after a fragment), a key names one thing (an element does not borrow another
 * element's words, whose gender may not fit its noun), and no translation puts an article before a
 * date placeholder (Italian would need "l’8", "dell’11", which a fixed article cannot give).
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from '@paykit/test-harness/suite';
import { fillSlots } from '../src/shared/i18n.js';
import { en, MESSAGE_KEYS } from '../src/translations/en.js';
import { it as italian } from '../src/translations/it.js';
import { de } from '../src/translations/de.js';
import { es } from '../src/translations/es.js';
import { fr } from '../src/translations/fr.js';
import { nl } from '../src/translations/nl.js';
import { pt } from '../src/translations/pt.js';
import { deFormal } from '../src/translations/de-x-formal.js';
import type { Messages } from '../src/shared/i18n.js';

const TABLES: Record<string, Messages> = { en, de, 'de-x-formal': deFormal, es, fr, it: italian, nl, pt };

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Element and shared sources (not the tables), as [path relative to src, text]. */
function sources(dir = SRC): [string, string][] {
  return readdirSync(dir).flatMap((name): [string, string][] => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'translations' ? [] : sources(file);
    if (!name.endsWith('.ts') || name.endsWith('.messages.ts')) return [];
    return [[path.relative(SRC, file), readFileSync(file, 'utf8')]];
  });
}

/** A call of the translation helper: `this.t(…)` or `t(…)` (two levels of nested parentheses). */
const T = String.raw`(?<![\w.])(?:this\.)?t\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)`;
/** A translated fragment with words, punctuation or another value beside it in the same text. */
const ASSEMBLED = [
  new RegExp(String.raw`\$\{${T}\}[ \t]*[^\s<\x60'"$]*[ \t]+\$\{|\$\{${T}\}[ \t]*[^\s<\x60'"$]+[ \t]*\$\{`, 'g'),
  new RegExp(String.raw`\}[ \t]+\$\{${T}\}|[^\s>\x60'"{}()=;]\s+\$\{${T}\}`, 'g'),
  new RegExp(String.raw`${T}\s*\+|\+\s*${T}`, 'g'),
];

function assembled(text: string): string[] {
  return ASSEMBLED.flatMap((re) => [...text.matchAll(re)].map((m) => m[0]));
}

/** The namespaces every element may use; any other `ns.` key belongs to the element that defines it. */
const SHARED_NAMESPACES = ['common', 'error', 'otp', 'account', 'phone'];

describe('message grammar', () => {
  it('finds assembled sentences, so the scan below can fail', () => {
    expect(assembled("html`<span>${this.t('terms.checkboxLabel')} ${link}</span>`")).to.have.length(1);
    expect(assembled("html`<p>${this.t('terms.clickIntro')} ${link}.</p>`")).to.have.length(1);
    expect(assembled('`${this.t(credentialTypeKey(method.type))} (${detail})`')).to.have.length(1);
    expect(assembled("const s = t('a.b') + ' ' + name;")).to.have.length(1);
    expect(assembled("html`<span>${this.t('a.b')}</span> ${this.t('c.d')}`")).to.deep.equal([]);
    expect(assembled("html`${this.t('a.b')}${badge}`"), 'a badge element beside a label').to.deep.equal([]);
    expect(
      assembled("html`${status}${renewed ? html` ·\n   ${this.t('sessions.renewedAt')}` : nothing}`"),
    ).to.have.length(1);
    expect(assembled('type.charAt(0) + type.slice(1)')).to.deep.equal([]);
  });

  it('assembles no translated sentence from fragments: a link or value goes into a {slot}', () => {
    const faults = sources().flatMap(([file, text]) => assembled(text).map((match) => `${file}: ${match}`));
    expect(faults, faults.join('\n')).to.deep.equal([]);
  });

  it('fills a {slot} with a rendered part, keeping the words on both sides in the translation’s order', () => {
    const link = { tag: 'a' };
    expect(fillSlots('Ich habe die {link} gelesen und akzeptiere sie.', { link })).to.deep.equal([
      'Ich habe die ',
      link,
      ' gelesen und akzeptiere sie.',
    ]);
    expect(fillSlots('{link}', { link })).to.deep.equal(['', link, '']);
    expect(fillSlots('Keep {other}', { link })).to.deep.equal(['Keep ', '{other}', '']);
  });

  it('keeps each element’s words to itself: a key is not borrowed under another noun', () => {
    const shared = new Set(SHARED_NAMESPACES);
    const faults: string[] = [];
    const own = new Map<string, string>(); // namespace → the folder whose messages define it
    for (const dir of readdirSync(SRC)) {
      const folder = path.join(SRC, dir);
      if (!statSync(folder).isDirectory()) continue;
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.messages.ts')))
        for (const m of readFileSync(path.join(folder, name), 'utf8').matchAll(/^\s*'(\w+)\./gm)) own.set(m[1]!, dir);
    }
    for (const [file, text] of sources()) {
      const dir = file.split(path.sep)[0]!;
      for (const m of text.matchAll(/(?<![\w.])(?:this\.)?t\(\s*['\x60](\w+)\./g)) {
        const ns = m[1]!;
        if (shared.has(ns) || dir === 'shared' || own.get(ns) === dir) continue;
        faults.push(`${file} uses ${ns}.* of ${own.get(ns) ?? 'the shared table'}`);
      }
    }
    // the shared table holds only shared namespaces: an element's key there invites borrowing
    for (const key of MESSAGE_KEYS)
      if (!own.has(key.split('.')[0]!) && !shared.has(key.split('.')[0]!)) faults.push(`${key} in the shared table`);
    expect(faults, faults.join('\n')).to.deep.equal([]);
  });

  it('puts no Italian article before a date (l’8, dell’11 cannot be written by a fixed article)', () => {
    const article = /\b(il|lo|la|l’|del|dello|della|dell’|al|allo|alla|dal|nel|sul)\s*\{(time|date)\}/i;
    const faults = MESSAGE_KEYS.filter((key) => /\{(time|date)\}/.test(en[key]) && article.test(italian[key]));
    expect(faults.map((key) => `${key}: ${italian[key]}`)).to.deep.equal([]);
  });

  it('gives example addresses at example.com, reserved for examples, not a domain someone owns', () => {
    for (const [locale, table] of Object.entries(TABLES))
      expect(table['signIn.emailInvalid'], locale).to.match(/\w@example\.com\b/);
  });

  it('asks for a new code with the verb of the button that does it', () => {
    // the stem of the verb each locale uses for both, in the error and on the button
    const VERB: Record<string, RegExp> = {
      en: /send/i,
      de: /forder/i,
      'de-x-formal': /forder/i,
      es: /\bp[ie]d/i,
      fr: /demand/i,
      it: /richied/i,
      nl: /aan\b|aanvragen/i,
      pt: /pe[çd]/i,
    };
    for (const [locale, table] of Object.entries(TABLES))
      for (const key of ['otp.sendNew', 'error.codeExpired', 'error.codeUsed', 'error.codeUsedUp'] as const)
        expect(table[key], `${locale} ${key}`).to.match(VERB[locale]!);
  });

  it('uses one word per concept and the locale’s register, as the reviewers’ findings require', () => {
    /** Words a locale must not use: the other of two words for one concept, the wrong register, a wrong term. */
    const FORBIDDEN: Record<string, [RegExp, string][]> = {
      es: [
        [/billetera/i, 'the wallet is “monedero” throughout'],
        [/\bpropietario/i, 'a beneficial owner is “titular real”'],
        [/^Recibe$/, 'an amount label that reads as a command'],
        [/caducó|\bse añadió|\bno se pudo\b/i, 'Spain Spanish uses the present perfect for what just happened'],
        [
          /\b(enviamos|cerraste|se canceló|terminó)\b/i,
          'Spain Spanish uses the present perfect for what just happened',
        ],
        [/\busted\b|\b(Póngase|Contacte)\b/, 'es speaks with tú'],
      ],
      fr: [[/\bpropriétaire/i, 'a beneficial owner is “bénéficiaire effectif”']],
      de: [[/\bIhr(e|en|em|er)?\b|\bIhnen\b|\b[Ww]enden Sie\b/, 'de speaks with du (the Sie table is de-x-formal)']],
      'de-x-formal': [
        [/\b(du|dich|dir|dein(e|en|em|er|es)?)\b/i, 'de-x-formal speaks with Sie'],
        [/^(Gib|Prüfe|Melde|Versuche|Füge|Fülle|Wähle|Bestätige|Lass|Schließe|Wende)\b/, 'a du imperative'],
      ],
      it: [
        [/^Invii$/, 'an amount label that reads as a command'],
        [/\bContatti (il|la|l’)|\bLa preghiamo\b/, 'it speaks with tu'],
      ],
      nl: [
        [/herstelzin heb je/i, 'the recovery-phrase warning must not read as a benefit'],
        [/woorden de wallet beheert/, 'whoever has the phrase controls the wallet, not “manages” it'],
        [/\b(u|uw)\b/i, 'nl speaks with je'],
        [/\bpasskey/i, 'the passkey is a “toegangssleutel”'],
      ],
      pt: [[/^Envia$/, 'an amount label that reads as a command']],
    };
    const faults = Object.entries(FORBIDDEN).flatMap(([locale, rules]) =>
      MESSAGE_KEYS.flatMap((key) =>
        rules.filter(([re]) => re.test(TABLES[locale]![key])).map(([, why]) => `${locale} ${key}: ${why}`),
      ),
    );
    expect(faults, faults.join('\n')).to.deep.equal([]);
  });
});
