/**
 * The identifier → account lookup a sign-in starts from. Only the platform knows its users, so the
 * lookup is the platform's: `@paykit/proxy`'s `createSignInLookup({ findUser })` answers it over HTTP
 * from the platform's own user table, and a page (or `<pay-sign-in>`) calls it before any service call.
 * It says which account an email or phone number signs in to and how: per method the `AuthMethod` id to
 * call `/auth/credentials/{id}/challenge` or `/verify` on (wallet-protocol.md §6–8), the WebAuthn
 * credential id of a passkey (`allowCredentials`, so the browser offers the right passkey), the issuer
 * of an OAuth identity (which provider button to show), and a masked destination for a code. None of
 * these is a secret: a session still needs the code, the passkey or the provider's token. Types only.
 *
 * @example
 *   const lookup: SignInLookup = async (identifier) => {
 *     const answer = await (await fetch('/api/sign-in/lookup', { method: 'POST', body: JSON.stringify(identifier),
 *       headers: { 'Content-Type': 'application/json' } })).json();
 *     return answer.accountId ? answer : undefined;
 *   };
 *   const account = await lookup({ email: 'ada@example.com' });
 *   const passkeys = account?.methods.filter((m) => m.type === 'PASSKEY');
 */

/** What a person types to sign in: an email address, or a phone number in E.164 (`+447912345678`). */
export type SignInIdentifier = { email: string } | { phone: string };

/** A code sent by email or text message; `destination` is masked (`a•••@example.com`, `•••• 0123`). */
export interface SignInCodeMethod {
  type: 'EMAIL_OTP' | 'SMS_OTP';
  /** The `AuthMethod` id (`AuthMethod:…`) to request the code from. */
  authMethodId: string;
  destination?: string;
}

/** A passkey: its `AuthMethod` id for the challenge, and the WebAuthn credential id for `allowCredentials`. */
export interface SignInPasskeyMethod {
  type: 'PASSKEY';
  /** The `AuthMethod` id (`AuthMethod:…`) to ask the challenge of. */
  authMethodId: string;
  /** The WebAuthn credential id (base64url), as `AuthMethod.credentialId` has it. */
  webAuthnId?: string;
  /** The name the user gave the passkey. */
  nickname?: string;
}

/** An OAuth / OIDC identity: the provider's issuer (`https://accounts.google.com`) picks the button. */
export interface SignInOAuthMethod {
  type: 'OAUTH';
  /** The `AuthMethod` id (`AuthMethod:…`) to verify the provider's token with. */
  authMethodId: string;
  issuer?: string;
}

export type SignInMethod = SignInCodeMethod | SignInPasskeyMethod | SignInOAuthMethod;

/** The account an identifier signs in to, with the methods it has (passkeys first is the page's choice). */
export interface SignInAccount {
  /** The wallet's `InternalAccount` id. */
  accountId: string;
  methods: SignInMethod[];
}

/** Finds the account of an identifier; `undefined` when there is none (or the platform will not say). */
export type SignInLookup = (identifier: SignInIdentifier) => Promise<SignInAccount | undefined>;
