/**
 * `verifyStamp`'s `keyCache`: a server verifying many stamps of one session key imports that key once,
 * and a key that does not import is not kept (the next stamp is judged afresh).
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { createSessionKey } from '../src/keys.js';
import { memoryKeyStore } from '../src/key-store.js';
import { decodeStamp, encodeStamp, verifyStamp, type StampSignerKey } from '../src/stamp.js';

describe('verifyStamp with a key cache', () => {
  it('imports a signer once and reuses it for later stamps', async () => {
    const key = await createSessionKey({ store: memoryKeyStore() });
    const cache = new Map<string, Promise<StampSignerKey>>();
    expect((await verifyStamp(await key.stamp('one'), 'one', { keyCache: cache })).publicKey).to.equal(key.publicKey);
    const cached = cache.get(key.publicKey);
    expect(cached, 'the signer is cached under its hex key').to.not.equal(undefined);
    expect((await verifyStamp(await key.stamp('two'), 'two', { keyCache: cache })).publicKey).to.equal(key.publicKey);
    expect(cache.get(key.publicKey)).to.equal(cached);
    expect(cache.size).to.equal(1);
    const wrong = await verifyStamp(await key.stamp('three'), 'not three', { keyCache: cache }).catch(
      (e: { code?: string }) => e.code,
    );
    expect(wrong).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('does not keep a key that is not on the curve', async () => {
    const key = await createSessionKey({ store: memoryKeyStore() });
    const stamp = decodeStamp(await key.stamp('payload'));
    const offCurve = `02${'ff'.repeat(32)}`; // x ≥ p: no such point
    const cache = new Map<string, Promise<StampSignerKey>>();
    const code = await verifyStamp(encodeStamp({ ...stamp, publicKey: offCurve }), 'payload', {
      keyCache: cache,
    }).catch((e: { code?: string }) => e.code);
    expect(code).to.equal('WALLET_SIGNATURE_MALFORMED');
    expect(cache.size).to.equal(0);
  });
});
