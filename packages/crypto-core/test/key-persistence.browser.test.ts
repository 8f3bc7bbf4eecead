/**
 * A session key outlives the document that made it: a fresh same-origin document (a new JS realm with
 * new module instances, as after a reload) loads the key from IndexedDB and signs with it.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { createSessionKey } from '../src/keys.js';
import { defaultKeyStore, indexedDbKeyStore } from '../src/key-store.js';
import { verifyStamp } from '../src/stamp.js';

function signInFreshDocument(keyId: string, payload: string): Promise<{ stamp?: string; error?: string }> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    const channel = `persist-${Math.random()}`;
    const onMessage = (event: MessageEvent): void => {
      if (event.data?.channel !== channel) return;
      window.removeEventListener('message', onMessage);
      frame.remove();
      resolve(event.data);
    };
    window.addEventListener('message', onMessage);
    setTimeout(() => reject(new Error('the fresh document did not answer')), 15_000);
    frame.srcdoc = `<script type="module">
      const post = (m) => parent.postMessage({ channel: ${JSON.stringify(channel)}, ...m }, '*');
      try {
        const { loadSessionKey } = await import('${location.origin}/packages/crypto-core/src/keys.ts');
        const { indexedDbKeyStore } = await import('${location.origin}/packages/crypto-core/src/key-store.ts');
        const key = await loadSessionKey(${JSON.stringify(keyId)}, indexedDbKeyStore({ database: 'paykit-persist-test' }));
        post(key ? { stamp: await key.stamp(${JSON.stringify(payload)}) } : { error: 'not found' });
      } catch (e) { post({ error: String(e) }); }
    </script>`;
    document.body.append(frame);
  });
}

describe('key persistence (IndexedDB)', () => {
  it('a key made here signs in a fresh document, and the private key never left as bytes', async () => {
    const store = indexedDbKeyStore({ database: 'paykit-persist-test' });
    const key = await createSessionKey({ store });
    const stored = await store.get<{ keyPair: CryptoKeyPair }>(`session-key:${key.id}`);
    expect(stored!.keyPair.privateKey).to.be.instanceOf(CryptoKey);
    expect(stored!.keyPair.privateKey.extractable).to.equal(false);
    const result = await signInFreshDocument(key.id, 'after-reload');
    expect(result.error).to.equal(undefined);
    expect((await verifyStamp(result.stamp!, 'after-reload')).publicKey).to.equal(key.publicKey);
  });

  it('the default store persists where IndexedDB works', async () => {
    const store = defaultKeyStore({ database: 'paykit-default-test' });
    await store.set('x', 1);
    expect(store.persistent).to.equal(true);
    expect(await store.get('x')).to.equal(1);
  });
});
