/** Loads `../shared/vectors/wallet-crypto.json` and imports its test keys into WebCrypto. */
import { base64UrlEncode, hexToBytes } from '../../src/encoding.js';
import { readSharedJson } from '@paykit/test-harness/shared-files';

export interface WalletVectors {
  sessionKey: { privateKey: string; publicKeyUncompressed: string; publicKeyCompressed: string };
  stamp: { payloadToSign: string; signatureDer: string; stampJson: string; headerValue: string };
  oidcNonce: { clientPublicKey: string; nonce: string }[];
  otp: {
    targetPrivateKey: string;
    enclaveSigningPrivateKey: string;
    enclaveSigningPublicKey: string;
    otpEncryptionTargetBundle: string;
    ephemeralPrivateKey: string;
    plaintext: string;
    encryptedOtpBundle: string;
  };
  legacySession: {
    clientPrivateKey: string;
    clientPublicKey: string;
    sessionPrivateKey: string;
    ephemeralPrivateKey: string;
    encryptedSessionSigningKey: string;
  };
  exportWallet: {
    clientPrivateKey: string;
    clientPublicKey: string;
    ephemeralPrivateKey: string;
    organizationId: string;
    signerPublicKey: string;
    encryptedWalletCredentials: string;
    encryptedWalletCredentialsUnsigned: string;
    mnemonic: string;
  };
  passkeyChallenge: { sessionCreationBody: string; challenge: string; clientDataChallenge: string };
}

let cached: Promise<WalletVectors> | undefined;
export const loadVectors = (): Promise<WalletVectors> =>
  (cached ??= readSharedJson<WalletVectors>('vectors/wallet-crypto.json'));

/** An ECDSA signing key from a raw scalar and its uncompressed public key (JWK import works in every engine). */
function privateJwk(scalarHex: string, publicUncompressedHex: string): JsonWebKey {
  const pub = hexToBytes(publicUncompressedHex);
  return {
    kty: 'EC',
    crv: 'P-256',
    d: base64UrlEncode(hexToBytes(scalarHex)),
    x: base64UrlEncode(pub.subarray(1, 33)),
    y: base64UrlEncode(pub.subarray(33)),
  };
}

export function importEcdsaPrivateKey(scalarHex: string, publicUncompressedHex: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'jwk',
    privateJwk(scalarHex, publicUncompressedHex),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
}

/** An ECDH key pair (HPKE recipient or ephemeral key) from a raw scalar and its public point. */
export async function hpkeKeyPair(scalarHex: string, publicHex: string): Promise<CryptoKeyPair> {
  const { d: _d, ...publicJwk } = privateJwk(scalarHex, publicHex);
  const alg = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await crypto.subtle.importKey('jwk', privateJwk(scalarHex, publicHex), alg, false, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('jwk', publicJwk, alg, true, []),
  };
}
