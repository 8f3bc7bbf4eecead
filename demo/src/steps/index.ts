/**
 * The walkthrough, in order: one module per step, each with its sidebar entry, lead, panel and
 * "done" rule (the `Step` contract is in ../shell.ts).
 *
 * @example
 *   startShell(STEPS);
 */
import type { Step } from '../shell.js';
import { activityStep } from './activity.js';
import { cardStep } from './card.js';
import { contactStep } from './contact.js';
import { customerStep } from './customer.js';
import { exportStep } from './export.js';
import { inviteStep } from './invite.js';
import { kycStep } from './kyc.js';
import { ownersStep } from './owners.js';
import { passkeyStep } from './passkey.js';
import { payeesStep } from './payees.js';
import { payoutStep } from './payout.js';
import { payStep } from './pay.js';
import { sessionsStep } from './sessions.js';
import { signinStep } from './signin.js';
import { termsStep } from './terms.js';

export const STEPS: readonly Step[] = [
  customerStep,
  // onboarding: terms → email and phone → KYC (and a business's owners), then the wallet
  termsStep,
  contactStep,
  kycStep,
  ownersStep,
  signinStep,
  passkeyStep,
  exportStep,
  cardStep,
  payStep,
  // after the payment: the payees, the wallet's activity, a friend's invitation, then paying out to an external wallet of the customer's
  payeesStep,
  activityStep,
  inviteStep,
  payoutStep,
  sessionsStep,
];
