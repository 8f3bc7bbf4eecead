/**
 * `<pay-sign-in>`'s default `loaders.phone`: the phone field, imported beside `define/pay-sign-in` (why:
 * sign-in-loaders.ts).
 */
import '../../define/pay-sign-in.js';
export { PhoneField } from '../../shared/phone-field.js';
