/**
 * `<pay-sign-in>`'s default `loaders.phone`: the phone field, imported beside the sign-in element (why:
 * sign-in-loaders.ts).
 */
import '../sign-in.js';
export { PhoneField } from '../../shared/phone-field.js';
