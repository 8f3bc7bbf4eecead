/**
 * WebAuthn without a library, behind passkey.ts: the options `navigator.credentials` takes, built from our
 * own parameters or from their JSON form (base64url → bytes); a credential back to the JSON the service
 * reads (bytes → base64url); one pending ceremony at a time; and the `PayError` each failure becomes.
 * Internal (no subpath export); its types name DOM interfaces, so nothing public may name its own.
 *
 * The browsers' `PublicKeyCredential.parseRequestOptionsFromJSON` and `toJSON` are not used: Firefox ESR,
 * older Safari and webviews lack them, so this manual path ships anyway, and using both could only add
 * bytes and a second behaviour (password-manager extensions replace the credential objects).
 *
 * @example
 *   const json = await runCeremony('get', { publicKey: requestOptionsFromJSON(options) }, assertionToJSON);
 */
import { invalidArgument } from './args.js';
import { base64UrlDecode, base64UrlEncode } from './encoding.js';
import { LocalErrorCode, PayError } from './errors.js';
import type {
  AuthenticationResponseJSON,
  CreatePasskeyOptions,
  PasskeyAttestation,
  PublicKeyCredentialRequestOptionsJSON,
} from './resources.js';

/** Base64url of bytes the browser hands back (an ArrayBuffer, or a view from an extension's polyfill). */
export const toBase64Url = (data: ArrayBuffer | ArrayBufferView): string =>
  base64UrlEncode(
    ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data),
  );

/** Bytes of a base64url field. @throws {PayError} `INVALID_ARGUMENT` naming `what` when it is not base64url. */
function fromBase64Url(text: unknown, what: string): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw invalidArgument(`${what} must be base64url`);
  return base64UrlDecode(text) as Uint8Array<ArrayBuffer>;
}

/**
 * The create() options of a passkey as the service wants it: ES256, a resident key and user verification
 * required, no attestation, `challenge` and a random 16-byte user handle.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when an `excludeCredentialIds` entry is not base64url.
 */
export function passkeyCreationOptions(
  options: CreatePasskeyOptions,
  challenge: Uint8Array<ArrayBuffer>,
  userId: Uint8Array<ArrayBuffer>,
  hostname: string,
): PublicKeyCredentialCreationOptions {
  const exclude = options.excludeCredentialIds ?? [];
  if (!Array.isArray(exclude)) throw invalidArgument('excludeCredentialIds must be an array');
  return {
    challenge,
    rp: { name: options.rpName ?? options.rpId ?? hostname, ...(options.rpId ? { id: options.rpId } : {}) },
    user: { id: userId, name: options.userName, displayName: options.userDisplayName || options.userName },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    attestation: 'none',
    timeout: options.timeoutMs ?? 120_000,
    excludeCredentials: exclude.map((id) => ({ id: fromBase64Url(id, 'excludeCredentialIds'), type: 'public-key' })),
  };
}

/**
 * get() options from their JSON form: the challenge and each allowed credential id decoded, the rest as
 * given. An empty allow list is left out (it would block discoverable credentials); `conditional`
 * (autofill) always sends an empty one, as conditional mediation requires.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when the options are not an object, the challenge or a credential id
 *   is not base64url, or `allowCredentials` is not an array.
 */
export function requestOptionsFromJSON(
  json: PublicKeyCredentialRequestOptionsJSON,
  conditional = false,
): PublicKeyCredentialRequestOptions {
  if (!json || typeof json !== 'object') throw invalidArgument('passkey options must be an object');
  const { challenge, allowCredentials, ...rest } = json;
  if (allowCredentials != null && !Array.isArray(allowCredentials))
    throw invalidArgument('allowCredentials must be an array');
  const publicKey = { ...rest, challenge: fromBase64Url(challenge, 'challenge') } as PublicKeyCredentialRequestOptions;
  if (conditional) publicKey.allowCredentials = [];
  else if (allowCredentials?.length)
    publicKey.allowCredentials = allowCredentials.map((descriptor) => ({
      ...descriptor,
      id: fromBase64Url(descriptor?.id, 'allowCredentials id'),
    })) as PublicKeyCredentialDescriptor[];
  return publicKey;
}

/** The `attestation` of `POST /auth/credentials` (PASSKEY) from a create() result. */
export function attestationToJSON(credential: PublicKeyCredential): PasskeyAttestation {
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    credentialId: credential.id,
    clientDataJson: toBase64Url(response.clientDataJSON),
    attestationObject: toBase64Url(response.attestationObject),
    transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
  };
}

/** WebAuthn's `AuthenticationResponseJSON` of a get() result (what the service's SCA answer carries). */
export function assertionToJSON(credential: PublicKeyCredential): AuthenticationResponseJSON {
  const response = credential.response as AuthenticatorAssertionResponse;
  const attachment = credential.authenticatorAttachment;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      ...(response.userHandle ? { userHandle: toBase64Url(response.userHandle) } : {}),
    },
    type: 'public-key',
    clientExtensionResults:
      credential.getClientExtensionResults() as AuthenticationResponseJSON['clientExtensionResults'],
    ...(attachment === 'platform' || attachment === 'cross-platform' ? { authenticatorAttachment: attachment } : {}),
  };
}

/** A host name WebAuthn can run on (https://url.spec.whatwg.org/#valid-domain, or `localhost`); IPs are not. */
export const isValidDomain = (hostname: string): boolean =>
  hostname === 'localhost' ||
  /^((xn--[a-z0-9-]+|[a-z0-9]+(-[a-z0-9]+)*)\.)+([a-z]{2,}|xn--[a-z0-9-]+)$/i.test(hostname);

/**
 * The `PayError` a failed ceremony becomes. Cancelled, timed out or aborted (`NotAllowedError`,
 * `AbortError`): `WEBAUTHN_CANCELLED`. `NotSupportedError`: `WEBAUTHN_UNSUPPORTED`. A `SecurityError`:
 * `ERROR_INVALID_DOMAIN` (the page's host is an IP or not a domain) or `ERROR_INVALID_RP_ID` (`rpId` is not
 * the page's host, or not given). `UnknownError`: `ERROR_AUTHENTICATOR_GENERAL_ERROR`. For create() only,
 * `ConstraintError`: `ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT`, `InvalidStateError` (a
 * credential in `excludeCredentials`): `ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED`. Anything else:
 * `WEBAUTHN_CANCELLED`. A `PayError` is returned as it is.
 */
export function ceremonyError(
  cause: unknown,
  kind: 'create' | 'get',
  rpId: string | undefined,
  hostname: string,
): PayError {
  if (cause instanceof PayError) return cause;
  const name = (cause as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new PayError(LocalErrorCode.WEBAUTHN_CANCELLED, 'The passkey request was cancelled or timed out', { cause });
  if (name === 'NotSupportedError')
    return new PayError(LocalErrorCode.WEBAUTHN_UNSUPPORTED, 'This authenticator cannot make the passkey', { cause });
  let code: string = LocalErrorCode.WEBAUTHN_CANCELLED;
  if (name === 'SecurityError') {
    if (!isValidDomain(hostname)) code = 'ERROR_INVALID_DOMAIN';
    else if (rpId !== hostname) code = 'ERROR_INVALID_RP_ID';
  } else if (name === 'UnknownError') code = 'ERROR_AUTHENTICATOR_GENERAL_ERROR';
  else if (kind === 'create' && name === 'ConstraintError')
    code = 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT';
  else if (kind === 'create' && name === 'InvalidStateError') code = 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
  return new PayError(code, 'The passkey request failed', { cause });
}

/** The pending ceremony's controller: a new ceremony, or `cancelCeremony`, aborts it. */
let pending: AbortController | undefined;

/** Aborts the pending ceremony, if any (it then fails with `WEBAUTHN_CANCELLED`). */
export function cancelCeremony(): void {
  pending?.abort(new DOMException('The passkey request was replaced or cancelled', 'AbortError'));
  pending = undefined;
}

/**
 * navigator.credentials.create or .get after aborting any pending ceremony, and `convert` of its credential;
 * failures as `ceremonyError` says. Nothing is awaited before the browser is called, so a click's user
 * activation still holds.
 *
 * @throws {PayError} as `ceremonyError`; `WEBAUTHN_CANCELLED` when the browser answers with no credential or
 *   one that `convert` cannot read.
 */
export async function runCeremony<T>(
  kind: 'create' | 'get',
  options: CredentialCreationOptions | CredentialRequestOptions,
  convert: (credential: PublicKeyCredential) => T,
): Promise<T> {
  cancelCeremony();
  const controller = (pending = new AbortController());
  try {
    const call = navigator.credentials[kind] as (options: object) => Promise<Credential | null>;
    const credential = await call.call(navigator.credentials, { ...options, signal: controller.signal });
    if (!credential) throw new Error('No credential');
    return convert(credential as PublicKeyCredential);
  } catch (cause) {
    const publicKey = options.publicKey as { rpId?: string; rp?: { id?: string } };
    throw ceremonyError(cause, kind, publicKey.rpId ?? publicKey.rp?.id, location.hostname);
  } finally {
    if (pending === controller) pending = undefined;
  }
}
