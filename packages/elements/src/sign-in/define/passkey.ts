/**
 * `<pay-sign-in>`'s default `loaders.passkey`: `<pay-passkey-login>`'s define module, imported beside the sign-in element (why:
 * sign-in-loaders.ts).
 */
import '../sign-in.js';
import '../../define/pay-passkey-login.js';
