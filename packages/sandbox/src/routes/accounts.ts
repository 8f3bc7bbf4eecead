/**
 * Internal accounts (embedded wallets): list, the privacy switch and wallet export, the last two as
 * signed retries signed by a session of that wallet. Export seals the wallet's mnemonic to the
 * request's uncompressed `clientPublicKey` with the HPKE profile and wraps it in the enclave envelope
 * (signed, or the unsigned sandbox form with `unsignedExports`). A wallet whose customer's
 * platformCustomerId ends in `-slow-export` answers `{id, status: "PROCESSING"}` for `exportDelayMs`
 * after its first signed leg; the byte-identical signed leg may be resent until the bundle is delivered.
 */
import { Hono } from 'hono';
import { bytesToHex, hexToBytes, utf8Encode } from '@paykit/crypto-core/encoding';
import { hpkeSeal } from '@paykit/crypto-core/hpke';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { requireAccount, requireCustomer } from '../store/lookups.js';
import { paginate } from '../http/pagination.js';
import { signedRequest } from '../wallet/signed-retry.js';
import type { AccountRecord } from '../store/state.js';
import { Fields, UNCOMPRESSED_KEY, lowerHex, pointProblem } from '../http/validation.js';
import { toAccount } from '../store/views.js';
import { sessionKeyOf } from '../wallet/wallet-sessions.js';

export const SLOW_EXPORT_SUFFIX = '-slow-export';

export function accountRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/customers/internal-accounts', (c) => {
    // An unknown customer has no accounts: an empty page (the OpenAPI declares no 404 here).
    const { customerId, type, currency } = c.req.query();
    const items = ctx.state.accounts.list(
      (a) =>
        (customerId === undefined || a.customerId === customerId) &&
        (type === undefined || a.type === type) &&
        (currency === undefined || a.currency === currency),
    );
    return c.json(paginate(c, items, toAccount));
  });

  app.patch('/internal-accounts/:id', (c) => {
    const account = requireAccount(ctx, c.req.param('id'));
    return signedRequest<{ privateEnabled: boolean }>(c, ctx, {
      async begin({ json }) {
        const f = new Fields(json);
        const privateEnabled = f.boolean('privateEnabled', { required: true });
        f.done();
        return {
          type: 'ACTIVITY_TYPE_UPDATE_WALLET',
          organizationId: account.organizationId,
          parameters: { walletId: account.id, privateEnabled: privateEnabled! },
          context: { privateEnabled: privateEnabled! },
        };
      },
      signer: () => sessionKeyOf(ctx, [account.id]),
      async finish({ privateEnabled }) {
        account.privateEnabled = privateEnabled;
        account.updatedAt = ctx.config.now();
        return { status: 200, body: toAccount(ctx.state.accounts.put(account)) };
      },
    });
  });

  app.post('/internal-accounts/:id/export', (c) => {
    const account = requireAccount(ctx, c.req.param('id'));
    return signedRequest<{ clientPublicKey: string; readyAt?: number }>(c, ctx, {
      async begin({ json }) {
        const f = new Fields(json);
        const clientPublicKey = lowerHex(
          f.string('clientPublicKey', { required: true, pattern: UNCOMPRESSED_KEY, check: pointProblem }),
        );
        f.done();
        return {
          type: 'ACTIVITY_TYPE_EXPORT_WALLET',
          organizationId: account.organizationId,
          parameters: { walletId: account.id, targetPublicKey: clientPublicKey! },
          context: { clientPublicKey: clientPublicKey! },
        };
      },
      signer: () => sessionKeyOf(ctx, [account.id]),
      async finish(context) {
        const now = ctx.config.now();
        if (requireCustomer(ctx, account.customerId).platformCustomerId.endsWith(SLOW_EXPORT_SUFFIX)) {
          context.readyAt ??= now + ctx.config.exportDelayMs;
          if (now < context.readyAt)
            return { status: 200, body: { id: account.id, status: 'PROCESSING' }, keepOpen: true };
        }
        return {
          status: 200,
          body: {
            id: account.id,
            encryptedWalletCredentials: await exportBundle(ctx, account, context.clientPublicKey),
          },
        };
      },
    });
  });

  return app;
}

async function exportBundle(ctx: SandboxContext, account: AccountRecord, clientPublicKey: string): Promise<string> {
  const sealed = await hpkeSeal({
    recipientPublicKey: hexToBytes(clientPublicKey),
    plaintext: utf8Encode(account.mnemonic),
  });
  return ctx.enclave.envelope(
    {
      encappedPublic: bytesToHex(sealed.encappedPublic),
      ciphertext: bytesToHex(sealed.ciphertext),
      organizationId: account.organizationId,
    },
    { unsigned: ctx.config.unsignedExports },
  );
}
