/**
 * External accounts of customers (`/customers/external-accounts`): register, list, get, delete, and the
 * ownership verification of a FIRST_PARTY self-custody wallet (no `vaspName`), which starts
 * PENDING_OWNERSHIP_VERIFICATION. `challenge` (201) answers a `messageToSign` (WALLET_SIGNATURE, for EVM
 * and Solana wallets) or a `verificationLink` with its embed `token` (LIVENESS, a page on the sandbox's
 * second origin, liveness-page.ts) and an `expiresAt`; a new challenge replaces the one in flight and
 * brings an UNVERIFIED account back to PENDING_OWNERSHIP_VERIFICATION. `verify` takes the signature over
 * the message exactly as returned, before `expiresAt`: valid → ACTIVE (200); invalid or late → 400 and
 * UNVERIFIED (start again). LIVENESS completes asynchronously: poll the account.
 * Bank accounts get a beneficiary name verification from their identifier's suffix: 102 NOT_MATCHED,
 * 103 PARTIAL_MATCH, 104 PENDING, 105 400 INVALID_BANK_ACCOUNT, 106 UNSUPPORTED, 107
 * CHECKED_BY_RECEIVING_FI, other MATCHED.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField, invalidInput } from '../http/errors.js';
import { newId, randomToken } from '../store/ids.js';
import { DEFAULT_PAYMENT_RAIL } from '../money/payment-rails.js';
import { toExternalAccount } from '../money/views.js';
import { paginate } from '../http/pagination.js';
import type { ExternalAccountRecord } from '../store/state.js';
import { Fields, isObject, parseJsonObject } from '../http/validation.js';
import { iso } from '../store/views.js';
import { EVM_WALLETS, SOLANA_WALLETS, base58Decode, verifyOwnershipSignature } from '../money/wallet-ownership.js';

const IDENTIFIER_FIELDS = ['accountNumber', 'iban', 'clabe', 'address', 'lightningAddress', 'invoice', 'bolt12'];
const NAME_CHECKS: Record<string, string> = {
  '102': 'NOT_MATCHED',
  '103': 'PARTIAL_MATCH',
  '104': 'PENDING',
  '106': 'UNSUPPORTED',
  '107': 'CHECKED_BY_RECEIVING_FI',
};

const isWallet = (accountType: string): boolean => accountType.endsWith('_WALLET');

function requireExternalAccount(ctx: SandboxContext, id: string): ExternalAccountRecord {
  const account = ctx.state.externalAccounts.get(id);
  if (!account) throw new ApiError(404, 'REFERENCE_NOT_FOUND', 'The external account was not found');
  return account;
}

/** A wallet address the sandbox can check a signature against, or why not. */
function addressProblem(accountType: string, address: string): string | undefined {
  if (EVM_WALLETS.includes(accountType) && !/^0x[0-9a-fA-F]{40}$/.test(address))
    return 'must be a 0x-prefixed 20-byte hex address';
  if (SOLANA_WALLETS.includes(accountType)) {
    try {
      if (base58Decode(address).length !== 32) return 'must be a base58 32-byte Solana address';
    } catch {
      return 'must be a base58 32-byte Solana address';
    }
  }
  return undefined;
}

function beneficiaryName(accountInfo: Record<string, unknown>): string | undefined {
  const b = accountInfo['beneficiary'];
  if (!isObject(b)) return undefined;
  const name = b['fullName'] ?? b['legalName'];
  return typeof name === 'string' ? name : undefined;
}

export function externalAccountRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/customers/external-accounts', async (c) => {
    const f = new Fields(parseJsonObject(await c.req.text()));
    const customerId = f.string('customerId', { required: true });
    const currencyCode = f.string('currency', { required: true, pattern: '^[A-Z0-9]{3,5}$' });
    const platformAccountId = f.string('platformAccountId', { maxLength: 255 });
    const ownershipType = f.string('ownershipType', { enum: ['FIRST_PARTY', 'THIRD_PARTY'] }) as
      ExternalAccountRecord['ownershipType'] | undefined;
    f.boolean('defaultUmaDepositAccount');
    const info = f.object('accountInfo', { required: true });
    const accountType = info?.string('accountType', { required: true, pattern: '^[A-Z0-9_]+$' });
    const identifierField = IDENTIFIER_FIELDS.find((name) => info?.has(name));
    const identifier = identifierField ? info?.string(identifierField, { required: true, maxLength: 200 }) : undefined;
    if (info && !identifierField) info.fail('accountNumber', 'or another account identifier is required');
    if (accountType && identifier && addressProblem(accountType, identifier))
      info?.fail(identifierField!, addressProblem(accountType, identifier)!);
    f.done();
    if (!ctx.state.customers.get(customerId!)) throw invalidField('customerId', 'is not a customer');
    // The OpenAPI's 409 "External account already exists": the customer's account of this type and identifier
    const same = (a: ExternalAccountRecord) =>
      a.customerId === customerId && a.accountInfo['accountType'] === accountType && a.identifier === identifier;
    const existing = ctx.state.externalAccounts.list(same)[0];
    if (existing)
      throw conflict('The customer already has this external account', 'CONFLICT', { externalAccountId: existing.id });

    const accountInfo: Record<string, unknown> = { ...info!.body };
    const rail = DEFAULT_PAYMENT_RAIL[accountType!];
    if (rail && accountInfo['paymentRails'] === undefined) accountInfo['paymentRails'] = [rail];
    const wallet = isWallet(accountType!);
    const selfCustody = wallet && ownershipType === 'FIRST_PARTY' && accountInfo['vaspName'] === undefined;
    let nameCheck: Pick<ExternalAccountRecord, 'beneficiaryVerificationStatus' | 'beneficiaryVerifiedData'> = {};
    if (!wallet && beneficiaryName(accountInfo) !== undefined) {
      const suffix = identifier!.slice(-3);
      if (suffix === '105')
        throw new ApiError(400, 'INVALID_BANK_ACCOUNT', 'The receiving bank reports the account as invalid');
      const status = NAME_CHECKS[suffix] ?? 'MATCHED';
      const name = beneficiaryName(accountInfo)!;
      nameCheck = {
        beneficiaryVerificationStatus: status,
        ...(status === 'MATCHED' ? { beneficiaryVerifiedData: { fullName: name } } : {}),
        ...(status === 'PARTIAL_MATCH' ? { beneficiaryVerifiedData: { fullName: name.toUpperCase() + ' JR' } } : {}),
      };
    }
    const now = ctx.config.now();
    const record = ctx.state.externalAccounts.put({
      id: newId('ExternalAccount'),
      customerId: customerId!,
      status: selfCustody ? 'PENDING_OWNERSHIP_VERIFICATION' : 'ACTIVE',
      currency: currencyCode!,
      accountInfo,
      identifier: identifier!,
      ...(ownershipType ? { ownershipType } : {}),
      ...(platformAccountId !== undefined ? { platformAccountId } : {}),
      ...nameCheck,
      createdAt: now,
      updatedAt: now,
    });
    return c.json(toExternalAccount(record), 201);
  });

  app.get('/customers/external-accounts', (c) => {
    const { customerId, currency } = c.req.query();
    const items = ctx.state.externalAccounts.list(
      (a) => (!customerId || a.customerId === customerId) && (!currency || a.currency === currency),
    );
    return c.json(paginate(c, items, toExternalAccount));
  });

  app.get('/customers/external-accounts/:id', (c) =>
    c.json(toExternalAccount(requireExternalAccount(ctx, c.req.param('id')))),
  );

  app.delete('/customers/external-accounts/:id', (c) => {
    const account = requireExternalAccount(ctx, c.req.param('id'));
    if (account.trusted)
      throw conflict('The account is a trusted beneficiary: untrust it first', 'BENEFICIARY_TRUSTED');
    ctx.state.externalAccounts.delete(account.id);
    return c.body(null, 204);
  });

  app.post('/customers/external-accounts/:id/challenge', async (c) => {
    const account = requireExternalAccount(ctx, c.req.param('id'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const method = f.string('method', { required: true, enum: ['WALLET_SIGNATURE', 'LIVENESS'] }) as
      'WALLET_SIGNATURE' | 'LIVENESS' | undefined;
    f.done();
    const accountType = String(account.accountInfo['accountType']);
    if (
      !isWallet(accountType) ||
      account.ownershipType !== 'FIRST_PARTY' ||
      account.accountInfo['vaspName'] !== undefined ||
      account.status === 'ACTIVE'
    )
      throw conflict(
        'Ownership verification applies only to a FIRST_PARTY self-custody wallet that is not yet verified',
        'CONFLICT',
        { status: account.status },
      );
    if (method === 'WALLET_SIGNATURE' && !EVM_WALLETS.includes(accountType) && !SOLANA_WALLETS.includes(accountType))
      throw invalidInput([
        fieldError('method', `WALLET_SIGNATURE is not available for ${accountType} in the sandbox; use LIVENESS`),
      ]);
    const now = ctx.config.now();
    const expiresAt = now + ctx.config.challengeTtlMs;
    const challenge: NonNullable<ExternalAccountRecord['challenge']> =
      method === 'WALLET_SIGNATURE'
        ? {
            method,
            messageToSign:
              `I verify that I control this wallet.\nAddress: ${account.identifier}\n` +
              `Nonce: ${crypto.randomUUID()}\nIssued at: ${iso(now)}`,
            expiresAt,
          }
        : { method: 'LIVENESS', token: randomToken(), expiresAt };
    ctx.state.externalAccounts.put({ ...account, status: 'PENDING_OWNERSHIP_VERIFICATION', challenge, updatedAt: now });
    return c.json(
      challenge.method === 'WALLET_SIGNATURE'
        ? { method: challenge.method, messageToSign: challenge.messageToSign, expiresAt: iso(expiresAt) }
        : {
            method: challenge.method,
            verificationLink: `${ctx.config.panOrigin}/liveness/${challenge.token}`,
            token: challenge.token,
            expiresAt: iso(expiresAt),
          },
      201,
    );
  });

  app.post('/customers/external-accounts/:id/verify', async (c) => {
    const account = requireExternalAccount(ctx, c.req.param('id'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const signature = f.string('signature', { required: true, maxLength: 1000 });
    f.string('signatureScheme', { enum: ['bip137', 'electrum'] });
    f.done();
    const { challenge } = account;
    if (account.status !== 'PENDING_OWNERSHIP_VERIFICATION' || challenge?.method !== 'WALLET_SIGNATURE')
      throw conflict('No WALLET_SIGNATURE challenge is outstanding: start one first', 'CONFLICT', {
        status: account.status,
      });
    const now = ctx.config.now();
    const expired = challenge.expiresAt <= now;
    const valid =
      !expired &&
      verifyOwnershipSignature(
        String(account.accountInfo['accountType']),
        account.identifier,
        challenge.messageToSign!,
        signature!,
      );
    const updated: ExternalAccountRecord = { ...account, status: valid ? 'ACTIVE' : 'UNVERIFIED', updatedAt: now };
    delete updated.challenge;
    ctx.state.externalAccounts.put(updated);
    if (!valid)
      throw new ApiError(
        400,
        'INVALID_INPUT',
        expired
          ? 'The challenge expired; the account is UNVERIFIED: start a new challenge'
          : 'The signature does not prove control of this wallet; the account is UNVERIFIED: start a new challenge',
        { reason: expired ? 'CHALLENGE_EXPIRED' : 'SIGNATURE_INVALID', status: 'UNVERIFIED' },
      );
    return c.json(toExternalAccount(updated));
  });

  return app;
}
