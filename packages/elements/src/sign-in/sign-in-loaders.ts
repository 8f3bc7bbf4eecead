/**
 * The default `PaySignInElement.loaders`: a dynamic `import()` of each method element's define module and of the
 * phone field, so a bundler that splits code fetches each only when an account has that method (or
 * someone picks "Use phone instead"). `define/pay-sign-in` installs them; so does the React wrapper
 * `<PaySignInElement>`, which does not import the define module. Kept out of the element's own module: a
 * dynamic `import()` there would reach every bundle that has the class, even one that never shows it.
 *
 * @example
 *   import { setDefaultSignInLoaders } from '@paykit/elements/sign-in-loaders';
 *   setDefaultSignInLoaders(); // a loader the page set already is kept
 */
import { PaySignInElement } from './sign-in.js';

/** Sets each of `PaySignInElement.loaders` the page has not set to its default. */
export function setDefaultSignInLoaders(): void {
  const loaders = PaySignInElement.loaders;
  loaders.otp ??= () => import('../define/pay-otp-login.js');
  loaders.passkey ??= () => import('../define/pay-passkey-login.js');
  loaders.oauth ??= () => import('../define/pay-oauth-button.js');
  loaders.phone ??= () => import('../shared/phone-field.js');
}
