/**
 * The test identity provider's signing key: RS256 (RSASSA-PKCS1-v1_5 with SHA-256, as Google and most
 * providers sign id_tokens) over WebCrypto, made on first use and kept for the sandbox's life. One key
 * serves both sides: the provider signs its tokens and publishes the public half as a JWKS; the API's
 * `checkOidcToken` verifies tokens of the provider's issuer with it, so a forged, unsigned (`alg: none`)
 * or re-algorithmed token of that identity fails as it would in production.
 *
 * @example
 *   const signer = createIdpSigner();
 *   const token = await signer.sign({ iss: signer.issuer, aud, sub, iat, exp, nonce });
 *   await signer.verify(token); // undefined when the signature holds, else why not
 */
import { base64UrlDecode, base64UrlEncode, toArrayBuffer, utf8Decode, utf8Encode } from '@paykit/crypto-core/encoding';

/** The `iss` of every token of the test identity provider (an https issuer, as the service accepts). */
export const SANDBOX_IDP_ISSUER = 'https://idp.sandbox.paykit.localhost';
/** The one algorithm the provider signs with, and the only one accepted for its issuer. */
export const IDP_ALGORITHM = 'RS256';

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** The provider's public key as its JWKS lists it (RSA: modulus `n`, exponent `e`). */
export interface IdpPublicJwk {
  kty: string;
  n: string;
  e: string;
  alg: string;
  use: 'sig';
  kid: string;
}

export interface IdpSigner {
  issuer: string;
  /** A compact JWS of `claims`, signed RS256 with the current key. */
  sign(claims: Record<string, unknown>): Promise<string>;
  /** `{keys: [public JWK]}`, served at the provider's `jwks_uri`. */
  jwks(): Promise<{ keys: IdpPublicJwk[] }>;
  /** Undefined when `token` is signed by this key with RS256; otherwise the reason it is refused. */
  verify(token: string): Promise<string | undefined>;
}

const segment = (value: unknown): string => base64UrlEncode(utf8Encode(JSON.stringify(value)));

export function createIdpSigner(issuer: string = SANDBOX_IDP_ISSUER): IdpSigner {
  let made: Promise<{ kid: string; pair: CryptoKeyPair; jwk: IdpPublicJwk }> | undefined;
  const key = () =>
    (made ??= (async () => {
      const pair = (await crypto.subtle.generateKey(
        { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
        false,
        ['sign', 'verify'],
      )) as CryptoKeyPair;
      const { kty, n, e } = await crypto.subtle.exportKey('jwk', pair.publicKey);
      const kid = `sandbox-idp-${base64UrlEncode(new Uint8Array(await crypto.subtle.digest('SHA-256', toArrayBuffer(utf8Encode(n!))))).slice(0, 16)}`;
      return { kid, pair, jwk: { kty: kty!, n: n!, e: e!, alg: IDP_ALGORITHM, use: 'sig', kid } };
    })());

  return {
    issuer,
    async sign(claims) {
      const { kid, pair } = await key();
      const input = `${segment({ alg: IDP_ALGORITHM, typ: 'JWT', kid })}.${segment(claims)}`;
      const signature = await crypto.subtle.sign(RSA, pair.privateKey, toArrayBuffer(utf8Encode(input)));
      return `${input}.${base64UrlEncode(new Uint8Array(signature))}`;
    },
    async jwks() {
      return { keys: [(await key()).jwk] };
    },
    async verify(token) {
      const [header, payload, signature] = token.split('.');
      let alg: unknown;
      let kid: unknown;
      try {
        ({ alg, kid } = JSON.parse(utf8Decode(base64UrlDecode(header ?? ''))) as { alg?: unknown; kid?: unknown });
      } catch {
        return 'Token header is not base64url JSON';
      }
      if (alg !== IDP_ALGORITHM) return `Token algorithm must be ${IDP_ALGORITHM} for this issuer`;
      const current = await key();
      if (kid !== current.kid) return 'Token kid names no key of this issuer';
      let bytes: Uint8Array;
      try {
        bytes = base64UrlDecode(signature ?? '');
      } catch {
        return 'Token signature is not base64url';
      }
      const valid = await crypto.subtle.verify(
        RSA,
        current.pair.publicKey,
        toArrayBuffer(bytes),
        toArrayBuffer(utf8Encode(`${header}.${payload}`)),
      );
      return valid ? undefined : 'Token signature does not verify against the issuer key';
    },
  };
}
