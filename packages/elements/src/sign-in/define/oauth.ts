/**
 * `<pay-sign-in>`'s default `loaders.oauth`: `<pay-oauth-button>`'s define module, imported beside
 * `define/pay-sign-in` (why: sign-in-loaders.ts).
 */
import '../../define/pay-sign-in.js';
import '../../define/pay-oauth-button.js';
