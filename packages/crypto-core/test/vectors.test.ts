/** Every known-answer vector in ../shared/vectors/wallet-crypto.json, in Node and each browser engine. */
import { expect } from 'chai';
import { describe, it, runtime } from '@paykit/test-harness/suite';
import { base64UrlDecode, bytesToHex, hexToBytes, sha256, utf8Decode, utf8Encode } from '../src/encoding.js';
import { decryptExportBundle } from '../src/export.js';
import { PRODUCTION_EXPORT_SIGNER, PRODUCTION_OTP_SIGNER, verifyEnclaveBundle } from '../src/enclave-bundle.js';
import { decryptSessionSigningKey } from '../src/legacy-session.js';
import { oidcNonce } from '../src/oidc.js';
import { encryptOtpCode } from '../src/otp.js';
import { passkeyLoginChallenge } from '../src/passkey.js';
import { publicKeyForms, signatureDerToRaw, signatureRawToDer } from '../src/p256.js';
import { decodeStamp, encodeStamp, stampPayload, verifyStamp } from '../src/stamp.js';
import { hpkeKeyPair, importEcdsaPrivateKey, loadVectors } from './helpers/vectors.js';
import { hpkeOpen } from '../src/hpke.js';

/** The protocol page itself (`../shared/spec/wallet-protocol.md`), in Node and in the browser runner. */
async function protocolText(): Promise<string> {
  if (runtime === 'browser') return (await fetch('/__shared/spec/wallet-protocol.md')).text();
  const fsModule = 'node:fs/promises';
  const { readFile } = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
  return readFile(new URL('../../../../shared/spec/wallet-protocol.md', import.meta.url), 'utf8');
}

describe('wallet-crypto vectors', () => {
  it("production signer pins are the spec's keys, OTP and export in that order", async () => {
    const section = (await protocolText()).split('## 5.')[1]!.split('## 6.')[0]!;
    const keys = section.match(/04[0-9a-f]{128}/g);
    expect(keys).to.deep.equal([PRODUCTION_OTP_SIGNER, PRODUCTION_EXPORT_SIGNER]);
  });

  it('stamp: re-encoding the vector stamp gives the vector header value byte for byte', async () => {
    const { stamp } = await loadVectors();
    expect(encodeStamp(decodeStamp(stamp.headerValue))).to.equal(stamp.headerValue);
    expect(encodeStamp(decodeStamp(stamp.headerValue + '='))).to.equal(stamp.headerValue); // padded input decodes too
  });

  it('session key: compresses and decompresses both ways', async () => {
    const v = (await loadVectors()).sessionKey;
    expect(publicKeyForms(v.publicKeyUncompressed).compressed).to.equal(v.publicKeyCompressed);
    expect(publicKeyForms(v.publicKeyCompressed).uncompressed).to.equal(v.publicKeyUncompressed);
  });

  it('stamp: the vector header verifies and decodes to the vector stampJson (high-S accepted)', async () => {
    const v = await loadVectors();
    expect(utf8Decode(base64UrlDecode(v.stamp.headerValue))).to.equal(v.stamp.stampJson);
    const { publicKey } = await verifyStamp(v.stamp.headerValue, v.stamp.payloadToSign);
    expect(publicKey).to.equal(v.sessionKey.publicKeyCompressed);
    // The vector's s is high: the top bit of s's 32 bytes is set and it exceeds n/2.
    const s = signatureDerToRaw(hexToBytes(v.stamp.signatureDer)).subarray(32);
    expect(s[0]! >= 0x80).to.equal(true);
  });

  it('stamp: DER <-> raw round-trips the vector signature exactly', async () => {
    const { stamp } = await loadVectors();
    expect(bytesToHex(signatureRawToDer(signatureDerToRaw(hexToBytes(stamp.signatureDer))))).to.equal(
      stamp.signatureDer,
    );
  });

  it('stamp: signing the vector payload with the vector key gives a stamp that verifies, in the exact JSON shape', async () => {
    const v = await loadVectors();
    const key = await importEcdsaPrivateKey(v.sessionKey.privateKey, v.sessionKey.publicKeyUncompressed);
    const header = await stampPayload(v.stamp.payloadToSign, key, v.sessionKey.publicKeyCompressed);
    expect(header).to.match(/^[A-Za-z0-9_-]+$/);
    const json = utf8Decode(base64UrlDecode(header));
    expect(
      json.startsWith(
        `{"publicKey":"${v.sessionKey.publicKeyCompressed}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"30`,
      ),
    ).to.equal(true);
    expect(decodeStamp(header).publicKey).to.equal(v.sessionKey.publicKeyCompressed);
    expect((await verifyStamp(header, v.stamp.payloadToSign)).publicKey).to.equal(v.sessionKey.publicKeyCompressed);
    let rejected: unknown;
    await verifyStamp(header, v.stamp.payloadToSign + ' ').catch((e: unknown) => (rejected = e));
    expect((rejected as { code?: string }).code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('OIDC nonce: SHA-256 of the hex text of the public key', async () => {
    for (const { clientPublicKey, nonce } of (await loadVectors()).oidcNonce)
      expect(await oidcNonce(clientPublicKey)).to.equal(nonce);
  });

  it('OTP: the target bundle verifies and yields targetPublic', async () => {
    const { otp } = await loadVectors();
    const data = await verifyEnclaveBundle(otp.otpEncryptionTargetBundle, [otp.enclaveSigningPublicKey]);
    expect(String(data['targetPublic'])).to.match(/^04[0-9a-f]{128}$/);
  });

  it('OTP: sealing with the vector ephemeral key reproduces encryptedOtpBundle byte for byte', async () => {
    const v = await loadVectors();
    const ephemeralPublic = JSON.parse(v.otp.encryptedOtpBundle).encappedPublic as string;
    const out = await encryptOtpCode({
      otpEncryptionTargetBundle: v.otp.otpEncryptionTargetBundle,
      otpCode: '000000',
      publicKey: v.sessionKey.publicKeyUncompressed,
      trustedSigners: [v.otp.enclaveSigningPublicKey],
      ephemeralKeyPair: await hpkeKeyPair(v.otp.ephemeralPrivateKey, ephemeralPublic),
    });
    expect(out).to.equal(v.otp.encryptedOtpBundle);
  });

  it('OTP: the target key opens a randomized seal to the exact plaintext', async () => {
    const v = await loadVectors();
    const sealed = JSON.parse(
      await encryptOtpCode({
        otpEncryptionTargetBundle: v.otp.otpEncryptionTargetBundle,
        otpCode: '000000',
        publicKey: v.sessionKey.publicKeyCompressed,
        trustedSigners: [v.otp.enclaveSigningPublicKey],
      }),
    ) as { encappedPublic: string; ciphertext: string };
    const data = await verifyEnclaveBundle(v.otp.otpEncryptionTargetBundle, [v.otp.enclaveSigningPublicKey]);
    const target = await hpkeKeyPair(v.otp.targetPrivateKey, String(data['targetPublic']));
    const plaintext = await hpkeOpen({
      recipientKey: target,
      encappedPublic: hexToBytes(sealed.encappedPublic),
      ciphertext: hexToBytes(sealed.ciphertext),
    });
    expect(utf8Decode(plaintext)).to.equal(v.otp.plaintext);
  });

  it('export: opens the signed bundle to the mnemonic', async () => {
    const { exportWallet: v } = await loadVectors();
    const exportKey = await hpkeKeyPair(v.clientPrivateKey, v.clientPublicKey);
    const mnemonic = await decryptExportBundle({
      encryptedWalletCredentials: v.encryptedWalletCredentials,
      exportKey,
      trustedSigners: [v.signerPublicKey],
      organizationId: v.organizationId,
    });
    expect(mnemonic).to.equal(v.mnemonic);
  });

  it('export: the unsigned sandbox form opens only with allowUnsigned', async () => {
    const { exportWallet: v } = await loadVectors();
    const exportKey = await hpkeKeyPair(v.clientPrivateKey, v.clientPublicKey);
    const params = {
      encryptedWalletCredentials: v.encryptedWalletCredentialsUnsigned,
      exportKey,
      trustedSigners: [v.signerPublicKey],
    };
    expect(await decryptExportBundle({ ...params, allowUnsigned: true })).to.equal(v.mnemonic);
    let error: unknown;
    await decryptExportBundle(params).catch((e: unknown) => (error = e));
    expect((error as { code?: string }).code).to.equal('BUNDLE_SIGNATURE_INVALID');
  });

  it('legacy session: base58check + HPKE opens to the session private key', async () => {
    const { legacySession: v } = await loadVectors();
    const clientKey = await hpkeKeyPair(v.clientPrivateKey, v.clientPublicKey);
    expect(
      bytesToHex(
        await decryptSessionSigningKey({ encryptedSessionSigningKey: v.encryptedSessionSigningKey, clientKey }),
      ),
    ).to.equal(v.sessionPrivateKey);
  });

  it('passkey: the challenge is SHA-256 hex of the session-creation body, sent as UTF-8 of that hex', async () => {
    const { passkeyChallenge: v } = await loadVectors();
    expect(bytesToHex(await sha256(utf8Encode(v.sessionCreationBody)))).to.equal(v.challenge);
    expect(passkeyLoginChallenge(v.challenge)).to.equal(v.clientDataChallenge);
  });
});
