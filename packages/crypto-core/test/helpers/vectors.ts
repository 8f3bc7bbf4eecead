/** Loads `../shared/vectors/wallet-crypto.json` and imports its test keys into WebCrypto. */
import { base64UrlEncode, hexToBytes } from '../../src/encoding.js';
import { importHpkeKeyPair } from '../../src/hpke.js';
import { readSharedJson } from '../../../../test/harness/shared-files.js';

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
  legacySession: { clientPrivateKey: string; clientPublicKey: string; sessionPrivateKey: string; ephemeralPrivateKey: string; encryptedSessionSigningKey: string };
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
export const loadVectors = (): Promise<WalletVectors> => (cached ??= readSharedJson<WalletVectors>('vectors/wallet-crypto.json'));

/** An ECDSA signing key from a raw scalar and its uncompressed public key (JWK import works in every engine). */
export function importEcdsaPrivateKey(scalarHex: string, publicUncompressedHex: string): Promise<CryptoKey> {
  const pub = hexToBytes(publicUncompressedHex);
  return crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', d: base64UrlEncode(hexToBytes(scalarHex)), x: base64UrlEncode(pub.subarray(1, 33)), y: base64UrlEncode(pub.subarray(33)) },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
}

export const hpkeKeyPair = (scalarHex: string, publicHex: string): Promise<CryptoKeyPair> =>
  importHpkeKeyPair(hexToBytes(scalarHex), hexToBytes(publicHex));
