/**
 * Records to API resources: the only place that decides which fields leave the sandbox. Internal
 * fields (session public keys, mnemonics, PANs, OTP target keys) never appear here.
 *
 * @example
 *   return c.json(toCustomer(record), 201);
 */
import type {
  AccountRecord,
  CardRecord,
  CredentialRecord,
  CustomerRecord,
  DelegatedKeyRecord,
  QuoteRecord,
  ScaChallengeRecord,
  SessionRecord,
} from './state.js';

export const iso = (ms: number): string => new Date(ms).toISOString();

const CURRENCIES: Record<string, { name: string; symbol: string; decimals: number }> = {
  USD: { name: 'United States Dollar', symbol: '$', decimals: 2 },
  EUR: { name: 'Euro', symbol: '€', decimals: 2 },
  GBP: { name: 'Pound Sterling', symbol: '£', decimals: 2 },
  MXN: { name: 'Mexican Peso', symbol: '$', decimals: 2 },
  USDC: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
};

export function currency(code: string): { code: string; name: string; symbol: string; decimals: number } {
  return { code, ...(CURRENCIES[code] ?? { name: code, symbol: code, decimals: 2 }) };
}

export const CARD_CAPABILITIES = Object.freeze({
  supportsSpendLimits: true,
  supportsTransactionCountLimit: true,
  supportsPanReveal: true,
});

/** `identifier` (a tax id) is write-only: accepted on create and update, never echoed. */
function withoutWriteOnly(profile: Record<string, unknown>): Record<string, unknown> {
  const { identifier: _identifier, ...rest } = profile;
  return rest;
}

export function toCustomer(r: CustomerRecord): Record<string, unknown> {
  return {
    id: r.id,
    platformCustomerId: r.platformCustomerId,
    customerType: r.customerType,
    ...withoutWriteOnly(r.profile),
    ...(r.fullName !== undefined ? { fullName: r.fullName } : {}),
    ...(r.region !== undefined ? { region: r.region } : {}),
    ...(r.currencies !== undefined ? { currencies: r.currencies } : {}),
    ...(r.email !== undefined ? { email: r.email } : {}),
    ...(r.phoneNumber !== undefined ? { phoneNumber: r.phoneNumber } : {}),
    umaAddress: r.umaAddress,
    ...(r.kycStatus ? { kycStatus: r.kycStatus } : {}),
    ...(r.kybStatus ? { kybStatus: r.kybStatus } : {}),
    ...(r.contactVerification ? { contactVerification: { ...r.contactVerification } } : {}),
    isDeleted: false,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** What a deposit into the wallet would have its owner sign (compact JSON, as every payloadToSign). */
function fundingPayload(r: AccountRecord): string {
  return JSON.stringify({
    organizationId: r.organizationId,
    parameters: { walletId: r.id },
    timestampMs: String(r.updatedAt),
    type: 'ACTIVITY_TYPE_FUND_WALLET',
  });
}

export function toAccount(r: AccountRecord): Record<string, unknown> {
  return {
    id: r.id,
    customerId: r.customerId,
    type: r.type,
    status: 'ACTIVE',
    balance: { amount: r.balance, currency: currency(r.currency) },
    // No holds or pending credits in the sandbox: the total equals the available balance.
    totalBalance: { amount: r.balance, currency: currency(r.currency) },
    privateEnabled: r.privateEnabled,
    cardCapabilities: CARD_CAPABILITIES,
    fundingPaymentInstructions: [
      {
        instructionsNotes: `Sandbox: credit this wallet with POST /sandbox/internal-accounts/${r.id}/fund`,
        accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: fundingPayload(r) },
      },
    ],
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export function toAuthMethod(r: CredentialRecord): Record<string, unknown> {
  return {
    id: r.id,
    accountId: r.accountId,
    type: r.type,
    nickname: r.nickname,
    ...(r.passkey ? { credentialId: r.passkey.credentialId } : {}),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export function toSession(r: SessionRecord): Record<string, unknown> {
  return {
    id: r.id,
    accountId: r.accountId,
    type: r.type,
    nickname: r.nickname,
    ...(r.credentialId ? { credentialId: r.credentialId } : {}),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.createdAt),
    expiresAt: iso(r.expiresAt),
  };
}

export function toDelegatedKey(r: DelegatedKeyRecord): Record<string, unknown> {
  return {
    id: r.id,
    cardId: r.cardId,
    fundingSourceId: r.fundingSourceId,
    accountId: r.accountId,
    publicKey: r.publicKey,
    nickname: r.nickname,
    status: r.status,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export function toQuote(r: QuoteRecord): Record<string, unknown> {
  const money = currency(r.currency);
  const pendingSca = r.status === 'PENDING_AUTHORIZATION' && r.sca;
  return {
    id: r.id,
    status: r.status,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    expiresAt: iso(r.expiresAt),
    source: r.source,
    destination: r.destination,
    lockedCurrencySide: r.lockedCurrencySide,
    sendingCurrency: money,
    receivingCurrency: currency(r.receivingCurrency ?? r.currency),
    totalSendingAmount: r.amount,
    totalReceivingAmount: r.receivingAmount ?? r.amount,
    exchangeRate: r.exchangeRate ?? 1,
    feesIncluded: r.feesIncluded ?? 0,
    platformFeesIncluded: 0,
    transactionId: r.transactionId,
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.failureReason ? { failureReason: r.failureReason } : {}),
    ...(pendingSca
      ? {
          scaChallenge: toScaChallenge(pendingSca.challenge),
        }
      : {}),
    ...paymentInstructionsOf(r),
  };
}

/** A wallet quote always shows its payloadToSign; a realtime-funding quote withholds its bank details while quote-creation SCA is pending. */
function paymentInstructionsOf(r: QuoteRecord): { paymentInstructions?: unknown[] } {
  if (r.payloadToSign !== undefined)
    return {
      paymentInstructions: [
        { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: r.payloadToSign } },
      ],
    };
  if (r.fundingInstructions && r.sca?.at !== 'QUOTE')
    return { paymentInstructions: [{ accountOrWalletInfo: r.fundingInstructions, isPlatformAccount: true }] };
  return {};
}

export function toCard(r: CardRecord): Record<string, unknown> {
  return {
    id: r.id,
    cardholderId: r.customerId,
    form: 'VIRTUAL',
    // The OpenAPI's list and payments-api.md's single funding source name the same binding.
    fundingSources: r.fundingSource === null ? [] : [r.fundingSource],
    fundingSource: r.fundingSource,
    state: r.state,
    ...(r.stateReason ? { stateReason: r.stateReason } : {}),
    currency: r.currency,
    brand: 'VISA',
    last4: r.pan.slice(-4),
    expMonth: r.expiryMonth,
    expYear: r.expiryYear,
    ...(r.platformCardId !== undefined ? { platformCardId: r.platformCardId } : {}),
    maxSpendPerTransaction: r.maxSpendPerTransaction,
    maxSpendPerDay: r.maxSpendPerDay,
    maxTransactionsPerDay: r.maxTransactionsPerDay,
    cardCapabilities: CARD_CAPABILITIES,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** An `ScaChallenge` as the API shows it (a quote's, a beneficiary trust's). */
export function toScaChallenge(c: ScaChallengeRecord): Record<string, unknown> {
  return {
    id: c.id,
    expiresAt: iso(c.expiresAt),
    factor: c.factor,
    availableFactors: c.availableFactors,
    purpose: c.purpose,
    ...(c.passkeyAssertionOptions ? { passkeyAssertionOptions: c.passkeyAssertionOptions } : {}),
    ...(c.passkeyAllowedOrigins ? { passkeyAllowedOrigins: c.passkeyAllowedOrigins } : {}),
  };
}
