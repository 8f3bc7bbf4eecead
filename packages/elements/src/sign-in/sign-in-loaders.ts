/**
 * The default `PaySignInElement.loaders`: a dynamic `import()` of each method element's define module and of the
 * phone field, so a bundler that splits code fetches each only when an account has that method (or
 * someone picks "Use phone instead"). `define/pay-sign-in` installs them; so does the React wrapper
 * `<PaySignInElement>`, which does not import the define module. Kept out of the element's own module: a
 * dynamic `import()` there would reach every bundle that has the class, even one that never shows it.
 * Each target is a module of `sign-in/define/` (a folder of its own: they register tags) that imports the
 * sign-in element beside what it loads. The element is loaded by then, so that costs nothing; and esbuild,
 * which gives each module the chunk of the entries that reach it, then puts the element into the chunk it
 * shares with those targets (Lit, the base element, the client) instead of a chunk of its own: the sign-in
 * page fetches one file less up front (about 0.7 kB less gzipped: bench, "Sign-in page").
 *
 * @example
 *   import { setDefaultSignInLoaders } from '@paykit/elements/sign-in-loaders';
 *   setDefaultSignInLoaders(); // a loader the page set already is kept
 */
import { PaySignInElement } from './sign-in.js';

/** Sets each of `PaySignInElement.loaders` the page has not set to its default. */
export function setDefaultSignInLoaders(): void {
  const loaders = PaySignInElement.loaders;
  loaders.otp ??= () => import('./define/otp.js');
  loaders.passkey ??= () => import('./define/passkey.js');
  loaders.oauth ??= () => import('./define/oauth.js');
  loaders.phone ??= () => import('./define/phone.js');
}
