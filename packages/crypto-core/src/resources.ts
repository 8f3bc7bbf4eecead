/**
 * The service's resources as the wallet flows see them (`payments-api.md`, `wallet-protocol.md`).
 * Only the fields the toolkit reads are typed; unknown fields and enum values are kept, never rejected.
 */
export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';

export interface AuthMethod {
  id: string;
  accountId: string;
  type: CredentialType | (string & {});
  nickname?: string;
  credentialId?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface OtpChallenge extends AuthMethod {
  otpEncryptionTargetBundle: string;
}

export interface PasskeyAuthChallenge extends AuthMethod {
  credentialId: string;
  challenge: string;
  requestId: string;
  expiresAt: string;
}

export interface AuthSession {
  id: string;
  accountId: string;
  type: CredentialType | (string & {});
  nickname?: string;
  credentialId?: string;
  createdAt?: string;
  updatedAt?: string;
  expiresAt: string;
}

export interface InternalAccount {
  id: string;
  customerId?: string;
  type: string;
  privateEnabled?: boolean;
  [field: string]: unknown;
}

export interface DelegatedKey {
  id: string;
  cardId: string;
  fundingSourceId?: string;
  accountId: string;
  publicKey: string;
  nickname?: string;
  status: 'PENDING' | 'ACTIVE' | 'REVOKED' | (string & {});
  createdAt?: string;
  updatedAt?: string;
}

export interface ScaChallenge {
  id: string;
  expiresAt: string;
  factor: 'SMS_OTP' | 'PASSKEY' | (string & {});
  availableFactors?: string[];
  purpose?: string;
  passkeyAssertionOptions?: Record<string, unknown>;
  passkeyAllowedOrigins?: string[];
}

/** `POST /sca/login/start`: SMS_OTP carries `challengeId` and `expiresAt`; PASSKEY carries `passkeyOptions`. */
export interface ScaLoginStart {
  factor: 'SMS_OTP' | 'TOTP' | 'PASSKEY' | (string & {});
  challengeId?: string | null;
  expiresAt?: string | null;
  passkeyOptions?: Record<string, unknown> | null;
  allowedOrigins?: string[] | null;
  relyingPartyId?: string | null;
}

/** `POST /sca/login/complete`. */
export interface ScaLoginComplete {
  status: string;
  sessionExpiresAt?: string | null;
}

export interface PaymentInstruction {
  accountOrWalletInfo?: { accountType?: string; payloadToSign?: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** `GET /receiver/uma/{address}`: what a UMA receiver accepts, and the `lookupId` a quote to it must name. */
export interface ReceiverUmaLookup {
  receiverUmaAddress: string;
  lookupId: string;
  supportedCurrencies: {
    currency: { code?: string; [field: string]: unknown };
    estimatedExchangeRate: number;
    min: number;
    max: number;
  }[];
  [field: string]: unknown;
}

export interface Quote {
  id: string;
  status: 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED' | (string & {});
  expiresAt?: string;
  totalSendingAmount?: number;
  totalReceivingAmount?: number;
  sendingCurrency?: { code?: string; decimals?: number; [field: string]: unknown };
  receivingCurrency?: { code?: string; decimals?: number; [field: string]: unknown };
  destination?: Record<string, unknown>;
  paymentInstructions?: PaymentInstruction[];
  scaChallenge?: ScaChallenge;
  [field: string]: unknown;
}

export interface CardReveal {
  panEmbedUrl: string;
  expiresAt: string;
}

export interface Customer {
  id: string;
  email?: string;
  phoneNumber?: string;
  region?: string;
  [field: string]: unknown;
}

export interface ListResponse<T> {
  data: T[];
  hasMore?: boolean;
  nextCursor?: string;
}
