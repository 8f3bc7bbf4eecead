/**
 * The wallet's own signed actions, as functions that take the `WalletClient` first: `exportWallet` (the
 * recovery phrase, opened only when bound to this wallet), `setWalletPrivacy`, `createDelegatedKey`,
 * `getActiveDelegatedKey`. Free
 * functions rather than client methods so that a page ships only the flows it calls.
 *
 * @example
 *   import { exportWallet, setWalletPrivacy } from '@paykit/crypto-core';
 *   await setWalletPrivacy(client, true);
 *   const words = await exportWallet(client); // never log the words
 */
import { orRealState } from './already-done.js';
import { invalidArgument } from './args.js';
import type { WalletClient } from './client.js';
import { internals, request, requireSession } from './client-internals.js';
import { LocalErrorCode, PayError } from './errors.js';
import { createExportKey, decryptExportBundle } from './export.js';
import { enc, unexpected } from './http.js';
import type { DelegatedKey, InternalAccount, ListResponse, ServiceRequestBody } from './resources.js';

/**
 * Exports the wallet's mnemonic: a fresh export key, the signed request, resends while the service
 * answers PROCESSING, then verifies and opens the bundle. The key is discarded afterwards.
 * The answer must be bound to this wallet, or it is refused with `EXPORT_UNBOUND` before anything is
 * opened: it answers the signed leg of a challenge the session key stamped (a 200 to an unsigned first
 * leg is refused), that challenge names the export key and an organization, the answer names the
 * account, and the enclave-signed bundle names the same organization.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client); `NO_SESSION` (no live session), `KEY_NOT_FOUND`,
 *   `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`; `EXPORT_UNBOUND`; `EXPORT_TIMEOUT`; `BUNDLE_SIGNATURE_INVALID`;
 *   `DECRYPTION_FAILED`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED`.
 */
export async function exportWallet(
  client: WalletClient,
  params: { accountId?: string; onProcessing?: () => void; signal?: AbortSignal } = {},
): Promise<string> {
  const current = requireSession(client);
  const { key: sessionKey, signed, signers, options } = internals(client);
  const accountId = params?.accountId ?? current.accountId;
  const key = await sessionKey(current);
  const exportKey = await createExportKey();
  let stamped: string | undefined;
  // The engine shows pollWhile every 2xx answer to a signed leg, and only those: the last one it saw,
  // with the payload stamped for it, is what a bound answer must be.
  let answered: unknown;
  let bound: string | undefined;
  const result = await signed<{ id?: unknown; encryptedWalletCredentials?: string }>({
    method: 'POST',
    path: `/internal-accounts/${enc(accountId)}/export`,
    body: { clientPublicKey: exportKey.publicKey } satisfies ServiceRequestBody<'exportInternalAccount'>,
    stamper: { stamp: (payload) => key.stamp((stamped = payload)) },
    pollWhile: (res) => {
      answered = res.body;
      bound = stamped;
      const processing = (res.body as { status?: string } | undefined)?.status === 'PROCESSING';
      if (processing) params?.onProcessing?.();
      return processing;
    },
    signal: params?.signal,
  });
  const organizationId = bound && answered === result.body ? exportOrganization(bound, exportKey.publicKey) : undefined;
  if (organizationId === undefined || result.body?.id !== accountId) {
    throw new PayError(LocalErrorCode.EXPORT_UNBOUND, 'The export is not bound to this wallet');
  }
  const bundle = result.body.encryptedWalletCredentials;
  if (typeof bundle !== 'string') throw unexpected('encryptedWalletCredentials');
  return decryptExportBundle({
    encryptedWalletCredentials: bundle,
    exportKey,
    trustedSigners: signers.export,
    allowUnsigned: options.allowUnsignedExports === true,
    organizationId,
  });
}

/**
 * `PATCH /internal-accounts/{id}` `{privateEnabled}` (signed retry).
 *
 * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`,
 *   `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED`.
 */
export async function setWalletPrivacy(
  client: WalletClient,
  privateEnabled: boolean,
  accountId?: string,
): Promise<InternalAccount> {
  if (typeof privateEnabled !== 'boolean') throw invalidArgument('Invalid privateEnabled');
  const current = requireSession(client);
  return request<InternalAccount>(client, 'PATCH', `/internal-accounts/${enc(accountId ?? current.accountId)}`, {
    body: { privateEnabled } satisfies ServiceRequestBody<'updateInternalAccount'>,
    signed: true,
  });
}

/**
 * `POST /auth/delegated-keys`: three legs (202, 202, 201), same body throughout. Safe to call again after
 * a lost answer: a 409 when the card's ACTIVE key exists already reads the keys and answers that one.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`,
 *   `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED`.
 */
export async function createDelegatedKey(
  client: WalletClient,
  params: { cardId: string; nickname?: string; internalAccountId?: string },
): Promise<DelegatedKey> {
  if (!params?.cardId) throw invalidArgument('Invalid cardId');
  const current = requireSession(client);
  const fundingSourceId = params.internalAccountId ?? current.accountId;
  // the key exists already (the answer of an earlier try's last leg was lost, or another tab): that key
  return orRealState(
    request<DelegatedKey>(client, 'POST', '/auth/delegated-keys', {
      body: {
        cardId: params.cardId,
        internalAccountId: fundingSourceId,
        nickname: params.nickname ?? 'Card spending key',
      } satisfies ServiceRequestBody<'createDelegatedKey'>,
      signed: true,
    }),
    (error) => error.status === 409,
    () => getActiveDelegatedKey(client, { cardId: params.cardId, fundingSourceId }),
  );
}

/**
 * The card's ACTIVE delegated key on a funding wallet (`GET /auth/delegated-keys?accountId=`: a key's
 * `fundingSourceId` names the card's funding source, not the wallet; the signed-in wallet by default), or `undefined`: what a caller reads after a creation whose answer was lost.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no funding source given and no live session); the
 *   service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function getActiveDelegatedKey(
  client: WalletClient,
  params: { cardId: string; fundingSourceId?: string },
): Promise<DelegatedKey | undefined> {
  if (!params?.cardId) throw invalidArgument('Invalid cardId');
  const fundingSourceId = params.fundingSourceId ?? requireSession(client).accountId;
  const keys = await request<ListResponse<DelegatedKey>>(client, 'GET', '/auth/delegated-keys', {
    query: { accountId: fundingSourceId },
  });
  return keys.data?.find((k) => k.cardId === params.cardId && k.status === 'ACTIVE');
}

/**
 * The organization an export challenge names, when it is the activity JSON (`{organizationId,
 * parameters, …}`) and its parameters name `exportPublicKey` (the service binds the key into the payload).
 */
function exportOrganization(payloadToSign: string, exportPublicKey: string): string | undefined {
  try {
    const { organizationId, parameters } = JSON.parse(payloadToSign) as {
      organizationId?: unknown;
      parameters?: Record<string, unknown>;
    };
    return typeof organizationId === 'string' &&
      organizationId &&
      Object.values(parameters ?? {}).includes(exportPublicKey)
      ? organizationId
      : undefined;
  } catch {
    return undefined;
  }
}
