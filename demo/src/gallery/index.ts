/** The gallery's sections, one per element, in the order a user meets them. */
import { authMethods } from './auth-methods.js';
import { card, cardReveal } from './card.js';
import { beneficialOwners, contactVerification, kyc, termsConsent } from './onboarding.js';
import { otpLogin } from './otp-login.js';
import { paymentSection, scaChallenge } from './payment.js';
import type { GallerySection } from './section.js';
import { sessions } from './sessions.js';
import { oauthButton, passkeyLogin, signInSection } from './sign-in.js';
import { walletExport } from './wallet-export.js';
import { walletOwnership } from './wallet-ownership.js';
import { walletSettings } from './wallet-settings.js';
import { transactions } from './transactions.js';
import { beneficiaries } from './beneficiaries.js';
import { invitationSection } from './invitation.js';
import { scaFactors } from './sca-factors.js';
import { sendSection } from './send.js';
import { accountRecovery } from './account-recovery.js';

export const SECTIONS: readonly GallerySection[] = [
  signInSection,
  otpLogin,
  passkeyLogin,
  oauthButton,
  termsConsent,
  contactVerification,
  kyc,
  beneficialOwners,
  walletExport,
  card,
  cardReveal,
  sendSection,
  paymentSection,
  scaChallenge,
  sessions,
  authMethods,
  walletSettings,
  walletOwnership,
  transactions,
  beneficiaries,
  invitationSection,
  scaFactors,
  accountRecovery,
];
