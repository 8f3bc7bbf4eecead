/**
 * `<pay-sign-in>`'s default `loaders.oauth`: `<pay-oauth-button>`'s define module, imported beside the sign-in element (why:
 * sign-in-loaders.ts).
 */
import '../sign-in.js';
import '../../define/pay-oauth-button.js';
