/**
 * Embedded-wallet provisioning: every customer gets one EMBEDDED_WALLET internal account on creation,
 * with its own sub-organization, a sandbox mnemonic (what export returns) and one EMAIL_OTP credential
 * on the customer's email. The mnemonic is 12 words drawn from a fixed list of 128 BIP-39 English words:
 * real-looking, but its checksum is not valid BIP-39 and it controls nothing.
 *
 * @example
 *   const { account, credential } = provisionWallet(ctx, customer);
 */
import { randomBytes } from '@paykit/crypto-core/encoding';
import type { SandboxContext } from '../context.js';
import { newId, providerId } from '../store/ids.js';
import type { AccountRecord, CredentialRecord, CustomerRecord } from '../store/state.js';

const WORDS = (
  'abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid ' +
  'acoustic acquire across action actor actress actual adapt address adjust admit adult advance advice aerobic affair ' +
  'baby bacon badge balance balcony bamboo banana banner barely bargain barrel basket battle beach beauty become ' +
  'cabbage cabin cable cactus camera canal candy canoe canvas canyon capable capital captain carbon cargo carpet ' +
  'dawn decade decide define degree delay deliver denial depart depth deputy desert design detail device diamond ' +
  'eager eagle early earth easily echo ecology economy edge effort eight either elbow elder electric elegant element ' +
  'fabric faculty faith family famous fancy fantasy fashion father fatigue fault feature february federal fence festival ' +
  'gadget galaxy gallery garden garlic gather gauge general genius gentle giant ginger giraffe glance glass'
).split(' ');

/** 12 words from the fixed list (each word picks one of 128 by 7 random bits). */
export function sandboxMnemonic(): string {
  return Array.from(randomBytes(12), (b) => WORDS[b & 127]!).join(' ');
}

export function provisionWallet(
  ctx: SandboxContext,
  customer: CustomerRecord,
): { account: AccountRecord; credential: CredentialRecord } {
  const now = ctx.config.now();
  const account = ctx.state.accounts.put({
    id: newId('InternalAccount'),
    customerId: customer.id,
    type: 'EMBEDDED_WALLET',
    currency: customer.currencies?.[0] ?? 'USD',
    balance: 0,
    privateEnabled: false,
    organizationId: providerId('org'),
    userId: providerId('user'),
    mnemonic: sandboxMnemonic(),
    createdAt: now,
    updatedAt: now,
  });
  const credential = ctx.state.credentials.put({
    id: newId('AuthMethod'),
    accountId: account.id,
    type: 'EMAIL_OTP',
    nickname: customer.email!,
    email: customer.email!,
    createdAt: now,
    updatedAt: now,
  });
  return { account, credential };
}

/** The embedded wallets of a customer. */
export const walletsOf = (ctx: SandboxContext, customerId: string): AccountRecord[] =>
  ctx.state.accounts.list((a) => a.customerId === customerId);
