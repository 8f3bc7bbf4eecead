/**
 * @paykit/elements: web components for embedded-wallet sign-in (one-time code, passkey), recovery
 * phrase export, card detail reveal and Strong Customer Authentication. This entry exports the classes
 * without registering them; import `@paykit/elements/define` (or one `define/pay-*` module) to register.
 *
 * @example
 *   import { setDefaultClient } from '@paykit/elements';
 *   import '@paykit/elements/define';
 *   setDefaultClient(new WalletClient({ baseUrl: '/api/wallet' }));
 *   // <pay-otp-login account-id="InternalAccount:…" destination="a•••@example.com"></pay-otp-login>
 */
export { PayOtpLoginElement } from './otp-login/otp-login.js';
export { PayPasskeyLoginElement } from './passkey-login/passkey-login.js';
export { PayWalletExportElement } from './wallet-export/wallet-export.js';
export { PayCardRevealElement } from './card-reveal/card-reveal.js';
export { PayCardElement, parseAmount } from './card/card.js';
export {
  PayCardActivatedEvent,
  PayCardFrozenEvent,
  PayCardLimitsChangedEvent,
  PayCardReadyEvent,
  PayCardUnfrozenEvent,
  type PayCardLimits,
} from './card/card-events.js';
export { PayScaChallengeElement, type ScaFactor } from './sca-challenge/sca-challenge.js';
export { PayPaymentElement } from './payment/payment.js';
export { PayWalletOwnershipElement, type OwnershipMethod } from './wallet-ownership/wallet-ownership.js';
export {
  base58,
  eip1193Signer,
  solanaSigner,
  type Eip1193Provider,
  type SolanaMessageSigner,
  type WalletOwnershipSigner,
} from './wallet-ownership/signers.js';
export { PayTermsConsentElement } from './terms-consent/terms-consent.js';
export { PayContactVerificationElement } from './contact-verification/contact-verification.js';
export { PayKycElement } from './kyc/kyc.js';
export { PayBeneficialOwnersElement } from './kyc/beneficial-owners.js';
export { PayAuthMethodsElement, maskPhone } from './auth-methods/auth-methods.js';
export { PaySessionsElement } from './sessions/sessions.js';
export { PaySignInElement, type SignInLoaders, type SignInOAuthProvider } from './sign-in/sign-in.js';
export { PaySignInCompleteEvent, PaySignInMethodEvent, type PaySignInMethodType } from './sign-in/sign-in-events.js';
export { PayWalletSettingsElement } from './wallet-settings/wallet-settings.js';
export {
  OAuthErrorCode,
  PayOAuthButtonElement,
  registerOAuthProviders,
  type OAuthProviderConfig,
} from './oauth-button/oauth-button.js';
export { completeOAuthCallback, type OAuthCallbackOutcome } from './oauth-button/oauth-callback.js';
export { PayElement } from './shared/base-element.js';
export type { PayStates } from './shared/base-element.js';
export { getDefaultClient, setDefaultClient } from './shared/client-context.js';
export { describeError, ElementErrorCode, errorCode, type ErrorView } from './shared/errors.js';
export { PAY_EVENT_NAMES } from './event-names.js';
export { PayErrorEvent, PaySessionEvent, type PaySessionSummary } from './shared/events.js';
export { PayOtpSentEvent, type PayOtpChannel } from './otp-login/otp-login-events.js';
export { PayPasskeyRegisteredEvent } from './passkey-login/passkey-login-events.js';
export {
  PayExportClosedEvent,
  PayExportCompleteEvent,
  type PayExportClosedReason,
} from './wallet-export/wallet-export-events.js';
export {
  PayCardHiddenEvent,
  PayCardRevealedEvent,
  type PayCardHiddenReason,
} from './card-reveal/card-reveal-events.js';
export { PayScaCompleteEvent } from './sca-challenge/sca-challenge-events.js';
export {
  PayOwnershipFailedEvent,
  PayOwnershipVerifiedEvent,
  type PayOwnershipFailedReason,
} from './wallet-ownership/wallet-ownership-events.js';
export { PayTermsAcceptedEvent, type PayTermsAcceptanceMethod } from './terms-consent/terms-consent-events.js';
export {
  PayContactVerificationCompleteEvent,
  PayContactVerifiedEvent,
  type PayContactChannel,
} from './contact-verification/contact-verification-events.js';
export {
  PayBeneficialOwnerAddedEvent,
  PayDocumentUploadedEvent,
  PayKycStatusEvent,
  PayKycSubmittedEvent,
  type PayKycStatus,
} from './kyc/kyc-events.js';
export { PaySessionRevokedEvent } from './sessions/sessions-events.js';
export { PayCredentialAddedEvent, PayCredentialRemovedEvent } from './auth-methods/auth-methods-events.js';
export { PayDelegatedKeyEvent, PayWalletPrivacyEvent } from './wallet-settings/wallet-settings-events.js';
export {
  PayPaymentCompletedEvent,
  PayPaymentExecutedEvent,
  PayPaymentExpiredEvent,
  PayPaymentFailedEvent,
  PayPaymentRequoteEvent,
} from './payment/payment-events.js';
export {
  registerMessages,
  resolveLocale,
  translate,
  type MessageKey,
  type Messages,
  type MessageParams,
} from './shared/i18n.js';
export { lightDomStyles } from './shared/light-dom.js';
export type * from './deprecated-names.js';
export { PayTransactionsElement } from './transactions/transactions.js';
export { PayTransactionCancelledEvent } from './transactions/transactions-events.js';
export { PayBeneficiariesElement } from './beneficiaries/beneficiaries.js';
export { PayBeneficiaryTrustChangedEvent } from './beneficiaries/beneficiaries-events.js';
export { PayInvitationElement } from './invitation/invitation.js';
export { PayInvitationClaimedEvent } from './invitation/invitation-events.js';
export { PayScaFactorsElement } from './sca-factors/sca-factors.js';
export { PayScaFactorAddedEvent, PayScaFactorRemovedEvent } from './sca-factors/sca-factors-events.js';
export { PaySendElement } from './send/send.js';
export { PaySendNewPayeeEvent, PaySendQuotedEvent } from './send/send-events.js';
export { PayAccountRecoveryElement } from './account-recovery/account-recovery.js';
export {
  PayAccountRecoveryCompletedEvent,
  PayAccountRecoveryStartedEvent,
} from './account-recovery/account-recovery-events.js';
