/**
 * `<pay-sign-in>`'s default `loaders.passkey`: `<pay-passkey-login>`'s define module, imported beside
 * `define/pay-sign-in` (why: sign-in-loaders.ts).
 */
import '../../define/pay-sign-in.js';
import '../../define/pay-passkey-login.js';
