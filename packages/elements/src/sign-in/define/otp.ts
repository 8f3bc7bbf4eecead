/**
 * `<pay-sign-in>`'s default `loaders.otp`: `<pay-otp-login>`'s define module, imported beside
 * `define/pay-sign-in` (why: sign-in-loaders.ts).
 */
import '../../define/pay-sign-in.js';
import '../../define/pay-otp-login.js';
