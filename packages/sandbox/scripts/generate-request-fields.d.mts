/** Generates src/http/request-fields.generated.ts from the OpenAPI (see generate-request-fields.mjs). */
import type { FieldTree } from '../src/http/field-tree.js';
export const OUTPUT_FILE: string;
export const GENERATE_COMMAND: string;
/** The field tree of one request schema of `document`. */
export function fieldTree(document: unknown, schema: unknown): FieldTree;
/** `{ 'METHOD /template': tree }` for the given operations that take a JSON body. */
export function requestFieldTable(document: unknown, operations: string[]): Record<string, FieldTree>;
/** `{ 'METHOD /template': { param: values } }` for the given operations' enumerated query parameters. */
export function queryEnumTable(document: unknown, operations: string[]): Record<string, Record<string, string[]>>;
/** The tables as the TypeScript module's text (before formatting). */
export function render(table: Record<string, FieldTree>, queryEnums?: Record<string, Record<string, string[]>>): string;
