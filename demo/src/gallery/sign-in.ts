/** Sign-in: `<pay-sign-in>`, `<pay-passkey-login>`, `<pay-oauth-button>`. */
import type { SignInAccount } from '@paykit/crypto-core';
import { galleryCustomer, OTP_CODE } from './sandbox.js';
import { CODE_INPUT, payElement, press, type, type GallerySection } from './section.js';

const EMAIL_INPUT = 'input[type="email"]';

/**
 * `<pay-sign-in>` whose lookup answers `answer` for any identifier (the platform's lookup, in the page);
 * with `passkeyPrompt`, a code sign-in ends on the add-passkey offer (where the browser has passkeys).
 */
async function signIn(answer: 'account' | 'unknown' | 'never', passkeyPrompt = false): Promise<HTMLElement> {
  const customer = await galleryCustomer();
  const account: SignInAccount = {
    accountId: customer.accountId,
    methods: [{ type: 'EMAIL_OTP', authMethodId: customer.emailCredentialId, destination: 'a•••@example.com' }],
  };
  const lookup = () =>
    answer === 'never'
      ? new Promise<never>(() => undefined)
      : Promise.resolve(answer === 'account' ? account : undefined);
  const attributes = { ...(passkeyPrompt ? {} : { 'no-passkey-prompt': true }), identifiers: 'email' };
  return payElement('pay-sign-in', customer.client(), attributes, { lookup });
}

async function identify(el: HTMLElement): Promise<void> {
  await type(el, EMAIL_INPUT, 'ada@example.com');
  await press(el, 'continue-button');
}

export const signInSection: GallerySection = {
  tag: 'pay-sign-in',
  summary: 'Complete sign-in: the identifier, the account lookup, then the account’s methods.',
  states: [
    {
      name: 'identify',
      kind: 'idle',
      expect: 'identify',
      note: 'Asking for the email address.',
      render: () => signIn('account'),
    },
    {
      name: 'looking-up',
      kind: 'loading',
      expect: 'looking-up',
      note: 'The platform’s lookup is running.',
      render: () => signIn('never'),
      drive: identify,
    },
    {
      name: 'unknown',
      kind: 'empty',
      expect: 'unknown',
      note: 'No account for this address; the field stays editable.',
      render: () => signIn('unknown'),
      drive: identify,
    },
    {
      name: 'method',
      kind: 'idle',
      expect: 'method',
      note: 'The account’s email code method.',
      render: () => signIn('account'),
      drive: identify,
    },
    {
      name: 'add-passkey',
      kind: 'success',
      expect: 'add-passkey',
      note: 'Signed in with the emailed code: the offer to add a passkey, "Create a passkey" or "Not now".',
      render: () => signIn('account', true),
      drive: async (el) => {
        await identify(el);
        await type(el, CODE_INPUT, OTP_CODE);
      },
    },
  ],
};

export const passkeyLogin: GallerySection = {
  tag: 'pay-passkey-login',
  summary: 'Passkey sign-in (button or autofill) and passkey registration.',
  states: [
    {
      name: 'login',
      kind: 'idle',
      expect: 'idle',
      note: 'Sign in with a passkey.',
      render: async () => payElement('pay-passkey-login', (await galleryCustomer()).client(), { mode: 'login' }),
    },
    {
      name: 'register',
      kind: 'idle',
      expect: 'idle',
      note: 'Create a passkey for the signed-in wallet.',
      render: async () =>
        payElement('pay-passkey-login', await (await galleryCustomer()).signedIn(), {
          mode: 'register',
          'user-name': 'ada@example.com',
        }),
    },
  ],
};

export const oauthButton: GallerySection = {
  tag: 'pay-oauth-button',
  summary: 'Sign-in with an OAuth / OpenID Connect provider, in a popup (or the whole page where popups are blocked).',
  states: [
    {
      name: 'google',
      kind: 'idle',
      expect: 'idle',
      note: 'A branded provider.',
      render: async () =>
        payElement('pay-oauth-button', (await galleryCustomer()).client(), {
          provider: 'google',
          'auth-method-id': 'AuthMethod:gallery-oauth',
        }),
    },
    ...(['microsoft', 'apple', 'github', 'x', 'facebook', 'acme'] as const).map((provider) => ({
      name: provider,
      kind: 'idle' as const,
      expect: 'idle',
      note: provider === 'acme' ? 'A provider without built-in branding: neutral, with a key.' : 'A branded provider.',
      render: async () =>
        payElement('pay-oauth-button', (await galleryCustomer()).client(), {
          provider,
          'auth-method-id': 'AuthMethod:gallery-oauth',
        }),
    })),
  ],
};
