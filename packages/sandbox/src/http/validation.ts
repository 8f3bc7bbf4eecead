/**
 * Validation at the edge: JSON bodies are parsed strictly and every field is checked before anything
 * changes, collecting every problem into one 400 INVALID_INPUT with `details.errors[]` of
 * `{field, constraint, message}` (dotted paths, as the spec's FieldError).
 *
 * @example
 *   const f = new Fields(await readJsonObject(c));
 *   const email = f.string('email', { required: true, format: 'email' });
 *   const amount = f.integer('amount', { required: true, min: 1 });
 *   f.done(); // throws INVALID_INPUT listing every invalid field
 *
 * Fields a body may not have at all are refused before the route runs (request-fields.ts).
 */
import type { Context } from 'hono';
import { publicKeyForms } from '@paykit/crypto-core/p256';
import { fieldError, invalidInput, type FieldConstraint, type FieldError } from './errors.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const E164 = '^\\+[1-9]\\d{1,14}$';
export const COUNTRY = '^[A-Z]{2}$';
export const UMA_ADDRESS = '^\\$[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$';
export const COMPRESSED_KEY = '^0[23][0-9a-fA-F]{64}$';
export const UNCOMPRESSED_KEY = '^04[0-9a-fA-F]{128}$';
/**
 * A session key: compressed (client-held-key model) or uncompressed (deprecated legacy model). Hex of
 * either case, as the service's pattern; routes keep the lower-case form (`lowerHex`), which stamps carry.
 */
export const CLIENT_PUBLIC_KEY = '^(?:0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$';
/**
 * The largest amount, in a currency's smallest unit, any request may carry (quotes, sends, card
 * simulations, deposits) and any receiver or rate advertises: below `Number.MAX_SAFE_INTEGER`, so sums stay exact.
 */
export const MAX_AMOUNT = 9_000_000_000_000_000;

export const lowerHex = <T extends string | undefined>(hex: T): T =>
  hex === undefined ? hex : (hex.toLowerCase() as T);

/** A `check` for hex public keys: undefined for a valid P-256 point, else why not. */
export function pointProblem(hex: string): string | undefined {
  try {
    publicKeyForms(hex);
    return undefined;
  } catch {
    return 'is not a P-256 public key';
  }
}

/** Parses the body text as JSON (empty means `{}`); INVALID_INPUT when it is not a JSON object. */
export function parseJsonObject(text: string): JsonObject {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidInput(
      [fieldError('body', 'is not valid JSON', { format: 'json' })],
      'The request body is not valid JSON',
    );
  }
  if (!isObject(value))
    throw invalidInput(
      [fieldError('body', 'must be a JSON object', { format: 'json' })],
      'The request body must be a JSON object',
    );
  return value;
}

export async function readJsonObject(c: Context): Promise<JsonObject> {
  return parseJsonObject(await c.req.text());
}

interface StringRule {
  required?: boolean;
  pattern?: string;
  format?: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  /** Checked after the other rules; return a message to reject. */
  check?: (value: string) => string | undefined;
}

interface IntegerRule {
  required?: boolean;
  min?: number;
  max?: number;
  /** Accept JSON null (for example to clear a limit). */
  nullable?: boolean;
}

/** Collects field errors over one JSON object (and nested ones through `object`). */
export class Fields {
  readonly errors: FieldError[];

  constructor(
    readonly body: JsonObject,
    private readonly prefix = '',
    errors?: FieldError[],
  ) {
    this.errors = errors ?? [];
  }

  path(name: string): string {
    return this.prefix ? `${this.prefix}.${name}` : name;
  }

  has(name: string): boolean {
    return this.body[name] !== undefined;
  }

  fail(name: string, message: string, constraint: FieldConstraint = {}): undefined {
    this.errors.push(fieldError(this.path(name), message, constraint));
    return undefined;
  }

  string(name: string, rule: StringRule = {}): string | undefined {
    const value = this.body[name];
    const constraint: FieldConstraint = {};
    if (rule.pattern) constraint.pattern = rule.pattern;
    if (rule.format) constraint.format = rule.format;
    if (rule.enum) constraint.enum = [...rule.enum];
    if (rule.minLength !== undefined) constraint.minLength = rule.minLength;
    if (rule.maxLength !== undefined) constraint.maxLength = rule.maxLength;
    if (value === undefined || value === null)
      return rule.required ? this.fail(name, 'is required', constraint) : undefined;
    if (typeof value !== 'string') return this.fail(name, 'must be a string', constraint);
    if (rule.required && value.length === 0)
      return this.fail(name, 'must not be empty', { ...constraint, minLength: rule.minLength ?? 1 });
    if (rule.minLength !== undefined && value.length < rule.minLength)
      return this.fail(name, `must be at least ${rule.minLength} characters`, constraint);
    if (rule.maxLength !== undefined && value.length > rule.maxLength)
      return this.fail(name, `must be at most ${rule.maxLength} characters`, constraint);
    if (rule.enum && !rule.enum.includes(value))
      return this.fail(name, `must be one of ${rule.enum.join(', ')}`, constraint);
    if (rule.pattern && !new RegExp(rule.pattern).test(value))
      return this.fail(name, 'does not match the required pattern', constraint);
    if (rule.format === 'email' && !EMAIL.test(value)) return this.fail(name, 'must be an email address', constraint);
    const problem = rule.check?.(value);
    if (problem) return this.fail(name, problem, constraint);
    return value;
  }

  integer(name: string, rule: IntegerRule = {}): number | null | undefined {
    const value = this.body[name];
    if (value === undefined) return rule.required ? this.fail(name, 'is required') : undefined;
    if (value === null) return rule.nullable ? null : this.fail(name, 'must not be null');
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return this.fail(name, 'must be an integer');
    if (rule.min !== undefined && value < rule.min) return this.fail(name, `must be at least ${rule.min}`);
    if (rule.max !== undefined && value > rule.max) return this.fail(name, `must be at most ${rule.max}`);
    return value;
  }

  boolean(name: string, rule: { required?: boolean } = {}): boolean | undefined {
    const value = this.body[name];
    if (value === undefined) return rule.required ? this.fail(name, 'is required') : undefined;
    if (typeof value !== 'boolean') return this.fail(name, 'must be a boolean');
    return value;
  }

  stringArray(name: string, rule: { required?: boolean; pattern?: string } = {}): string[] | undefined {
    const value = this.body[name];
    if (value === undefined) return rule.required ? this.fail(name, 'is required') : undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
      return this.fail(name, 'must be an array of strings');
    if (rule.pattern && !value.every((v) => new RegExp(rule.pattern!).test(v)))
      return this.fail(name, 'has an item that does not match the required pattern', { pattern: rule.pattern });
    return value as string[];
  }

  /** A nested object, validated through the returned Fields (errors are shared). */
  object(name: string, rule: { required?: boolean } = {}): Fields | undefined {
    const value = this.body[name];
    if (value === undefined || value === null) return rule.required ? this.fail(name, 'is required') : undefined;
    if (!isObject(value)) return this.fail(name, 'must be an object');
    return new Fields(value, this.path(name), this.errors);
  }

  /**
   * An `Address` of the OpenAPI: whenever one is given it has `line1`, `postalCode` and `country` (the
   * service rejects a partial one; `line2`, `city` and `state` are optional).
   */
  address(name: string, rule: { required?: boolean } = {}): void {
    const address = this.object(name, rule);
    if (!address) return;
    for (const field of ['line1', 'postalCode']) address.string(field, { required: true });
    for (const field of ['line2', 'city', 'state']) address.string(field);
    address.string('country', { required: true, pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  }

  /** Throws INVALID_INPUT when any field failed. */
  done(): void {
    if (this.errors.length > 0) throw invalidInput(this.errors);
  }
}
