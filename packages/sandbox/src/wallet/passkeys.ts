/**
 * Passkeys verified for real with @simplewebauthn/server: registration (ES256 only, user verification
 * required, the challenge the client chose and sent in the body) and assertions (credential id,
 * challenge, origin, RP id, user presence and verification, signature, counter). The origin comes from
 * clientDataJSON and must pass the configured allowed-origins policy. Also the canonical
 * session-creation body whose SHA-256 is a passkey login challenge.
 *
 * @example
 *   const passkey = await verifyPasskeyRegistration(ctx, challenge, attestation); // throws INVALID_INPUT
 *   const result = await verifyPasskeyAssertion(ctx, passkey, assertionJson, expectedChallenge);
 */
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { base64UrlDecode, bytesToHex, sha256, utf8Decode, utf8Encode } from '@paykit/crypto-core/encoding';
import type { SandboxContext } from '../context.js';
import { invalidField } from '../http/errors.js';
import { activityPayload } from './signed-retry.js';
import type { CredentialRecord } from '../store/state.js';
import { isObject } from '../http/validation.js';

type Passkey = NonNullable<CredentialRecord['passkey']>;
const ES256 = -7;

interface SessionCreation {
  organizationId: string;
  userId: string;
  publicKey: string;
  expirationSeconds: number;
}

/** The session-creation activity a passkey login or a refresh approves: it binds the new session key. */
export function sessionCreationActivity(params: SessionCreation): {
  type: string;
  organizationId: string;
  parameters: Record<string, unknown>;
} {
  return {
    type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    organizationId: params.organizationId,
    parameters: {
      apiKeys: [
        {
          apiKeyName: 'session',
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: String(params.expirationSeconds),
          publicKey: params.publicKey,
        },
      ],
      userId: params.userId,
    },
  };
}

/** Its canonical compact JSON; a passkey login challenge is the SHA-256 of it. */
export const sessionCreationBody = (params: SessionCreation & { timestampMs: number }): string =>
  activityPayload(sessionCreationActivity(params), params.timestampMs);

export const sha256Hex = async (text: string): Promise<string> => bytesToHex(await sha256(utf8Encode(text)));

/** The `origin` member of a base64url clientDataJSON, when there is one. */
export function clientDataOrigin(clientDataJson: unknown): string | undefined {
  try {
    const data = JSON.parse(utf8Decode(base64UrlDecode(String(clientDataJson))));
    return isObject(data) && typeof data['origin'] === 'string' ? data['origin'] : undefined;
  } catch {
    return undefined;
  }
}

function allowedOrigin(ctx: SandboxContext, clientDataJson: unknown): string {
  const origin = clientDataOrigin(clientDataJson);
  if (!origin) throw new Error('clientDataJSON has no origin');
  if (!ctx.config.isAllowedOrigin(origin)) throw new Error(`origin ${origin} is not an allowed origin`);
  return origin;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : 'verification failed');

/**
 * Verifies a registration `{credentialId, clientDataJson, attestationObject, transports}` against the
 * base64url `challenge` from the same body. Throws 400 INVALID_INPUT naming the failed check.
 */
export async function verifyPasskeyRegistration(
  ctx: SandboxContext,
  challenge: string,
  attestation: Record<string, unknown>,
): Promise<Passkey> {
  const { credentialId, clientDataJson, attestationObject } = attestation;
  const transports = Array.isArray(attestation['transports'])
    ? attestation['transports'].filter((t): t is string => typeof t === 'string')
    : [];
  try {
    if (
      typeof credentialId !== 'string' ||
      typeof clientDataJson !== 'string' ||
      typeof attestationObject !== 'string'
    ) {
      throw new Error('credentialId, clientDataJson and attestationObject must be base64url strings');
    }
    const result = await verifyRegistrationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: { clientDataJSON: clientDataJson, attestationObject, transports: transports as never },
        clientExtensionResults: {},
      },
      expectedChallenge: challenge,
      expectedOrigin: allowedOrigin(ctx, clientDataJson),
      expectedRPID: ctx.config.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: [ES256],
    });
    if (!result.verified) throw new Error('the attestation did not verify');
    const { credential } = result.registrationInfo;
    if (credential.id !== credentialId) throw new Error('credentialId differs from the authenticator data');
    return { credentialId, publicKey: credential.publicKey, counter: credential.counter, transports };
  } catch (error) {
    throw invalidField('attestation', `was rejected: ${reason(error)}`);
  }
}

/**
 * Verifies a WebAuthn assertion (AuthenticationResponseJSON) made by `passkey`. On success the stored
 * counter advances. Resolves `{ok: false, reason}` rather than throwing: callers answer 401 or 400.
 */
export async function verifyPasskeyAssertion(
  ctx: SandboxContext,
  passkey: Passkey,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  expectedOrigin?: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    if (response.id !== passkey.credentialId) throw new Error('the assertion is from another credential');
    const origin = allowedOrigin(ctx, response.response?.clientDataJSON);
    if (expectedOrigin !== undefined && origin !== expectedOrigin)
      throw new Error('origin differs from the assertion origin');
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: ctx.config.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('the signature does not verify');
    passkey.counter = result.authenticationInfo.newCounter;
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `Passkey assertion rejected: ${reason(error)}` };
  }
}

/** The service's assertion body fields to the WebAuthn JSON the verifier takes. */
export function assertionJson(assertion: Record<string, unknown>): AuthenticationResponseJSON {
  const { credentialId, clientDataJson, authenticatorData, signature, userHandle } = assertion;
  return {
    id: String(credentialId),
    rawId: String(credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: String(clientDataJson),
      authenticatorData: String(authenticatorData),
      signature: String(signature),
      ...(typeof userHandle === 'string' ? { userHandle } : {}),
    },
    clientExtensionResults: {},
  };
}
