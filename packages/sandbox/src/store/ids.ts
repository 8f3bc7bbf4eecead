/**
 * Identifiers the way the service shapes them (`Customer:<uuid>`, `Request:<uuid>`) and random bearer
 * tokens for URLs.
 *
 * @example
 *   newId('Quote'); // 'Quote:3f0c…'
 */
import { base64UrlEncode, bytesToHex, randomBytes } from '@paykit/crypto-core/encoding';

export const newId = (resource: string): string => `${resource}:${crypto.randomUUID()}`;

/** 32 random bytes, base64url: unguessable and URL-safe. */
export const randomToken = (): string => base64UrlEncode(randomBytes(32));

/** A sub-organization or user id in the key-management provider's style. */
export const providerId = (prefix: 'org' | 'user'): string => `${prefix}_${bytesToHex(randomBytes(12))}`;
