/**
 * Importing `@paykit/react` where there is no DOM (server rendering, SSR frameworks, Node tooling)
 * must not throw, register a tag or set anything page-wide. Every module under src is imported, the
 * generated wrappers included, then the package entry through its export map.
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from '@paykit/test-harness/suite';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const TAGS = [
  'pay-account-recovery',
  'pay-auth-methods',
  'pay-beneficial-owners',
  'pay-beneficiaries',
  'pay-card',
  'pay-card-reveal',
  'pay-contact-verification',
  'pay-invitation',
  'pay-kyc',
  'pay-oauth-button',
  'pay-otp-login',
  'pay-passkey-login',
  'pay-payment',
  'pay-sca-challenge',
  'pay-sca-factors',
  'pay-send',
  'pay-sessions',
  'pay-sign-in',
  'pay-terms-consent',
  'pay-transactions',
  'pay-wallet-export',
  'pay-wallet-ownership',
  'pay-wallet-settings',
];

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('importing @paykit/react in Node', () => {
  it('imports every module and the package entry without a DOM, registering no tag', async () => {
    const files = modules(src);
    expect(files.length).to.be.greaterThan(10);
    for (const file of files) {
      await import(pathToFileURL(file).href).catch((error: unknown) => {
        throw new Error(`importing ${path.relative(src, file)} threw: ${String(error)}`);
      });
    }
    await import('@paykit/react');
    // Lit installs a customElements shim in Node; the wrappers must leave it empty
    const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
    for (const tag of TAGS) expect(registry?.get(tag), tag).to.equal(undefined);
    for (const name of ['window', 'document'])
      expect(typeof (globalThis as Record<string, unknown>)[name], name).to.equal('undefined');
    const { getDefaultClient } = await import('@paykit/elements');
    expect(getDefaultClient()).to.equal(undefined);
  });

  it('exports the provider, the hooks, the wrappers and the factories', async () => {
    const entry = (await import('@paykit/react')) as Record<string, unknown>;
    for (const name of [
      'PaykitProvider',
      'useWalletClient',
      'useSession',
      'usePayEvent',
      'createPaykitReact',
      'createPaykitComponents',
      'sessionStore',
    ]) {
      expect(typeof entry[name], name).to.equal('function');
    }
    for (const name of [
      'PayOAuthButton',
      'PayOtpLogin',
      'PayPasskeyLogin',
      'PayWalletExport',
      'PayCard',
      'PayCardReveal',
      'PayScaChallenge',
      'PayAuthMethods',
      'PayContactVerification',
      'PaySessions',
      'PaySignIn',
      'PayTermsConsent',
      'PayWalletSettings',
    ]) {
      // forwardRef components are objects with a render function
      const component = entry[name] as { $$typeof?: symbol; render?: unknown; displayName?: string } | undefined;
      expect(component?.$$typeof, name).to.equal(Symbol.for('react.forward_ref'));
      expect(component?.displayName, name).to.equal(name);
    }
    expect(entry['PAYKIT_TAG_NAMES']).to.deep.equal(TAGS);
  });

  it('<PaySignIn> installs the sign-in method loaders (a page with it alone has no <pay-otp-login> to wait for)', async () => {
    await import('@paykit/react');
    const { PaySignInElement } = await import('@paykit/elements');
    for (const kind of ['otp', 'passkey', 'oauth', 'phone'] as const)
      expect(typeof PaySignInElement.loaders[kind], kind).to.equal('function');
  });
});
