/**
 * The sandbox's stand-in for the service's enclave: one ECDSA P-256 key that signs OTP target
 * bundles and export bundles (the envelope of wallet-protocol section 5) and the ES256 verification
 * JWTs of OTP login. Its public key is published at `GET /sandbox/enclave-keys` for clients to pin.
 * The key is made synchronously (node:crypto, reached through `process.getBuiltinModule` so the module
 * also loads where Node is absent: browser tests run the sandbox in the page) so `createSandbox` can list
 * its signer at once; pass a private JWK to keep the same pin across restarts, or where node:crypto is
 * not available.
 *
 * @example
 *   const enclave = createEnclave();
 *   const bundle = await enclave.envelope({ targetPublic: '04…' });   // signed envelope string
 *   const jwt = await enclave.jwt({ id: 'vt_…', public_key: '02…' });
 */
import type * as NodeCrypto from 'node:crypto';
import {
  base64UrlDecode,
  base64UrlEncode,
  bytesToHex,
  concatBytes,
  toArrayBuffer,
  utf8Encode,
} from '@paykit/crypto-core/encoding';
import { signatureRawToDer } from '@paykit/crypto-core/p256';
import type { Jwk, WebCryptoKey } from '@paykit/crypto-core/web-types';

export interface Enclave {
  /** Uncompressed hex public key: the sandbox's pin for OTP and export bundles. */
  readonly publicKey: string;
  /** `{"version":"v1.0.0","data":hex(JSON),"dataSignature":DER hex,"enclaveQuorumPublic":…}` as a string. */
  envelope(data: Record<string, unknown>, options?: { unsigned?: boolean }): Promise<string>;
  /** A compact ES256 JWT over `claims`. */
  jwt(claims: Record<string, unknown>): Promise<string>;
}

const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

function freshPrivateJwk(): Jwk {
  const nodeCrypto = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule?.('node:crypto') as typeof NodeCrypto | undefined;
  if (!nodeCrypto) throw new TypeError('createSandbox needs an enclaveKey where node:crypto is not available');
  return nodeCrypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' }) as Jwk;
}

export function createEnclave(privateJwk: Jwk = freshPrivateJwk()): Enclave {
  const { kty, crv, x, y, d } = privateJwk;
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y || !d) throw new TypeError('enclaveKey must be a private P-256 JWK');
  const publicKey = bytesToHex(concatBytes(new Uint8Array([4]), base64UrlDecode(x), base64UrlDecode(y)));
  let signingKey: Promise<WebCryptoKey> | undefined;
  const sign = async (bytes: Uint8Array): Promise<Uint8Array> => {
    signingKey ??= crypto.subtle.importKey(
      'jwk',
      { kty, crv, x, y, d },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    return new Uint8Array(await crypto.subtle.sign(ECDSA_SHA256, await signingKey, toArrayBuffer(bytes)));
  };
  return {
    publicKey,
    async envelope(data, options = {}) {
      const dataBytes = utf8Encode(JSON.stringify(data));
      const signed = !options.unsigned;
      return JSON.stringify({
        version: 'v1.0.0',
        data: bytesToHex(dataBytes),
        dataSignature: signed ? bytesToHex(signatureRawToDer(await sign(dataBytes))) : '',
        enclaveQuorumPublic: signed ? publicKey : '',
      });
    },
    async jwt(claims) {
      const segment = (value: unknown): string => base64UrlEncode(utf8Encode(JSON.stringify(value)));
      const signingInput = `${segment({ alg: 'ES256', typ: 'JWT' })}.${segment(claims)}`;
      return `${signingInput}.${base64UrlEncode(await sign(utf8Encode(signingInput)))}`;
    },
  };
}
