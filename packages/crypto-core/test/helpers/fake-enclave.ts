/**
 * The service's side of the enclave bundle format, for tests: an enclave signing key that signs bundles,
 * an OTP target key that opens sealed codes, and an export sealer. Real WebCrypto throughout.
 */
import { bytesToHex, hexToBytes, toArrayBuffer, utf8Decode, utf8Encode } from '../../src/encoding.js';
import { hpkeOpen, hpkeSeal } from '../../src/hpke.js';
import { exportPublicPoint, signatureRawToDer } from '../../src/p256.js';

export interface FakeEnclave {
  signer: string;
  bundle(data: Record<string, unknown>): Promise<string>;
  otpTargetBundle(): Promise<string>;
  openOtp(encryptedOtpBundle: string): Promise<{ otp_code: string; public_key: string }>;
  exportBundle(clientPublicKey: string, mnemonic: string, organizationId?: string): Promise<string>;
}

export async function fakeEnclave(): Promise<FakeEnclave> {
  const signing = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const target = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const signer = bytesToHex(await exportPublicPoint(signing.publicKey));
  const bundle = async (data: Record<string, unknown>): Promise<string> => {
    const dataBytes = utf8Encode(JSON.stringify(data));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signing.privateKey, toArrayBuffer(dataBytes)),
    );
    return JSON.stringify({
      version: 'v1.0.0',
      data: bytesToHex(dataBytes),
      dataSignature: bytesToHex(signatureRawToDer(raw)),
      enclaveQuorumPublic: signer,
    });
  };
  return {
    signer,
    bundle,
    otpTargetBundle: async () => bundle({ targetPublic: bytesToHex(await exportPublicPoint(target.publicKey)) }),
    async openOtp(encryptedOtpBundle) {
      const { encappedPublic, ciphertext } = JSON.parse(encryptedOtpBundle) as {
        encappedPublic: string;
        ciphertext: string;
      };
      const plaintext = await hpkeOpen({
        recipientKey: target,
        encappedPublic: hexToBytes(encappedPublic),
        ciphertext: hexToBytes(ciphertext),
      });
      return JSON.parse(utf8Decode(plaintext)) as { otp_code: string; public_key: string };
    },
    async exportBundle(clientPublicKey, mnemonic, organizationId = 'org_test') {
      const sealed = await hpkeSeal({
        recipientPublicKey: hexToBytes(clientPublicKey),
        plaintext: utf8Encode(mnemonic),
      });
      return bundle({
        encappedPublic: bytesToHex(sealed.encappedPublic),
        ciphertext: bytesToHex(sealed.ciphertext),
        organizationId,
      });
    },
  };
}
