/**
 * The signed-retry pattern, server side, in one place for every endpoint that needs a wallet stamp
 * (wallet-protocol section 3). Leg 1 (no signature headers) is validated by the endpoint and answered
 * 202 `{payloadToSign, requestId, expiresAt[, type]}`. The retry must carry both headers, name a live
 * unused requestId of the same method and path, repeat the body byte for byte (a long first leg is kept
 * only as its SHA-256), carry a stamp that
 * verifies over that payloadToSign (high-S accepted), and be signed by a key the endpoint allows
 * right now. Failures are 401: WALLET_SIGNATURE_MISSING, REQUEST_ID_MISSING, WALLET_SIGNATURE_MALFORMED,
 * WALLET_SIGNATURE_INVALID, WALLET_SIGNATURE_BODY_MISMATCH. An endpoint may answer a signed leg with
 * another challenge (delegated keys) or keep the requestId open (export PROCESSING).
 *
 * @example
 *   return signedRequest(c, ctx, {
 *     begin: async ({ json }) => ({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', organizationId, parameters, context }),
 *     signer: (context) => sessionKeyOf(ctx, [context.accountId]),
 *     finish: async (context) => ({ status: 204 }),
 *   });
 */
import type { Context } from 'hono';
import { base64UrlEncode, sha256, utf8Encode } from '@paykit/crypto-core/encoding';
import { decodeStamp, verifyStamp, type StampSignerKey } from '@paykit/crypto-core/stamp';
import type { SandboxContext } from '../context.js';
import { ApiError, walletSignatureInvalid } from '../http/errors.js';
import { newId } from '../store/ids.js';
import type { SignedRequestRecord } from '../store/state.js';
import { parseJsonObject, type JsonObject } from '../http/validation.js';
import { iso } from '../store/views.js';

export const SIGNATURE_HEADER = 'Service-Wallet-Signature';
export const REQUEST_ID_HEADER = 'Request-Id';

export interface SignedActivity<C> {
  /** `ACTIVITY_TYPE_…` of the compact-JSON payloadToSign. */
  type: string;
  organizationId: string;
  parameters: Record<string, unknown>;
  /** A payloadToSign given verbatim instead of the compact JSON (OTP verification's JWT). */
  payloadToSign?: string;
  /** Auth endpoints add `type` to the 202: the credential type concerned. */
  credentialType?: string;
  /** Carried to the signed legs; may be updated by `finish`. */
  context: C;
}

export type SignedOutcome<C> =
  | {
      status: 200 | 201 | 204;
      body?: unknown;
      /** The requestId stays usable (export PROCESSING). */ keepOpen?: boolean;
    }
  | { next: SignedActivity<C> };

export interface SignedEndpoint<C> {
  /** Leg 1: validate the request and say what must be signed. */
  begin(request: { json: JsonObject; text: string }): Promise<SignedActivity<C>>;
  /** Which key may sign, judged on every signed leg against the state of that moment. */
  signer(context: C): (publicKey: string) => unknown;
  /** A signed leg passed every check: do the action. */
  finish(context: C, signerPublicKey: string): Promise<SignedOutcome<C>>;
}

/** The compact JSON payload `{"organizationId","parameters","timestampMs","type"}` in that key order. */
export function activityPayload(
  activity: { type: string; organizationId: string; parameters: Record<string, unknown> },
  now: number,
): string {
  return JSON.stringify({
    organizationId: activity.organizationId,
    parameters: activity.parameters,
    timestampMs: String(now),
    type: activity.type,
  });
}

/** Signer keys imported once and reused (session keys sign many requests); the oldest go past the bound. */
const signerKeys = new Map<string, Promise<StampSignerKey>>();
const MAX_SIGNER_KEYS = 1024;

/**
 * Verifies a `Service-Wallet-Signature` over `payloadToSign` and that its key is allowed.
 * Throws WALLET_SIGNATURE_MALFORMED / WALLET_SIGNATURE_INVALID; resolves with the compressed key.
 */
export async function verifyWalletSignature(
  header: string,
  payloadToSign: string,
  allowed: (publicKey: string) => unknown,
): Promise<string> {
  let publicKey: string;
  try {
    ({ publicKey } = await verifyStamp(header, payloadToSign, { keyCache: signerKeys }));
  } finally {
    for (const oldest of signerKeys.keys()) {
      if (signerKeys.size <= MAX_SIGNER_KEYS) break;
      signerKeys.delete(oldest);
    }
  }
  if (!allowed(publicKey))
    throw walletSignatureInvalid('The signing key is not an active session key allowed to approve this action');
  return publicKey;
}

const header = (c: Context, name: string): string | undefined => c.req.header(name)?.trim() || undefined;

/** True when the request carries either signed-retry header (so it is not a plain first leg). */
export const hasWalletHeaders = (c: Context): boolean =>
  header(c, SIGNATURE_HEADER) !== undefined || header(c, REQUEST_ID_HEADER) !== undefined;

export async function signedRequest<C>(
  c: Context,
  ctx: SandboxContext,
  endpoint: SignedEndpoint<C>,
): Promise<Response> {
  const stamp = header(c, SIGNATURE_HEADER);
  const requestId = header(c, REQUEST_ID_HEADER);
  if (requestId && !stamp)
    throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', `${REQUEST_ID_HEADER} was sent without ${SIGNATURE_HEADER}`);
  if (stamp && !requestId)
    throw new ApiError(401, 'REQUEST_ID_MISSING', `${SIGNATURE_HEADER} was sent without ${REQUEST_ID_HEADER}`);
  const text = await c.req.text();
  const method = c.req.method;
  const path = c.req.path;

  if (!stamp || !requestId) {
    const activity = await endpoint.begin({ json: parseJsonObject(text), text });
    return challenge(c, ctx, { method, path, bodyDigest: await digestOf(text) }, activity);
  }

  decodeStamp(stamp); // WALLET_SIGNATURE_MALFORMED before anything else is judged
  const record = ctx.state.signedRequests.get(requestId);
  if (!record) throw walletSignatureInvalid('Unknown requestId');
  if (record.used) throw walletSignatureInvalid('The requestId was already used');
  if (record.expiresAt <= ctx.config.now()) throw walletSignatureInvalid('The requestId expired');
  if (record.method !== method || record.path !== path)
    throw walletSignatureInvalid('The requestId belongs to another request');
  if (record.bodyDigest !== (await digestOf(text))) {
    throw new ApiError(
      401,
      'WALLET_SIGNATURE_BODY_MISMATCH',
      'The retry body differs from the body of the first request',
    );
  }
  const context = record.context as C;
  const signerKey = await verifyWalletSignature(stamp, record.payloadToSign, endpoint.signer(context));
  if (record.used) throw walletSignatureInvalid('The requestId was already used'); // a concurrent retry won
  record.used = true;

  let outcome: SignedOutcome<C>;
  try {
    outcome = await endpoint.finish(context, signerKey);
  } catch (error) {
    ctx.state.signedRequests.put(record);
    throw error;
  }
  if ('next' in outcome) return challenge(c, ctx, record, outcome.next);
  if (outcome.keepOpen) {
    record.used = false;
    record.expiresAt = Math.max(record.expiresAt, ctx.config.now() + ctx.config.challengeTtlMs);
  }
  ctx.state.signedRequests.put(record);
  return outcome.status === 204 ? c.body(null, 204) : c.json(outcome.body, outcome.status);
}

/** Bodies up to this many characters are kept as they are: hashing them would cost more than it saves. */
const KEPT_BODY_CHARS = 256;

/**
 * What a challenge keeps of its first leg's body for the byte-identical check: a short body itself, a
 * longer one only as its SHA-256, so a padded first leg pins 50 bytes, not its megabyte.
 */
const digestOf = async (text: string): Promise<string> =>
  text.length <= KEPT_BODY_CHARS ? `=${text}` : `sha256:${base64UrlEncode(await sha256(utf8Encode(text)))}`;

function challenge<C>(
  c: Context,
  ctx: SandboxContext,
  request: Pick<SignedRequestRecord, 'method' | 'path' | 'bodyDigest'>,
  activity: SignedActivity<C>,
): Response {
  const now = ctx.config.now();
  const record = ctx.state.signedRequests.put({
    id: newId('Request'),
    owner: activity.organizationId,
    method: request.method,
    path: request.path,
    bodyDigest: request.bodyDigest,
    payloadToSign: activity.payloadToSign ?? activityPayload(activity, now),
    expiresAt: now + ctx.config.challengeTtlMs,
    used: false,
    context: activity.context,
  });
  return c.json(
    {
      payloadToSign: record.payloadToSign,
      requestId: record.id,
      expiresAt: iso(record.expiresAt),
      ...(activity.credentialType ? { type: activity.credentialType } : {}),
    },
    202,
  );
}
