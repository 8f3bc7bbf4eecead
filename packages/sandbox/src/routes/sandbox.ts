/**
 * Sandbox-only endpoints: crediting a wallet (a settled deposit's stand-in) and publishing the enclave
 * key clients pin for OTP and export bundles.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { requireAccount } from '../store/lookups.js';
import { Fields, MAX_AMOUNT, parseJsonObject } from '../http/validation.js';
import { toAccount } from '../store/views.js';

export function sandboxRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/sandbox/internal-accounts/:id/fund', async (c) => {
    const account = requireAccount(ctx, c.req.param('id'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const amount = f.integer('amount', { required: true, min: 1, max: MAX_AMOUNT });
    f.done();
    if (account.balance + amount! > Number.MAX_SAFE_INTEGER) f.fail('amount', 'would overflow the balance');
    f.done();
    account.balance += amount!;
    account.updatedAt = ctx.config.now();
    return c.json(toAccount(ctx.state.accounts.put(account)));
  });

  app.get('/sandbox/enclave-keys', (c) => c.json({ signers: [ctx.enclave.publicKey] }));

  return app;
}
