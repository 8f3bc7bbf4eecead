/**
 * `POST /crypto/estimate-withdrawal-fee`: the network and application fees of a withdrawal from a
 * crypto internal account to a blockchain address. The sandbox estimates USDC withdrawals on the
 * networks of `NETWORK_FEES` (fixed figures, no application fee); another currency or network is
 * 400 INVALID_INPUT, an amount not above the fee is 400, an unknown internal account 404.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { invalidField } from '../http/errors.js';
import { Fields, MAX_AMOUNT, parseJsonObject } from '../http/validation.js';
import { requireAccount } from '../store/lookups.js';

/** Per network: the raw fee in its own asset's smallest unit, and that fee in micro-USDC. */
export const NETWORK_FEES: Readonly<Record<string, { networkFee: number; networkFeeAsset: string; usdc: number }>> = {
  SOLANA: { networkFee: 5_000, networkFeeAsset: 'SOL', usdc: 5_000 },
  BASE: { networkFee: 2_000_000_000_000, networkFeeAsset: 'ETH', usdc: 10_000 },
  POLYGON: { networkFee: 3_000_000_000_000_000, networkFeeAsset: 'POL', usdc: 3_000 },
  ETHEREUM: { networkFee: 420_000_000_000_000, networkFeeAsset: 'ETH', usdc: 1_500_000 },
};

export function withdrawalFeeRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.post('/crypto/estimate-withdrawal-fee', async (c) => {
    const f = new Fields(parseJsonObject(await c.req.text()));
    const accountId = f.string('internalAccountId', { required: true, minLength: 1 });
    f.string('currency', { required: true, enum: ['USDC'] });
    const network = f.string('cryptoNetwork', { required: true, enum: Object.keys(NETWORK_FEES) });
    const amount = f.integer('amount', { required: true, min: 1, max: MAX_AMOUNT });
    f.string('destinationAddress', { required: true, minLength: 1 });
    f.done();
    requireAccount(ctx, accountId!);
    const fee = NETWORK_FEES[network!]!;
    if (amount! <= fee.usdc) throw invalidField('amount', 'does not cover the withdrawal fee');
    return c.json({
      networkFee: fee.networkFee,
      networkFeeAsset: fee.networkFeeAsset,
      applicationFee: 0,
      totalFee: fee.usdc,
      netAmount: amount! - fee.usdc,
    });
  });
  return app;
}
