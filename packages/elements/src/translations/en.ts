/**
 * English, complete: the shared table and every element's own table in one, for a platform that starts a
 * new locale from it or overrides English keys with `registerMessages('en', …)`. Elements do not need
 * it: each registers its own English when it loads, so a page ships only what it uses. Importing this
 * module registers all of English at once.
 *
 * @example
 *   import { en } from '@paykit/elements/translations/en';
 *   registerMessages('sv', { ...en, 'otp.send': 'Skicka kod' });
 */
import { registerMessages, sharedMessages, type MessageKey, type Messages } from '../shared/i18n.js';
import { accountFormatMessages } from '../shared/account-format.messages.js';
import { authMethodsMessages } from '../auth-methods/auth-methods.messages.js';
import { cardRevealMessages } from '../card-reveal/card-reveal.messages.js';
import { cardMessages } from '../card/card.messages.js';
import { codeFieldMessages } from '../shared/code-field.messages.js';
import { contactVerificationMessages } from '../contact-verification/contact-verification.messages.js';
import { kycMessages } from '../kyc/kyc.messages.js';
import { beneficialOwnersMessages } from '../kyc/beneficial-owners.messages.js';
import { oauthButtonMessages } from '../oauth-button/oauth-button.messages.js';
import { otpLoginMessages } from '../otp-login/otp-login.messages.js';
import { passkeyLoginMessages } from '../passkey-login/passkey-login.messages.js';
import { paymentMessages } from '../payment/payment.messages.js';
import { phoneFieldMessages } from '../shared/phone-field.messages.js';
import { scaChallengeMessages } from '../sca-challenge/sca-challenge.messages.js';
import { sessionsMessages } from '../sessions/sessions.messages.js';
import { signInMessages } from '../sign-in/sign-in.messages.js';
import { termsConsentMessages } from '../terms-consent/terms-consent.messages.js';
import { walletExportMessages } from '../wallet-export/wallet-export.messages.js';
import { walletOwnershipMessages } from '../wallet-ownership/wallet-ownership.messages.js';
import { walletSettingsMessages } from '../wallet-settings/wallet-settings.messages.js';
import { transactionsMessages } from '../transactions/transactions.messages.js';
import { sendMessages } from '../send/send.messages.js';
import { beneficiariesMessages } from '../beneficiaries/beneficiaries.messages.js';
import { invitationMessages } from '../invitation/invitation.messages.js';
import { scaFactorsMessages } from '../sca-factors/sca-factors.messages.js';
import { accountRecoveryMessages } from '../account-recovery/account-recovery.messages.js';

/** Every English message, by key. */
export const en: Messages = {
  ...sharedMessages,
  ...accountFormatMessages,
  ...authMethodsMessages,
  ...cardRevealMessages,
  ...cardMessages,
  ...codeFieldMessages,
  ...contactVerificationMessages,
  ...kycMessages,
  ...beneficialOwnersMessages,
  ...oauthButtonMessages,
  ...otpLoginMessages,
  ...passkeyLoginMessages,
  ...paymentMessages,
  ...phoneFieldMessages,
  ...scaChallengeMessages,
  ...sessionsMessages,
  ...signInMessages,
  ...termsConsentMessages,
  ...walletExportMessages,
  ...walletOwnershipMessages,
  ...walletSettingsMessages,
  ...transactionsMessages,
  ...sendMessages,
  ...beneficiariesMessages,
  ...invitationMessages,
  ...scaFactorsMessages,
  ...accountRecoveryMessages,
};

registerMessages('en', en);

/** Every message key. */
export const MESSAGE_KEYS = Object.freeze(Object.keys(en) as MessageKey[]);
