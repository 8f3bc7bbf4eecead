/**
 * Registers `<pay-sign-in>` (once: importing this module twice, or alongside another copy, is harmless).
 * The method elements are not part of it: `<pay-passkey-login>`, `<pay-otp-login>` and
 * `<pay-oauth-button>` are each loaded with a dynamic `import()` the first time an account has that method
 * (a chunk of its own for a bundler that splits); so is the phone field, when someone picks "Use phone
 * instead" (`setDefaultSignInLoaders`).
 *
 * @example
 *   import '@paykit/elements/define/pay-sign-in';
 *   // <pay-sign-in lookup-url="/api/sign-in/lookup"><img slot="brand" src="/logo.svg" alt="Acme"></pay-sign-in>
 */
import { PaySignInElement } from '../sign-in/sign-in.js';
import { setDefaultSignInLoaders } from '../sign-in/sign-in-loaders.js';

export { PaySignInElement };

setDefaultSignInLoaders();
customElements.get('pay-sign-in') ?? customElements.define('pay-sign-in', PaySignInElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-sign-in': PaySignInElement;
  }
}
