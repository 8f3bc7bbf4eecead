/**
 * The page's state: one object the shell and the steps read and update (the page re-renders the parts
 * a change concerns; there is no framework). Nothing secret is kept here: the session key lives in
 * IndexedDB as a non-extractable CryptoKey, managed by the `WalletClient`.
 *
 * @example
 *   if (state.me && state.session) listSessions(state.client);
 */
import type { AuthMethod, CurrentSession, Quote, WalletClient } from '@paykit/crypto-core';
import type { DemoConfig, Profile } from '../wire.js';

/** The walkthrough's steps, in the sidebar and in the page's `#<step>` hash. */
export type StepId =
  | 'customer'
  | 'terms'
  | 'contact'
  | 'kyc'
  | 'owners'
  | 'signin'
  | 'passkey'
  | 'export'
  | 'card'
  | 'pay'
  | 'payees'
  | 'activity'
  | 'invite'
  | 'payout'
  | 'sessions';

/** A card as `GET /cards/{id}` returns it (the fields the page shows). */
export interface Card {
  id: string;
  state: string;
  last4?: string;
  brand?: string;
  currency?: string;
  createdAt?: string;
}

/** Someone the demo customer can pay: a label and a UMA address. */
export interface Payee {
  label: string;
  uma: string;
}

export type PaymentPhase = 'form' | 'quoting' | 'review' | 'done' | 'failed';

/** The payment being made in the payment step. */
export interface Payment {
  phase: PaymentPhase;
  quote?: Quote;
  payee?: Payee;
  /** What the form asked for (smallest unit), and its note: a new quote after expiry repeats them. */
  amount?: number;
  note?: string;
  /** One key per quote request: a retried request is not a second quote (`<pay-payment>` keys its execute itself). */
  quoteKey: string;
  /** The quote was stamped and executed (a wallet send in an SCA region then waits for its authorization). */
  signed: boolean;
  authorized: boolean;
}

export const state = {
  config: undefined as unknown as DemoConfig,
  client: undefined as unknown as WalletClient,
  me: undefined as Profile | undefined,
  session: undefined as CurrentSession | undefined,
  balance: undefined as number | undefined,
  passkeys: [] as AuthMethod[],
  card: undefined as Card | undefined,
  step: 'customer' as StepId,
  exported: false,
  paid: false,
  passkeySignedIn: false,
  /** The external wallet added in the payout step, and whether its ownership was proven. */
  payout: { externalAccountId: undefined as string | undefined, verified: false },
  payment: newPayment(),
  /** Onboarding progress as the elements reported it (ids and statuses only). */
  onboarding: { terms: false, contact: false, kyc: undefined as string | undefined, owners: 0 },
};

/** A payment form with fresh idempotency keys. */
export function newPayment(): Payment {
  return {
    phase: 'form',
    quoteKey: crypto.randomUUID(),
    signed: false,
    authorized: false,
  };
}

/** Forgets everything about the current customer (a new sign-up, or starting over). */
export function forgetCustomer(): void {
  state.me = undefined;
  state.balance = undefined;
  state.passkeys = [];
  state.card = undefined;
  state.exported = state.paid = state.passkeySignedIn = false;
  state.payment = newPayment();
  state.payout = { externalAccountId: undefined, verified: false };
  state.onboarding = { terms: false, contact: false, kyc: undefined, owners: 0 };
}
