/**
 * The element classes' names before this release, as deprecated type aliases: a type annotation that uses one
 * still compiles (and its editor strikes it through); a value use (`new`, `instanceof`, `PaySignIn.loaders`)
 * must take the new name. The classes were renamed `Pay…Element` so that no name is both a class here and
 * a component in `@paykit/react` (`PaySignIn`). Types only: nothing here reaches a bundle. A later minor release removes them.
 *
 * @example
 *   import type { PaySignInElement } from '@paykit/elements';
 *   const el = document.querySelector('pay-sign-in') as PaySignInElement; // was `as PaySignIn`
 */
import type { PayAuthMethodsElement } from './auth-methods/auth-methods.js';
import type { PayBeneficialOwnersElement } from './kyc/beneficial-owners.js';
import type { PayCardElement } from './card/card.js';
import type { PayCardRevealElement } from './card-reveal/card-reveal.js';
import type { PayContactVerificationElement } from './contact-verification/contact-verification.js';
import type { PayKycElement } from './kyc/kyc.js';
import type { PayOAuthButtonElement } from './oauth-button/oauth-button.js';
import type { PayOtpLoginElement } from './otp-login/otp-login.js';
import type { PayPasskeyLoginElement } from './passkey-login/passkey-login.js';
import type { PayPaymentElement } from './payment/payment.js';
import type { PayScaChallengeElement } from './sca-challenge/sca-challenge.js';
import type { PaySessionsElement } from './sessions/sessions.js';
import type { PaySignInElement } from './sign-in/sign-in.js';
import type { PayTermsConsentElement } from './terms-consent/terms-consent.js';
import type { PayWalletExportElement } from './wallet-export/wallet-export.js';
import type { PayWalletOwnershipElement } from './wallet-ownership/wallet-ownership.js';
import type { PayWalletSettingsElement } from './wallet-settings/wallet-settings.js';

/** @deprecated Renamed `PayAuthMethodsElement` (`PayAuthMethods` is `@paykit/react`'s component). */
export type PayAuthMethods = PayAuthMethodsElement;
/** @deprecated Renamed `PayBeneficialOwnersElement` (`PayBeneficialOwners` is `@paykit/react`'s component). */
export type PayBeneficialOwners = PayBeneficialOwnersElement;
/** @deprecated Renamed `PayCardElement` (`PayCard` is `@paykit/react`'s component). */
export type PayCard = PayCardElement;
/** @deprecated Renamed `PayCardRevealElement` (`PayCardReveal` is `@paykit/react`'s component). */
export type PayCardReveal = PayCardRevealElement;
/** @deprecated Renamed `PayContactVerificationElement` (`PayContactVerification` is `@paykit/react`'s component). */
export type PayContactVerification = PayContactVerificationElement;
/** @deprecated Renamed `PayKycElement` (`PayKyc` is `@paykit/react`'s component). */
export type PayKyc = PayKycElement;
/** @deprecated Renamed `PayOAuthButtonElement` (`PayOAuthButton` is `@paykit/react`'s component). */
export type PayOAuthButton = PayOAuthButtonElement;
/** @deprecated Renamed `PayOtpLoginElement` (`PayOtpLogin` is `@paykit/react`'s component). */
export type PayOtpLogin = PayOtpLoginElement;
/** @deprecated Renamed `PayPasskeyLoginElement` (`PayPasskeyLogin` is `@paykit/react`'s component). */
export type PayPasskeyLogin = PayPasskeyLoginElement;
/** @deprecated Renamed `PayPaymentElement` (`PayPayment` is `@paykit/react`'s component). */
export type PayPayment = PayPaymentElement;
/** @deprecated Renamed `PayScaChallengeElement` (`PayScaChallenge` is `@paykit/react`'s component). */
export type PayScaChallenge = PayScaChallengeElement;
/** @deprecated Renamed `PaySessionsElement` (`PaySessions` is `@paykit/react`'s component). */
export type PaySessions = PaySessionsElement;
/** @deprecated Renamed `PaySignInElement` (`PaySignIn` is `@paykit/react`'s component). */
export type PaySignIn = PaySignInElement;
/** @deprecated Renamed `PayTermsConsentElement` (`PayTermsConsent` is `@paykit/react`'s component). */
export type PayTermsConsent = PayTermsConsentElement;
/** @deprecated Renamed `PayWalletExportElement` (`PayWalletExport` is `@paykit/react`'s component). */
export type PayWalletExport = PayWalletExportElement;
/** @deprecated Renamed `PayWalletOwnershipElement` (`PayWalletOwnership` is `@paykit/react`'s component). */
export type PayWalletOwnership = PayWalletOwnershipElement;
/** @deprecated Renamed `PayWalletSettingsElement` (`PayWalletSettings` is `@paykit/react`'s component). */
export type PayWalletSettings = PayWalletSettingsElement;
