/**
 * WebAuthn ceremonies in the shapes the service wants. Registration: ES256, user verification and a
 * resident key required, a random single-use challenge. Login: the challenge bytes are the UTF-8 of the
 * service's 64-character hex challenge (not hex-decoded). Conditional UI (autofill) where supported.
 * Start a ceremony from a click handler: Safari only allows WebAuthn with a user gesture.
 *
 * @example
 *   if (!passkeysSupported()) showFallback();
 *   const { challenge, attestation } = await createPasskeyAttestation({ userName: 'ana@example.com' });
 *   const assertion = await getPasskeyAssertion({ challenge: passkeyChallenge.challenge, credentialId });
 */
import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { base64UrlEncode, randomBytes, utf8Encode } from './encoding.js';
import { invalidArgument } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';

export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

/** True where the browser has WebAuthn at all (WebKitGTK, old webviews and Node do not). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && browserSupportsWebAuthn();
}

/** True where passkeys can be offered through autofill (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  return passkeysSupported() && (await browserSupportsWebAuthnAutofill());
}

/** Cancels a pending ceremony (for example when the element that started it leaves the page). */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
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

function ceremonyError(cause: unknown): PayError {
  if (cause instanceof PayError) return cause;
  const name = (cause as { name?: string } | null)?.name;
  const code = (cause as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PayError(LocalErrorCode.WEBAUTHN_CANCELLED, 'The passkey request was cancelled or timed out', { cause });
  }
  if (name === 'NotSupportedError')
    return new PayError(LocalErrorCode.WEBAUTHN_UNSUPPORTED, 'This authenticator cannot make the passkey', { cause });
  return new PayError(code ?? LocalErrorCode.WEBAUTHN_CANCELLED, 'The passkey request failed', { cause });
}

export interface CreatePasskeyOptions {
  /** Shown by the authenticator; usually the user's email. */
  userName: string;
  userDisplayName?: string | undefined;
  /** Relying party id; defaults to the page's host. */
  rpId?: string | undefined;
  rpName?: string;
  /** WebAuthn credential ids (base64url) already registered, so the authenticator refuses duplicates. */
  excludeCredentialIds?: string[] | undefined;
  timeoutMs?: number;
}

/**
 * Runs navigator.credentials.create and returns the body fields of `POST /auth/credentials` (PASSKEY).
 *
 * @throws {PayError} `WEBAUTHN_UNSUPPORTED` (no WebAuthn, or the authenticator cannot); `WEBAUTHN_CANCELLED`
 *   (the user or browser cancelled, or it timed out); `INVALID_ARGUMENT` (no `userName`).
 */
export async function createPasskeyAttestation(
  options: CreatePasskeyOptions,
): Promise<{ challenge: string; attestation: PasskeyAttestation }> {
  requireWebAuthn();
  if (typeof options?.userName !== 'string' || !options.userName) throw invalidArgument('userName is required');
  const challenge = base64UrlEncode(randomBytes(32));
  try {
    const response = await startRegistration({
      optionsJSON: {
        challenge,
        rp: {
          name: options.rpName ?? options.rpId ?? location.hostname,
          ...(options.rpId ? { id: options.rpId } : {}),
        },
        user: {
          id: base64UrlEncode(randomBytes(16)),
          name: options.userName,
          displayName: options.userDisplayName || options.userName,
        },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        attestation: 'none',
        timeout: options.timeoutMs ?? 120_000,
        excludeCredentials: (options.excludeCredentialIds ?? []).map((id) => ({ id, type: 'public-key' as const })),
      },
    });
    return {
      challenge,
      attestation: {
        credentialId: response.id,
        clientDataJson: response.response.clientDataJSON,
        attestationObject: response.response.attestationObject,
        transports: response.response.transports ?? [],
      },
    };
  } catch (cause) {
    throw ceremonyError(cause);
  }
}

export interface GetPasskeyAssertionOptions {
  /** The service's 64-character hex challenge. */
  challenge: string;
  /** WebAuthn credential id (base64url) to allow; omit for discoverable credentials. */
  credentialId?: string;
  rpId?: string | undefined;
  /** Offer the passkey through autofill on an `autocomplete="username webauthn"` field. */
  conditional?: boolean;
  timeoutMs?: number;
}

function toAssertion(response: AuthenticationResponseJSON): PasskeyAssertion {
  return {
    credentialId: response.id,
    clientDataJson: response.response.clientDataJSON,
    authenticatorData: response.response.authenticatorData,
    signature: response.response.signature,
    ...(response.response.userHandle ? { userHandle: response.response.userHandle } : {}),
  };
}

/**
 * Runs navigator.credentials.get for a passkey login and returns the `assertion` of the verify body.
 *
 * @throws {PayError} `WEBAUTHN_UNSUPPORTED`; `WEBAUTHN_CANCELLED`; `INVALID_ARGUMENT` (a malformed challenge).
 */
export async function getPasskeyAssertion(options: GetPasskeyAssertionOptions): Promise<PasskeyAssertion> {
  const optionsJSON: PublicKeyCredentialRequestOptionsJSON = {
    challenge: passkeyLoginChallenge(options?.challenge),
    userVerification: 'required',
    timeout: options.timeoutMs ?? 120_000,
    allowCredentials: options.credentialId ? [{ id: options.credentialId, type: 'public-key' }] : [],
    ...(options.rpId ? { rpId: options.rpId } : {}),
  };
  return toAssertion(await runAssertion(optionsJSON, options.conditional === true));
}

/**
 * Runs navigator.credentials.get with service-provided options (SCA) and returns the WebAuthn JSON.
 *
 * @throws {PayError} `WEBAUTHN_UNSUPPORTED`; `WEBAUTHN_CANCELLED`.
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
  try {
    return await startAuthentication({ optionsJSON, useBrowserAutofill: conditional });
  } catch (cause) {
    throw ceremonyError(cause);
  }
}

export type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON };
