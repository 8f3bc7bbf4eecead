/**
 * What `<pay-sign-in>`'s default `loaders.phone` imports: the phone field. It also imports the sign-in element,
 * which is loaded already when this runs (so it costs nothing): with it, every chunk the element loads later
 * reaches the same modules, and a splitting bundler (esbuild) puts the element in the one chunk they share
 * instead of a chunk of its own: a file less up front (see sign-in-loaders.ts).
 */
import '../sign-in.js';
export { PhoneField } from '../../shared/phone-field.js';
