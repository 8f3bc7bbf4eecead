/**
 * Importing any module of the package must not touch `window`, `document`, `navigator` or
 * `customElements`: server-side rendering, SSR frameworks and Node tooling import these modules where
 * none of them exist. Every module under src is imported here except the define modules (which
 * register tags by design); the class modules they import are included.
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFINED_TAGS } from './helpers/defined-tags.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'define' ? [] : modules(full);
    return entry.name.endsWith('.ts') && entry.name !== 'define.ts' ? [full] : [];
  });
}

describe('importing @paykit/elements in Node', () => {
  it('has no DOM globals to lean on', () => {
    for (const name of ['window', 'document', 'navigator', 'HTMLElement'] as const) {
      if (name === 'navigator') continue; // Node 21+ has a navigator; Node 20 does not
      expect(typeof (globalThis as Record<string, unknown>)[name], name).to.equal('undefined');
    }
  });

  it('imports every module (classes included, no define) without throwing or registering a tag', async () => {
    const files = modules(src);
    expect(files.length).to.be.greaterThan(20);
    for (const file of files) {
      await import(pathToFileURL(file).href).catch((error: unknown) => {
        throw new Error(`importing ${path.relative(src, file)} threw: ${String(error)}`);
      });
    }
    const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
    expect(DEFINED_TAGS.length).to.be.greaterThan(10);
    for (const tag of DEFINED_TAGS) {
      expect(registry?.get(tag), tag).to.equal(undefined);
    }
    expect(typeof (globalThis as Record<string, unknown>)['document']).to.equal('undefined');
    expect(typeof (globalThis as Record<string, unknown>)['window']).to.equal('undefined');
  });

  it('exports the five classes, the events and the client context from the entry point', async () => {
    const entry = (await import('../src/index.js')) as Record<string, unknown>;
    for (const name of [
      'PayOtpLoginElement',
      'PayPasskeyLoginElement',
      'PayWalletExportElement',
      'PayCardRevealElement',
      'PayScaChallengeElement',
      'PaySessionEvent',
      'setDefaultClient',
      'getDefaultClient',
    ]) {
      expect(typeof entry[name], name).to.equal('function');
    }
  });

  it('names every element class Pay…Element, so none shares its name with its @paykit/react component', async () => {
    const entry = (await import('../src/index.js')) as Record<string, unknown>;
    const base = entry['PayElement'] as abstract new () => unknown;
    const classes = Object.keys(entry).filter(
      (name) => typeof entry[name] === 'function' && (entry[name] as { prototype?: unknown }).prototype instanceof base,
    );
    expect(classes).to.include.members(['PaySignInElement', 'PayOtpLoginElement', 'PayPaymentElement']);
    expect(classes.filter((name) => !name.endsWith('Element'))).to.deep.equal([]);
    expect(entry['PaySignIn'], 'PaySignIn is the React component only').to.equal(undefined);
  });
});
