/**
 * What the demo page and the demo server exchange over `/api/demo` (the platform's own backend), declared
 * once: the server builds these (demo/server/demo-api.ts) and the page reads them (demo/src/api.ts).
 * Types only, so the page's bundle gains nothing. Wallet calls (`/api/wallet`) are the service's own
 * types, from `@paykit/crypto-core`.
 *
 * @example
 *   import type { DemoConfig, Profile } from '../wire.js';
 */

/** A region offered at sign-up; EU/EEA customers go through Strong Customer Authentication. */
export interface Region {
  code: string;
  name: string;
  currency: string;
  sca: boolean;
}

/** `GET /api/demo/config`: what the page needs to build its `WalletClient` and show the sandbox's codes. */
export interface DemoConfig {
  /** The card issuer's origin, the one origin `<pay-card-reveal>` may frame. */
  panOrigin: string;
  /** The sandbox enclave's signer keys the client pins. */
  signers: readonly string[];
  rpId: string;
  /** The sandbox's fixed codes, shown in the sidebar (sandbox only: real codes are never shown). */
  hints: { otpCode: string; scaCode: string; contactCode: string };
  regions: readonly Region[];
  /** Minor units each new wallet is funded with. */
  startingBalance: number;
  /** The sandbox's test identity provider, the demo's one OAuth provider (`<pay-sign-in oauthProviders>`). */
  oauth: OAuthSetup;
}

/** Where the page sends the OAuth popup, and what identifies this platform there. */
export interface OAuthSetup {
  /** `iss` of its tokens (the lookup names it for each OAuth method). */
  issuer: string;
  authorizationEndpoint: string;
  clientId: string;
  /** The demo page that runs `completeOAuthCallback()`. */
  redirectUri: string;
}

/** `GET /api/demo/me` (204 before sign-up) and `POST /api/demo/signup`: the visitor's customer and wallet. */
export interface Profile {
  customerId: string;
  accountId: string;
  email: string;
  /** `a•••@example.com`, for "code sent to". */
  emailMasked: string;
  fullName: string;
  region: string;
  regionName: string;
  sca: boolean;
  currency: string;
  /** A business customer (its owners are added in the walkthrough), not a person. */
  business: boolean;
  /** The wallet's `EMAIL_OTP` credential, for `<pay-otp-login auth-method-id>`. */
  otpCredentialId: string;
  cardIds: string[];
}

/** `POST /api/demo/signup`'s body. */
export interface SignupInput {
  email: string;
  fullName: string;
  region: string;
  /** E.164; EU customers verify it during onboarding. */
  phoneNumber?: string;
  /** `BUSINESS` signs up a company (its legal name is `fullName`); a person when absent. */
  customerType?: 'INDIVIDUAL' | 'BUSINESS';
}

/** Every `/api/demo` error answer. */
export interface DemoErrorBody {
  status: number;
  code: string;
  message: string;
}

/** `POST /api/demo/card/simulate` `{ cardId }`: what the spending simulation did on the visitor's card. */
export interface SpendingOutcome {
  /** Purchases the card approved (each then cleared, in part or whole, or left pending). */
  approved: number;
  /** Authorizations declined (the descriptor ending in 002, or every one before the card is activated). */
  declined: number;
  /** Refunds (merchant returns), each its own CREDIT row. */
  refunded: number;
}
