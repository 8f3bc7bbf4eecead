/** Our single-suite HPKE against an independent implementation (@hpke/core), in both directions. */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { concatBytes, toArrayBuffer, utf8Decode, utf8Encode } from '../src/encoding.js';
import { HPKE_INFO, hpkeOpen, hpkeSeal } from '../src/hpke.js';
import { exportPublicPoint } from '../src/p256.js';

const reference = () =>
  new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const info = toArrayBuffer(utf8Encode(HPKE_INFO));

describe('HPKE interop with @hpke/core', () => {
  it('a message we seal opens with @hpke/core', async () => {
    const suite = reference();
    const recipient = await suite.kem.generateKeyPair();
    const recipientPoint = await exportPublicPoint(recipient.publicKey);
    const sealed = await hpkeSeal({
      recipientPublicKey: recipientPoint,
      plaintext: utf8Encode('{"otp_code":"123456"}'),
    });
    const ctx = await suite.createRecipientContext({
      recipientKey: recipient,
      enc: toArrayBuffer(sealed.encappedPublic),
      info,
    });
    const opened = await ctx.open(
      toArrayBuffer(sealed.ciphertext),
      toArrayBuffer(concatBytes(sealed.encappedPublic, recipientPoint)),
    );
    expect(utf8Decode(new Uint8Array(opened))).to.equal('{"otp_code":"123456"}');
  });

  it('a message @hpke/core seals opens with ours; a flipped bit does not', async () => {
    const suite = reference();
    const recipient = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const recipientPoint = await exportPublicPoint(recipient.publicKey);
    const sender = await suite.createSenderContext({
      recipientPublicKey: await suite.kem.importKey('raw', toArrayBuffer(recipientPoint), true),
      info,
    });
    const enc = new Uint8Array(sender.enc);
    const ciphertext = new Uint8Array(
      await sender.seal(toArrayBuffer(utf8Encode('abandon about')), toArrayBuffer(concatBytes(enc, recipientPoint))),
    );
    expect(utf8Decode(await hpkeOpen({ recipientKey: recipient, encappedPublic: enc, ciphertext }))).to.equal(
      'abandon about',
    );
    ciphertext[0]! ^= 1;
    let code: string | undefined;
    await hpkeOpen({ recipientKey: recipient, encappedPublic: enc, ciphertext }).catch(
      (e: { code?: string }) => (code = e.code),
    );
    expect(code).to.equal('DECRYPTION_FAILED');
  });
});
