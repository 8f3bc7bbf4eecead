/** Where IndexedDB is refused (private modes, sandboxed frames), the default store falls back to memory and keys still work. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { PayError } from '../src/errors.js';
import { createSessionKey, loadSessionKey } from '../src/keys.js';
import { defaultKeyStore, indexedDbKeyStore } from '../src/key-store.js';
import { verifyStamp } from '../src/stamp.js';

/** Runs `fn` with `globalThis.indexedDB` replaced, then puts the original back. */
async function withIndexedDb(replacement: unknown, fn: () => Promise<void>): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  const own = Object.getOwnPropertyDescriptor(g, 'indexedDB');
  Object.defineProperty(g, 'indexedDB', { value: replacement, configurable: true, writable: true });
  try {
    await fn();
  } finally {
    if (own) Object.defineProperty(g, 'indexedDB', own);
    else delete g['indexedDB'];
  }
}

/** `open()` throws, as in a sandboxed frame (SecurityError in Chromium, Firefox and WebKit). */
const throwingOpen = {
  open: () => {
    throw new DOMException('access to the Indexed Database API is denied', 'SecurityError');
  },
};
/** `open()` answers with an error event, as in some private modes. */
const failingOpen = {
  open: () => {
    const request: { error: DOMException; onerror?: () => void; onsuccess?: () => void; onupgradeneeded?: () => void } =
      {
        error: new DOMException('refused', 'InvalidStateError'),
      };
    setTimeout(() => request.onerror?.(), 0);
    return request;
  },
};

describe('key store fallback', () => {
  for (const [name, refusing] of [
    ['open() throws', throwingOpen],
    ['open() fails', failingOpen],
  ] as const) {
    it(`IndexedDB refused (${name}): indexedDbKeyStore reports KEY_STORE_UNAVAILABLE, defaultKeyStore keeps keys in memory`, async () => {
      await withIndexedDb(refusing, async () => {
        let error: unknown;
        await indexedDbKeyStore({ database: 'paykit-refused' })
          .get('x')
          .catch((e: unknown) => (error = e));
        expect(error).to.be.instanceOf(PayError);
        expect((error as PayError).code).to.equal('KEY_STORE_UNAVAILABLE');

        const store = defaultKeyStore({ database: 'paykit-refused' });
        const key = await createSessionKey({ store });
        expect(store.persistent).to.equal(false);
        const loaded = await loadSessionKey(key.id, store);
        expect((await verifyStamp(await loaded!.stamp('p'), 'p')).publicKey).to.equal(key.publicKey);
      });
    });
  }

  it('no IndexedDB at all (Node, some webviews): memory, not persistent', async () => {
    await withIndexedDb(undefined, async () => {
      const store = defaultKeyStore();
      expect(store.persistent).to.equal(false);
      const key = await createSessionKey({ store });
      expect((await loadSessionKey(key.id, store))?.publicKey).to.equal(key.publicKey);
    });
  });
});
