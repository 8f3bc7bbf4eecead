/**
 * The WebCrypto and Fetch types that the public API names, declared so that the package's types
 * compile with or without the DOM lib (a Node-only `tsconfig` with `lib: ["ES2022"]`, `types: ["node"]`,
 * `skipLibCheck: false`). Where the DOM lib (or a `@types/node` that declares it) provides a global
 * `CryptoKey`, `WebCryptoKey` is exactly that type; elsewhere it is the structural shape below.
 *
 * @example
 *   import type { WebCryptoKey } from '@paykit/crypto-core/web-types';
 *   function sign(key: WebCryptoKey) {}
 */

/** `CryptoKey` where the environment's types declare it; else its structural shape. */
export type WebCryptoKey = typeof globalThis extends { CryptoKey: { prototype: infer K } } ? K : CryptoKeyShape;

/** The shape of a WebCrypto `CryptoKey` (the members every runtime has). */
export interface CryptoKeyShape {
  readonly algorithm: { readonly name: string };
  readonly extractable: boolean;
  readonly type: 'private' | 'public' | 'secret';
  readonly usages: readonly string[];
}

/** `CryptoKeyPair`: the result of `crypto.subtle.generateKey` for an asymmetric algorithm. */
export interface WebCryptoKeyPair {
  privateKey: WebCryptoKey;
  publicKey: WebCryptoKey;
}

/** A JSON Web Key, with the members of the DOM's `JsonWebKey` that the elliptic-curve keys here use. */
export interface Jwk {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  d?: string;
  alg?: string;
  use?: string;
  ext?: boolean;
  key_ops?: string[];
}

/** `RequestCredentials` of `fetch`. */
export type FetchCredentials = 'include' | 'omit' | 'same-origin';
