/** Session keys: non-extractable in every engine, stamps that verify, stores that keep and forget them. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { createSessionKey, deleteSessionKey, loadSessionKey } from '../src/keys.js';
import { memoryKeyStore } from '../src/key-store.js';
import { createExportKey } from '../src/export.js';
import { publicKeyForms } from '../src/p256.js';
import { verifyStamp } from '../src/stamp.js';

describe('session keys', () => {
  it('has a compressed and an uncompressed public key of the same point', async () => {
    const key = await createSessionKey({ store: memoryKeyStore() });
    expect(key.publicKey).to.match(/^0[23][0-9a-f]{64}$/);
    expect(key.publicKeyUncompressed).to.match(/^04[0-9a-f]{128}$/);
    expect(publicKeyForms(key.publicKeyUncompressed).compressed).to.equal(key.publicKey);
  });

  it('stamps a payload that verifies against its public key', async () => {
    const key = await createSessionKey({ store: memoryKeyStore() });
    const payload = '{"organizationId":"org_1","parameters":{},"timestampMs":"1","type":"ACTIVITY_TYPE_X"}';
    expect((await verifyStamp(await key.stamp(payload), payload)).publicKey).to.equal(key.publicKey);
  });

  it('the private key cannot be exported in any format', async () => {
    const store = memoryKeyStore();
    const key = await createSessionKey({ store, id: 'k1' });
    const stored = await store.get<{ keyPair: CryptoKeyPair }>('session-key:k1');
    const privateKey = stored!.keyPair.privateKey;
    expect(privateKey.extractable).to.equal(false);
    for (const format of ['jwk', 'pkcs8', 'raw'] as const) {
      let exported = false;
      await crypto.subtle.exportKey(format, privateKey).then(
        () => (exported = true),
        () => undefined,
      );
      expect(exported, `exportKey(${format}) must fail`).to.equal(false);
    }
    expect(key).to.not.have.property('privateKey');
    expect(JSON.stringify(key)).to.not.match(/"d"/);
  });

  it('the export key is non-extractable too', async () => {
    const exportKey = await createExportKey();
    expect(exportKey.keyPair.privateKey.extractable).to.equal(false);
    let exported = false;
    await crypto.subtle.exportKey('jwk', exportKey.keyPair.privateKey).then(
      () => (exported = true),
      () => undefined,
    );
    expect(exported).to.equal(false);
    expect(exportKey.publicKey).to.match(/^04[0-9a-f]{128}$/);
  });

  it('loads by id from its store and is gone after delete', async () => {
    const store = memoryKeyStore();
    const key = await createSessionKey({ store });
    const loaded = await loadSessionKey(key.id, store);
    expect(loaded?.publicKey).to.equal(key.publicKey);
    const payload = 'hello';
    expect((await verifyStamp(await loaded!.stamp(payload), payload)).publicKey).to.equal(key.publicKey);
    await deleteSessionKey(key.id, store);
    expect(await loadSessionKey(key.id, store)).to.equal(undefined);
  });
});
