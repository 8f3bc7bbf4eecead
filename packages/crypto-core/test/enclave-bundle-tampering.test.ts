/** A signed enclave bundle with any field tampered is rejected (fails closed), never decoded. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { bytesToHex, hexToBytes, utf8Encode } from '../src/encoding.js';
import { PRODUCTION_OTP_SIGNER, verifyEnclaveBundle } from '../src/enclave-bundle.js';
import { PayError } from '../src/errors.js';
import { decryptExportBundle } from '../src/export.js';
import { encryptOtpCode } from '../src/otp.js';
import { fakeEnclave } from './helpers/fake-enclave.js';
import { hpkeKeyPair, loadVectors } from './helpers/vectors.js';

const flipHex = (hex: string, at: number): string =>
  hex.slice(0, at) + (parseInt(hex[at]!, 16) ^ 1).toString(16) + hex.slice(at + 1);

async function rejectionCode(bundle: string, signers: string[]): Promise<string | undefined> {
  try {
    await verifyEnclaveBundle(bundle, signers);
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe('enclave bundle tampering', () => {
  it('accepts the untouched bundle (control)', async () => {
    const { otp } = await loadVectors();
    expect(await rejectionCode(otp.otpEncryptionTargetBundle, [otp.enclaveSigningPublicKey])).to.equal(undefined);
  });

  const cases: [string, (b: Record<string, string>, signer: string) => unknown][] = [
    ['data: one flipped bit', (b) => (b['data'] = flipHex(b['data']!, 40))],
    [
      'data: replaced with another target key',
      (b) => (b['data'] = bytesToHex(utf8Encode(JSON.stringify({ targetPublic: PRODUCTION_OTP_SIGNER })))),
    ],
    ['data: truncated', (b) => (b['data'] = b['data']!.slice(0, -2))],
    [
      'dataSignature: one flipped bit in s',
      (b) => (b['dataSignature'] = flipHex(b['dataSignature']!, b['dataSignature']!.length - 3)),
    ],
    ['dataSignature: not DER', (b) => (b['dataSignature'] = 'deadbeef')],
    ['dataSignature: emptied (unsigned form)', (b) => ((b['dataSignature'] = ''), (b['enclaveQuorumPublic'] = ''))],
    ['dataSignature: emptied alone', (b) => (b['dataSignature'] = '')],
    ['enclaveQuorumPublic: emptied alone', (b) => (b['enclaveQuorumPublic'] = '')],
    ['enclaveQuorumPublic: an untrusted key', (b) => (b['enclaveQuorumPublic'] = PRODUCTION_OTP_SIGNER)],
    ['enclaveQuorumPublic: not a curve point', (b) => (b['enclaveQuorumPublic'] = '04' + '11'.repeat(64))],
    ['version: unknown', (b) => (b['version'] = 'v2.0.0')],
    ['version: missing', (b) => delete b['version']],
    ['data: not a string', (b) => ((b as Record<string, unknown>)['data'] = 42)],
  ];
  for (const [name, tamper] of cases) {
    it(`rejects ${name}`, async () => {
      const { otp } = await loadVectors();
      const bundle = JSON.parse(otp.otpEncryptionTargetBundle) as Record<string, string>;
      tamper(bundle, otp.enclaveSigningPublicKey);
      expect(await rejectionCode(JSON.stringify(bundle), [otp.enclaveSigningPublicKey])).to.equal(
        'BUNDLE_SIGNATURE_INVALID',
      );
    });
  }

  it('rejects a bundle that is not JSON', async () => {
    const { otp } = await loadVectors();
    expect(await rejectionCode(otp.otpEncryptionTargetBundle.slice(1), [otp.enclaveSigningPublicKey])).to.equal(
      'BUNDLE_SIGNATURE_INVALID',
    );
  });

  it('rejects a valid bundle when its signer is not pinned (production pins only)', async () => {
    const { otp } = await loadVectors();
    expect(await rejectionCode(otp.otpEncryptionTargetBundle, [PRODUCTION_OTP_SIGNER])).to.equal(
      'BUNDLE_SIGNATURE_INVALID',
    );
  });

  it('encryptOtpCode fails closed on a tampered bundle and seals nothing', async () => {
    const v = await loadVectors();
    const bundle = JSON.parse(v.otp.otpEncryptionTargetBundle) as Record<string, string>;
    bundle['data'] = flipHex(bundle['data']!, 10);
    let code: string | undefined;
    await encryptOtpCode({
      otpEncryptionTargetBundle: JSON.stringify(bundle),
      otpCode: '000000',
      publicKey: v.sessionKey.publicKeyUncompressed,
      trustedSigners: [v.otp.enclaveSigningPublicKey],
    }).catch((e: { code?: string }) => (code = e.code));
    expect(code).to.equal('BUNDLE_SIGNATURE_INVALID');
  });

  it('encryptOtpCode refuses a correctly signed bundle whose targetPublic is not a P-256 key, as a PayError', async () => {
    const v = await loadVectors();
    const enclave = await fakeEnclave();
    for (const targetPublic of ['04' + '11'.repeat(64), '04ab', 42]) {
      let error: unknown;
      await encryptOtpCode({
        otpEncryptionTargetBundle: await enclave.bundle({ targetPublic }),
        otpCode: '000000',
        publicKey: v.sessionKey.publicKeyUncompressed,
        trustedSigners: [enclave.signer],
      }).catch((e: unknown) => (error = e));
      expect(error, String(targetPublic)).to.be.instanceOf(PayError);
      expect((error as PayError).code).to.equal('BUNDLE_SIGNATURE_INVALID');
    }
  });

  it('decryptExportBundle refuses a tampered signed export bundle, allowUnsigned or not', async () => {
    const { exportWallet: v } = await loadVectors();
    const exportKey = await hpkeKeyPair(v.clientPrivateKey, v.clientPublicKey);
    const bundle = JSON.parse(v.encryptedWalletCredentials) as Record<string, string>;
    bundle['data'] = flipHex(bundle['data']!, 60);
    for (const allowUnsigned of [false, true]) {
      let code: string | undefined;
      await decryptExportBundle({
        encryptedWalletCredentials: JSON.stringify(bundle),
        exportKey,
        trustedSigners: [v.signerPublicKey],
        allowUnsigned,
      }).catch((e: { code?: string }) => (code = e.code));
      expect(code, `allowUnsigned: ${allowUnsigned}`).to.equal('BUNDLE_SIGNATURE_INVALID');
    }
  });

  it('a malformed pin is a PayError INVALID_ARGUMENT, not a raw TypeError', async () => {
    const { otp } = await loadVectors();
    for (const pins of [['zz'], ['04' + '11'.repeat(64)], []]) {
      let error: unknown;
      await verifyEnclaveBundle(otp.otpEncryptionTargetBundle, pins).catch((e: unknown) => (error = e));
      expect(error, JSON.stringify(pins)).to.be.instanceOf(PayError);
      expect((error as PayError).code).to.equal('INVALID_ARGUMENT');
    }
  });

  it('the signer pin matches in compressed form too', async () => {
    const { otp } = await loadVectors();
    const pub = hexToBytes(otp.enclaveSigningPublicKey);
    const compressed = bytesToHex(new Uint8Array([pub[64]! & 1 ? 3 : 2, ...pub.subarray(1, 33)]));
    expect(await rejectionCode(otp.otpEncryptionTargetBundle, [compressed])).to.equal(undefined);
  });
});
