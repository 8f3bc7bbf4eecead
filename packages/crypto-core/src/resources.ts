/**
 * The service's resources as the wallet flows see them (`payments-api.md`, `wallet-protocol.md`).
 * What the service's OpenAPI defines comes from `service-api.ts` (generated from it): the request bodies
 * the flows send and the resources whose shape the spec and the service agree on (quotes, customers,
 * internal accounts with their balance). The rest types only the fields the toolkit reads; there,
 * unknown fields and enum values are kept, never rejected.
 *
 * @example
 *   const body: QuoteRequest = { source: { sourceType: 'ACCOUNT', accountId }, destination, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2000 };
 *   const balance: CurrencyAmount = account.balance;
 */
import type { components, operations } from './service-api.js';

/** A schema of the service's OpenAPI, by its name there (`ServiceSchema<'Card'>`). */
export type ServiceSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON body an operation of the service's OpenAPI takes, by its `operationId` (`'createQuote'`). */
export type ServiceRequestBody<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON an operation answers on success (its 200 or 201), by its `operationId` (`'getCustomerById'`). */
export type ServiceResponse<Operation extends keyof operations> = operations[Operation] extends {
  responses: infer Responses;
}
  ? {
      [Status in keyof Responses & (200 | 201)]: Responses[Status] extends {
        content: { 'application/json': infer Body };
      }
        ? Body
        : never;
    }[keyof Responses & (200 | 201)]
  : never;

/** The body of `POST /quotes` (`createQuote`). */
export type QuoteRequest = ServiceRequestBody<'createQuote'>;

/** An amount in a currency's smallest unit, with that currency (a balance, a limit). */
export type CurrencyAmount = ServiceSchema<'CurrencyAmount'>;

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

/** What a card supports, on a card and on the internal account that funds it (payments-api.md). */
export interface CardCapabilities {
  supportsSpendLimits?: boolean;
  supportsTransactionCountLimit?: boolean;
  supportsPanReveal?: boolean;
}

/**
 * An internal account (`GET /customers/internal-accounts`): its `balance`, `status`, funding instructions,
 * and, as payments-api.md lists (the OpenAPI does not), what cards funded by it support and the
 * RULE_BASED type.
 */
export type InternalAccount = Omit<ServiceSchema<'InternalAccount'>, 'type'> & {
  /** payments-api.md adds RULE_BASED to the OpenAPI's types. */
  type: ServiceSchema<'InternalAccountType'> | 'RULE_BASED';
  cardCapabilities?: CardCapabilities;
};

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
  purpose?: string | null;
  passkeyAssertionOptions?: Record<string, unknown> | null;
  passkeyAllowedOrigins?: string[] | null;
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

/** A customer, individual or business (`GET`/`PATCH /customers/{id}`). */
export type Customer = ServiceResponse<'getCustomerById'>;

export interface ListResponse<T> {
  data: T[];
  hasMore?: boolean;
  nextCursor?: string;
}

// WebAuthn as the service reads it: the passkey it wants made, and the JSON forms of the options and
// results the ceremonies exchange (passkey.ts runs them; its module exports these too).

export interface CreatePasskeyOptions {
  /** Shown by the authenticator; usually the user's email. */
  userName: string;
  userDisplayName?: string | undefined;
  /** Relying party id; defaults to the page's host. */
  rpId?: string | undefined;
  rpName?: string;
  /** WebAuthn credential ids (base64url) already registered, so the authenticator refuses duplicates. */
  excludeCredentialIds?: string[] | undefined;
  timeoutMs?: number;
}

export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

/** An authenticator transport, as `getTransports()` and credential descriptors name it. */
type TransportJSON = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/**
 * WebAuthn's `PublicKeyCredentialRequestOptionsJSON`: get() options with the challenge and credential ids as
 * base64url (what the service's `passkeyAssertionOptions` / `passkeyOptions` hold).
 */
export interface PublicKeyCredentialRequestOptionsJSON {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: { id: string; type: 'public-key'; transports?: TransportJSON[] }[];
  userVerification?: 'discouraged' | 'preferred' | 'required';
  hints?: ('hybrid' | 'security-key' | 'client-device')[];
  /** Client extension inputs (for example `appid`), passed to the browser as they are. */
  extensions?: { appid?: string; credProps?: boolean; hmacCreateSecret?: boolean; [name: string]: unknown };
}

/** WebAuthn's `AuthenticationResponseJSON`: a get() result with its bytes as base64url. */
export interface AuthenticationResponseJSON {
  id: string;
  rawId: string;
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  authenticatorAttachment?: 'cross-platform' | 'platform';
  /** `getClientExtensionResults()` as the browser returned it. */
  clientExtensionResults: {
    appid?: boolean;
    credProps?: { rk?: boolean };
    hmacCreateSecret?: boolean;
    [name: string]: unknown;
  };
  type: 'public-key';
}
