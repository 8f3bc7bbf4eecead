/**
 * WebAuthn ceremonies in the shapes the service wants. Registration: ES256, user verification and a
 * resident key required, a random single-use challenge. Login: the challenge bytes are the UTF-8 of the
 * service's 64-character hex challenge (not hex-decoded). Conditional UI (autofill) where supported,
 * off unless asked for. One ceremony at a time: starting one aborts the one still pending. Start a
 * ceremony from a click handler: Safari only allows WebAuthn with a user gesture. The browser's own
 * WebAuthn API, no library (webauthn.ts holds the conversions and the error mapping).
 *
 * @example
 *   if (!passkeysSupported()) showFallback();
 *   const { challenge, attestation } = await createPasskeyAttestation({ userName: 'ana@example.com' });
 *   const assertion = await getPasskeyAssertion({ challenge: passkeyChallenge.challenge, credentialId });
 *   if (await passkeyAutofillSupported()) void getPasskeyAssertion({ challenge, conditional: true });
 */
import { base64UrlEncode, randomBytes, utf8Encode } from './encoding.js';
import { invalidArgument } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import {
  assertionToJSON,
  attestationToJSON,
  cancelCeremony,
  passkeyCreationOptions,
  requestOptionsFromJSON,
  runCeremony,
} from './webauthn.js';
import type {
  AuthenticationResponseJSON,
  CreatePasskeyOptions,
  PasskeyAssertion,
  PasskeyAttestation,
  PublicKeyCredentialRequestOptionsJSON,
} from './resources.js';

export type {
  AuthenticationResponseJSON,
  CreatePasskeyOptions,
  PasskeyAssertion,
  PasskeyAttestation,
  PublicKeyCredentialRequestOptionsJSON,
};

/** True where the browser has WebAuthn at all (WebKitGTK, old webviews and Node do not). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof globalThis.PublicKeyCredential === 'function';
}

/**
 * True where passkeys can be offered through autofill (conditional mediation:
 * `PublicKeyCredential.isConditionalMediationAvailable()`). Never rejects.
 */
export async function passkeyAutofillSupported(): Promise<boolean> {
  try {
    const pkc = globalThis.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> };
    return passkeysSupported() && typeof pkc.isConditionalMediationAvailable === 'function'
      ? (await pkc.isConditionalMediationAvailable()) === true
      : false;
  } catch {
    return false;
  }
}

/** Cancels a pending ceremony (for example when the element that started it leaves the page). */
export function cancelPasskeyCeremony(): void {
  cancelCeremony();
}

/**
 * The WebAuthn challenge for a passkey login: base64url of the UTF-8 bytes of the hex challenge.
 *
 * @throws {PayError} `INVALID_ARGUMENT` unless `challengeHex` is 64 lowercase hex characters.
 */
export function passkeyLoginChallenge(challengeHex: string): string {
  if (typeof challengeHex !== 'string' || !/^[0-9a-f]{64}$/.test(challengeHex))
    throw invalidArgument('challenge must be 64 lowercase hex characters');
  return base64UrlEncode(utf8Encode(challengeHex));
}

function requireWebAuthn(): void {
  if (!passkeysSupported())
    throw new PayError(LocalErrorCode.WEBAUTHN_UNSUPPORTED, 'This browser does not support passkeys');
}

/**
 * Runs navigator.credentials.create and returns the body fields of `POST /auth/credentials` (PASSKEY).
 * A ceremony still pending (another create, a get, an autofill request) is aborted first.
 *
 * @throws {PayError} `WEBAUTHN_UNSUPPORTED` (no WebAuthn, or the authenticator cannot); `WEBAUTHN_CANCELLED`
 *   (the user or browser cancelled, it timed out, or a newer ceremony replaced it); `INVALID_ARGUMENT` (no
 *   `userName`, an `excludeCredentialIds` entry that is not base64url); `ERROR_INVALID_DOMAIN` (the page's
 *   host is an IP address or not a domain), `ERROR_INVALID_RP_ID` (`rpId` is not valid for the page),
 *   `ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED` (an excluded credential is on this authenticator),
 *   `ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT`, `ERROR_AUTHENTICATOR_GENERAL_ERROR`.
 */
export async function createPasskeyAttestation(
  options: CreatePasskeyOptions,
): Promise<{ challenge: string; attestation: PasskeyAttestation }> {
  requireWebAuthn();
  if (typeof options?.userName !== 'string' || !options.userName) throw invalidArgument('userName is required');
  const challenge = randomBytes(32) as Uint8Array<ArrayBuffer>;
  const publicKey = passkeyCreationOptions(
    options,
    challenge,
    randomBytes(16) as Uint8Array<ArrayBuffer>,
    location.hostname,
  );
  return {
    challenge: base64UrlEncode(challenge),
    attestation: await runCeremony('create', { publicKey }, attestationToJSON),
  };
}

export interface GetPasskeyAssertionOptions {
  /** The service's 64-character hex challenge. */
  challenge: string;
  /** WebAuthn credential id (base64url) to allow; omit for discoverable credentials. */
  credentialId?: string;
  rpId?: string | undefined;
  /**
   * Offer the passkey through autofill (conditional mediation) on an `autocomplete="username webauthn"`
   * field instead of a dialog; the request then waits until the user picks a passkey there, or until it
   * is cancelled. Default false. Check `passkeyAutofillSupported()` first.
   */
  conditional?: boolean;
  timeoutMs?: number;
}

/**
 * Runs navigator.credentials.get for a passkey login and returns the `assertion` of the verify body.
 * A ceremony still pending is aborted first.
 *
 * @throws {PayError} `WEBAUTHN_UNSUPPORTED`; `WEBAUTHN_CANCELLED` (also for `conditional` where autofill is
 *   unavailable or the page has no `autocomplete="… webauthn"` input); `INVALID_ARGUMENT` (a malformed
 *   challenge or credential id); `ERROR_INVALID_DOMAIN`, `ERROR_INVALID_RP_ID`,
 *   `ERROR_AUTHENTICATOR_GENERAL_ERROR` as for `createPasskeyAttestation`.
 */
export async function getPasskeyAssertion(options: GetPasskeyAssertionOptions): Promise<PasskeyAssertion> {
  const optionsJSON: PublicKeyCredentialRequestOptionsJSON = {
    challenge: passkeyLoginChallenge(options?.challenge),
    userVerification: 'required',
    timeout: options.timeoutMs ?? 120_000,
    allowCredentials: options.credentialId ? [{ id: options.credentialId, type: 'public-key' }] : [],
    ...(options.rpId ? { rpId: options.rpId } : {}),
  };
  const { id, response } = await runAssertion(optionsJSON, options.conditional === true);
  return {
    credentialId: id,
    clientDataJson: response.clientDataJSON,
    authenticatorData: response.authenticatorData,
    signature: response.signature,
    ...(response.userHandle ? { userHandle: response.userHandle } : {}),
  };
}

/**
 * Runs navigator.credentials.get with service-provided options (SCA) and returns the WebAuthn JSON.
 * A ceremony still pending is aborted first.
 *
 * @throws {PayError} `WEBAUTHN_UNSUPPORTED`; `WEBAUTHN_CANCELLED`; `INVALID_ARGUMENT` (options that are not an
 *   object, or a challenge or credential id that is not base64url); `ERROR_INVALID_DOMAIN`,
 *   `ERROR_INVALID_RP_ID`, `ERROR_AUTHENTICATOR_GENERAL_ERROR` as for `createPasskeyAttestation`.
 */
export function getPasskeyAssertionJSON(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  return runAssertion(optionsJSON, false);
}

async function runAssertion(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  conditional: boolean,
): Promise<AuthenticationResponseJSON> {
  requireWebAuthn();
  const publicKey = requestOptionsFromJSON(optionsJSON, conditional);
  if (
    conditional &&
    (!(await passkeyAutofillSupported()) || !document.querySelector('input[autocomplete$="webauthn"]'))
  )
    throw new PayError(LocalErrorCode.WEBAUTHN_CANCELLED, 'The passkey request failed');
  return runCeremony('get', conditional ? { publicKey, mediation: 'conditional' } : { publicKey }, assertionToJSON);
}
