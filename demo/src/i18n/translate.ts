/**
 * The page's language: `t()` words in it, and the header's switch that changes it live. The switch sets
 * `<html lang>`, which the Paykit elements follow by themselves; the page's own words are marked with
 * `data-i18n` (text) and `data-i18n-label` (`aria-label`) and are rewritten in place, so nothing a person
 * typed into a step is rebuilt. The choice is kept in the URL (`?lang=fr`), a display preference only.
 *
 * @example
 *   h('h2', { t: 'customer.card' });            // "New sandbox customer", rewritten on a switch
 *   toast(t('customer.welcome', { name }));      // worded once, in the language of the moment
 */
import '@paykit/elements/translations/de';
import '@paykit/elements/translations/es';
import '@paykit/elements/translations/fr';
import '@paykit/elements/translations/it';
import '@paykit/elements/translations/nl';
import '@paykit/elements/translations/pt';
import { de } from './de.js';
import { en, type DemoMessageKey, type DemoMessages } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pt } from './pt.js';

export type { DemoMessageKey } from './en.js';

import { LANGUAGES, type Language } from './languages.js';

export { LANGUAGES, type Language };

/** Values put into a message's `{name}` places. */
export type MessageArgs = Record<string, string | number>;

const TABLES: Record<Language, DemoMessages> = { en, es, fr, de, it, nl, pt };

let current: Language = 'en';
const listeners = new Set<() => void>();

const isLanguage = (value: string | null): value is Language => value !== null && value in LANGUAGES;

/** The page's language now. */
export function language(): Language {
  return current;
}

/** A message in the page's language, with `args` in its `{name}` places. */
export function t(key: DemoMessageKey, args: MessageArgs = {}): string {
  return TABLES[current][key].replace(/\{(\w+)\}/g, (place, name: string) =>
    name in args ? String(args[name]) : place,
  );
}

/** Marks `el` to be reworded on a switch, and words it now. */
export function localize(el: HTMLElement, key: DemoMessageKey, args?: MessageArgs): void {
  el.dataset['i18n'] = key;
  if (args) el.dataset['i18nArgs'] = JSON.stringify(args);
  el.textContent = t(key, args);
}

/** Marks `el`'s `aria-label` to be reworded on a switch, and words it now. */
export function localizeLabel(el: HTMLElement, key: DemoMessageKey): void {
  el.dataset['i18nLabel'] = key;
  el.setAttribute('aria-label', t(key));
}

/** Calls `listener` after each switch (parts of the page that are rebuilt rather than reworded). */
export function onLanguageChange(listener: () => void): void {
  listeners.add(listener);
}

/** Switches the page (and every element on it) to `lang`, and keeps it in the URL. */
export function setLanguage(lang: Language): void {
  current = lang;
  document.documentElement.lang = lang;
  const params = new URLSearchParams(location.search);
  if (lang === 'en') params.delete('lang');
  else params.set('lang', lang);
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const args = el.dataset['i18nArgs'];
    el.textContent = t(el.dataset['i18n'] as DemoMessageKey, args ? (JSON.parse(args) as MessageArgs) : undefined);
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-label]'))
    el.setAttribute('aria-label', t(el.dataset['i18nLabel'] as DemoMessageKey));
  const select = document.querySelector<HTMLSelectElement>('[data-action="lang"]');
  if (select && select.value !== lang) select.value = lang;
  for (const listener of listeners) listener();
}

/** Takes the language from `?lang=` (else the browser's, where the demo has it) and wires the header's switch. */
export function startLanguage(): void {
  const wanted = new URLSearchParams(location.search).get('lang');
  const browser = navigator.language.slice(0, 2);
  const select = document.querySelector<HTMLSelectElement>('[data-action="lang"]');
  if (select) {
    select.replaceChildren(
      ...Object.entries(LANGUAGES).map(([code, name]) => {
        const option = document.createElement('option');
        option.value = code;
        option.textContent = name;
        option.lang = code;
        return option;
      }),
    );
    select.addEventListener('change', () => {
      if (isLanguage(select.value)) setLanguage(select.value);
    });
  }
  setLanguage(isLanguage(wanted) ? wanted : isLanguage(browser) ? browser : 'en');
}
