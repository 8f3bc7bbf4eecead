/**
 * Registers all five Paykit elements. Import one `define/pay-*` module instead to ship only that one.
 *
 * @example
 *   import '@paykit/elements/define';
 *   import { setDefaultClient } from '@paykit/elements';
 */
import './define/pay-otp-login.js';
import './define/pay-passkey-login.js';
import './define/pay-wallet-export.js';
import './define/pay-card-reveal.js';
import './define/pay-sca-challenge.js';
