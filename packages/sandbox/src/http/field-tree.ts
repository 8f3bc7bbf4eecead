/**
 * The shape of the fields a JSON request body may have, shared by the committed table
 * (`request-fields.generated.ts`, written by `scripts/generate-request-fields.mjs`) and the check that
 * reads it (`request-fields.ts`), so neither imports the other.
 *
 * @example
 *   const address: FieldTree = { fields: { city: true, country: true } };
 *   const destination: FieldTree = { by: 'destinationType', cases: { ACCOUNT: { accountId: true } } };
 */

/** `true`: anything goes below; `fields`: these names only; `by`/`cases`: the names of each discriminator value. */
export type FieldTree =
  true | { fields: Record<string, FieldTree> } | { by: string; cases: Record<string, Record<string, FieldTree>> };
