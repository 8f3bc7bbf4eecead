/**
 * Where the sandbox keeps everything: one small store interface (`Collection`: get, put, delete, list
 * in insertion order) per kind of record, and `createMemoryState()`, the in-memory implementation. A
 * restart starts empty. Records hold internal fields (keys, mnemonics, PANs); `views.ts` turns them
 * into the API's resources, so nothing internal leaks by accident.
 *
 * @example
 *   const state = createMemoryState();
 *   state.customers.put(record);
 *   state.accounts.list((a) => a.customerId === record.id);
 */
import type { WebCryptoKeyPair } from '@paykit/crypto-core/web-types';
export interface Collection<T extends { id: string }> {
  get(id: string): T | undefined;
  put(record: T): T;
  delete(id: string): boolean;
  /** Records in insertion order, optionally filtered. */
  list(filter?: (record: T) => boolean): T[];
}

export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';
export const CREDENTIAL_TYPES: readonly CredentialType[] = ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'];

export interface CustomerRecord {
  id: string;
  platformCustomerId: string;
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  umaAddress: string;
  region?: string;
  currencies?: string[];
  email?: string;
  phoneNumber?: string;
  fullName?: string;
  /** Other profile fields given on create or update (birthDate, address, businessInfo, …), echoed back. */
  profile: Record<string, unknown>;
  kycStatus?: 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  kybStatus?: 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  createdAt: number;
  updatedAt: number;
}

export interface AccountRecord {
  id: string;
  customerId: string;
  type: 'EMBEDDED_WALLET';
  currency: string;
  /** Smallest currency unit. */
  balance: number;
  privateEnabled: boolean;
  /** The wallet's sub-organization, named in every payloadToSign and export bundle. */
  organizationId: string;
  userId: string;
  mnemonic: string;
  createdAt: number;
  updatedAt: number;
}

export interface CredentialRecord {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  email?: string;
  phoneNumber?: string;
  oauth?: { iss: string; aud: string; sub: string };
  passkey?: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] };
  createdAt: number;
  updatedAt: number;
}

export interface SessionRecord {
  id: string;
  accountId: string;
  /** The AuthMethod that issued the session. */
  authMethodId: string;
  type: CredentialType;
  nickname: string;
  /** Compressed hex public key that signs for this session. */
  publicKey: string;
  /** WebAuthn credential id, for passkey sessions. */
  credentialId?: string;
  createdAt: number;
  expiresAt: number;
  revokedAt?: number;
}

/** One outstanding signed-retry challenge (`requestId`). */
export interface SignedRequestRecord {
  id: string;
  method: string;
  path: string;
  bodyText: string;
  payloadToSign: string;
  expiresAt: number;
  used: boolean;
  /** Endpoint-specific state carried from leg to leg. */
  context: unknown;
}

export interface OtpTargetRecord {
  id: string;
  authMethodId: string;
  keyPair: WebCryptoKeyPair;
  expiresAt: number;
  used: boolean;
  failures: number;
}

export interface PasskeyChallengeRecord {
  id: string;
  authMethodId: string;
  clientPublicKey: string;
  challenge: string;
  expiresAt: number;
  used: boolean;
}

export interface DelegatedKeyRecord {
  id: string;
  cardId: string;
  fundingSourceId: string;
  accountId: string;
  publicKey: string;
  nickname: string;
  status: 'PENDING' | 'ACTIVE' | 'REVOKED';
  createdAt: number;
  updatedAt: number;
}

export interface ScaChallengeRecord {
  id: string;
  factor: 'SMS_OTP' | 'PASSKEY';
  availableFactors: string[];
  purpose: string;
  expiresAt: number;
  /** WebAuthn request options (base64url challenge, rpId, allowCredentials), for the PASSKEY factor. */
  passkeyAssertionOptions?: { challenge: string; rpId: string; allowCredentials: { id: string; type: 'public-key' }[]; userVerification: 'required'; timeout: number };
  passkeyAllowedOrigins?: string[];
}

export interface QuoteRecord {
  id: string;
  customerId: string;
  /** The embedded wallet that pays; absent for a REALTIME_FUNDING source (funded by its paymentInstructions). */
  sourceAccountId?: string;
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  /** Internal account credited on completion, when the destination is one. */
  destinationAccountId?: string;
  /** Fails after PROCESSING (magic destination suffix 002). */
  failsOnExecution: boolean;
  currency: string;
  amount: number;
  lockedCurrencySide: 'SENDING' | 'RECEIVING';
  status: 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
  failureReason?: string;
  description?: string;
  transactionId: string;
  /** EMBEDDED_WALLET source: what execute's signature covers. */
  payloadToSign?: string;
  /** REALTIME_FUNDING source: the bank details the customer pays into (withheld while SCA is pending). */
  fundingInstructions?: Record<string, unknown>;
  /** The challenge to satisfy now; `at` is where SCA came in: quote creation (realtime funding) or execute (a wallet send, held until authorized). */
  sca?: { challenge: ScaChallengeRecord; roundsLeft: number; at: 'QUOTE' | 'EXECUTE' };
  createdAt: number;
  expiresAt: number;
  settlesAt?: number;
  updatedAt: number;
}

export interface CardRecord {
  id: string;
  customerId: string;
  fundingSource: string | null;
  state: 'PROCESSING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
  stateReason?: 'ISSUER_REJECTED' | 'CLOSED_BY_PLATFORM';
  currency: string;
  platformCardId?: string;
  maxSpendPerTransaction: number | null;
  maxSpendPerDay: number | null;
  maxTransactionsPerDay: number | null;
  pan: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  /** When provisioning finishes (to ACTIVE, or CLOSED/ISSUER_REJECTED). */
  provisionedAt: number;
  issuerRejects: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface PanTokenRecord {
  id: string;
  cardId: string;
  expiresAt: number;
  used: boolean;
}

export interface IdempotencyRecord {
  id: string;
  /** Method, path and body of the first request: a materially different reuse is a conflict. */
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Per-customer Strong Customer Authentication state. */
export interface ScaCustomerRecord {
  id: string;
  sessionExpiresAt?: number;
  failures: number;
  lockedUntil?: number;
  /** The SCA login started by `POST /sca/login/start`, until completed. */
  login?: ScaLoginRecord;
}

export interface ScaLoginRecord {
  factor: 'SMS_OTP' | 'PASSKEY';
  /** SMS_OTP: the handle echoed on complete. */
  challengeId?: string;
  expiresAt: number;
  /** PASSKEY: the WebAuthn challenge the assertion must sign. */
  passkeyChallenge?: string;
}

export interface RateWindowRecord {
  id: string;
  hits: number[];
}

/** Single-use values that must never be accepted twice (passkey registration challenges). */
export interface UsedValueRecord {
  id: string;
}

export interface SandboxState {
  readonly customers: Collection<CustomerRecord>;
  readonly accounts: Collection<AccountRecord>;
  readonly credentials: Collection<CredentialRecord>;
  readonly sessions: Collection<SessionRecord>;
  readonly signedRequests: Collection<SignedRequestRecord>;
  readonly otpTargets: Collection<OtpTargetRecord>;
  readonly passkeyChallenges: Collection<PasskeyChallengeRecord>;
  readonly delegatedKeys: Collection<DelegatedKeyRecord>;
  readonly quotes: Collection<QuoteRecord>;
  readonly cards: Collection<CardRecord>;
  readonly panTokens: Collection<PanTokenRecord>;
  readonly idempotency: Collection<IdempotencyRecord>;
  readonly sca: Collection<ScaCustomerRecord>;
  readonly rateWindows: Collection<RateWindowRecord>;
  readonly usedValues: Collection<UsedValueRecord>;
}

export function memoryCollection<T extends { id: string }>(): Collection<T> {
  const map = new Map<string, T>();
  return {
    get: (id) => map.get(id),
    put: (record) => {
      map.set(record.id, record);
      return record;
    },
    delete: (id) => map.delete(id),
    list: (filter) => (filter ? [...map.values()].filter(filter) : [...map.values()]),
  };
}

export function createMemoryState(): SandboxState {
  return {
    customers: memoryCollection(),
    accounts: memoryCollection(),
    credentials: memoryCollection(),
    sessions: memoryCollection(),
    signedRequests: memoryCollection(),
    otpTargets: memoryCollection(),
    passkeyChallenges: memoryCollection(),
    delegatedKeys: memoryCollection(),
    quotes: memoryCollection(),
    cards: memoryCollection(),
    panTokens: memoryCollection(),
    idempotency: memoryCollection(),
    sca: memoryCollection(),
    rateWindows: memoryCollection(),
    usedValues: memoryCollection(),
  };
}
