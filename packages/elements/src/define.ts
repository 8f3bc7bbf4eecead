/**
 * Registers every Paykit element. Import one `define/pay-*` module instead to ship only that one (each
 * brings only its own code and English; see the sizes in the README).
 *
 * @example
 *   import '@paykit/elements/define';
 *   import { setDefaultClient } from '@paykit/elements';
 */
import './define/pay-auth-methods.js';
import './define/pay-beneficial-owners.js';
import './define/pay-card.js';
import './define/pay-card-reveal.js';
import './define/pay-contact-verification.js';
import './define/pay-kyc.js';
import './define/pay-oauth-button.js';
import './define/pay-otp-login.js';
import './define/pay-passkey-login.js';
import './define/pay-payment.js';
import './define/pay-sca-challenge.js';
import './define/pay-sessions.js';
import './define/pay-sign-in.js';
import './define/pay-terms-consent.js';
import './define/pay-wallet-export.js';
import './define/pay-wallet-ownership.js';
import './define/pay-wallet-settings.js';
import './define/pay-transactions.js';
import './define/pay-beneficiaries.js';
import './define/pay-invitation.js';
import './define/pay-sca-factors.js';
import './define/pay-send.js';
import './define/pay-account-recovery.js';
