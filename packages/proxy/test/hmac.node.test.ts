import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { hmacSha256 } from '../src/hmac.js';

const secret = new TextEncoder().encode('a secret of at least thirty-two bytes!!');
const data = new TextEncoder().encode('v1.eyJpZCI6IngifQ');

/** hmacSha256 built as on a runtime without node:crypto (Workers, a page): WebCrypto only. */
function webCryptoOnly(): ReturnType<typeof hmacSha256> {
  const runtime = process as { getBuiltinModule?: unknown };
  const saved = runtime.getBuiltinModule;
  runtime.getBuiltinModule = undefined;
  try {
    return hmacSha256(secret);
  } finally {
    runtime.getBuiltinModule = saved;
  }
}

describe('proxy: HMAC-SHA-256 of the sign-in grants, with node:crypto and with WebCrypto', () => {
  const expected = new Uint8Array(createHmac('sha256', secret).update(data).digest());

  for (const [name, make] of [
    ['node:crypto', () => hmacSha256(secret)],
    ['WebCrypto', webCryptoOnly],
  ] as const) {
    it(`${name}: signs as RFC 2104 says, verifies its own tag, refuses a changed tag, datum or length`, async () => {
      const mac = make();
      const tag = await mac.sign(data);
      expect([...tag]).to.deep.equal([...expected]);
      expect(await mac.verify(tag, data)).to.equal(true);
      const flipped = tag.slice();
      flipped[31] = flipped[31]! ^ 1;
      expect(await mac.verify(flipped, data)).to.equal(false);
      expect(await mac.verify(tag, data.slice(1))).to.equal(false);
      expect(await mac.verify(tag.slice(0, 16), data)).to.equal(false);
    });
  }

  it('keeps its own copy of the secret: changing the caller’s bytes afterwards changes nothing', async () => {
    const bytes = secret.slice();
    const mac = hmacSha256(bytes);
    bytes.fill(0);
    expect([...(await mac.sign(data))]).to.deep.equal([...expected]);
  });
});
