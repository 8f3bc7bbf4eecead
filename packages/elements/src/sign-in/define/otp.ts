/**
 * `<pay-sign-in>`'s default `loaders.otp`: `<pay-otp-login>`'s define module, imported beside the sign-in element (why:
 * sign-in-loaders.ts).
 */
import '../sign-in.js';
import '../../define/pay-otp-login.js';
