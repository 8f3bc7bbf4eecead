/**
 * The single-file classic build in a simulated mobile webview, end to end: the page loads
 * `paykit-core.global.js` with a script tag (one global, `PaykitCore`), talks to a fake iOS
 * `webkit.messageHandlers.paykit` or Android `window.paykit` whose native side is the test runner
 * (test/harness/wtr/webview-native-plugin.mjs) relaying each call to a real sandbox, and signs in with an
 * email OTP, makes a stamped call, finds the session again from IndexedDB with a new client, and logs
 * out. Native hears the session events, with ids only.
 * Runs in WebKitGTK (the engine closest to WKWebView), Chromium (Android's System WebView) and Firefox.
 * The runner plays both the app and its backend (it adds the platform credential itself); a real app
 * sends the calls to its backend's @paykit/proxy mount (docs/webview.md).
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { describe, it } from '@paykit/test-harness/suite';
import type { PageToNativeMessage } from '../src/webview/protocol.js';

type PaykitCoreGlobal = typeof import('../src/webview/single-file.js');
const SINGLE_FILE_URL = '/__paykit/single-file/paykit-core.global.js';
const SANDBOX_OTP_CODE = '000000';

const native = <R>(payload: Record<string, unknown>): Promise<R> =>
  executeServerCommand<R, unknown>('webview-native', payload) as Promise<R>;
const win = window as unknown as Record<string, any>;

let loaded: Promise<PaykitCoreGlobal> | undefined;
/** Loads the classic script once; resolves with the globals it added (expected: only PaykitCore). */
function loadClassicBuild(): Promise<PaykitCoreGlobal> {
  return (loaded ??= new Promise((resolve, reject) => {
    const before = new Set(Object.keys(window));
    const script = document.createElement('script');
    script.src = SINGLE_FILE_URL;
    script.onload = () => {
      expect(Object.keys(window).filter((name) => !before.has(name))).to.deep.equal(['PaykitCore']);
      resolve(win['PaykitCore'] as PaykitCoreGlobal);
    };
    script.onerror = () => reject(new Error(`${SINGLE_FILE_URL} did not load`));
    document.head.append(script);
  }));
}

/**
 * Installs the native channel as the platform exposes it. WKWebView's `postMessage` and an Android
 * `@JavascriptInterface` method return nothing; the app answers later by evaluating
 * `paykitReceive(<reply>)`, simulated here once the runner has relayed the call.
 */
function installNativeChannel(platform: 'ios' | 'android'): () => void {
  const postMessage = (json: string): void => {
    if (typeof json !== 'string') throw new TypeError('the bridge must post JSON text');
    void native<{ reply: object | null }>({ op: 'post', json }).then(({ reply }) => {
      if (reply) win['paykitReceive'](platform === 'android' ? JSON.stringify(reply) : reply);
    });
  };
  if (platform === 'ios') {
    Object.defineProperty(window, 'webkit', {
      value: { messageHandlers: { paykit: { postMessage } } },
      configurable: true,
      writable: true,
    });
    return () => delete win['webkit'];
  }
  win['paykit'] = { postMessage };
  return () => delete win['paykit'];
}

describe('single-file build in a simulated mobile webview', () => {
  for (const platform of ['ios', 'android'] as const) {
    it(`${platform}: signs in with an email OTP through the native bridge, makes a stamped call, logs out`, async () => {
      const { accountId } = await native<{ accountId: string }>({ op: 'start' });
      const core = await loadClassicBuild();
      const uninstall = installNativeChannel(platform);
      const bridge = core.createNativeBridge();
      const options = {
        transport: bridge.transport,
        trustedSigners: await core.sandboxSigners(bridge.transport),
        namespace: `webview-${platform}`,
      };
      const client = new core.WalletClient(options);
      try {
        bridge.forwardSessionEvents(client);
        const challenge = await client.requestOtp({ accountId });
        const session = await client.loginWithOtp({ challenge, code: SANDBOX_OTP_CODE });
        expect(session.accountId).to.equal(accountId);
        expect(client.session?.id).to.equal(session.id);
        expect((await core.setWalletPrivacy(client, true, accountId)).privateEnabled).to.equal(true);
        // the key and the session record are in IndexedDB: a client made after an app restart finds them
        expect(client.keyStore.persistent).to.equal(true);
        const restarted = new core.WalletClient(options);
        expect((await restarted.restore())?.id).to.equal(session.id);
        restarted.close();
        await client.logout();
        expect(client.session).to.equal(undefined);

        // events are fire-and-forget posts: wait (bounded) for the logout's to arrive
        let received: PageToNativeMessage[] = [];
        for (let tries = 0; tries < 50 && received.filter((m) => m.type === 'event').length < 3; tries++) {
          received = await native<PageToNativeMessage[]>({ op: 'received' });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const events = received.filter((m) => m.type === 'event');
        expect(events).to.deep.equal([
          { v: 1, type: 'event', event: 'session', session: null },
          {
            v: 1,
            type: 'event',
            event: 'session',
            session: { id: session.id, accountId, type: session.type, expiresAt: session.expiresAt },
          },
          { v: 1, type: 'event', event: 'session', session: null },
        ]);
        const requests = received.flatMap((m) => (m.type === 'request' ? [m.request] : []));
        // the app's credential is added by native; the page never holds one
        expect(
          requests.some((r) => Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === 'authorization')),
        ).to.equal(false);
        // the stamped call reached the service through native with its wallet signature header
        expect(
          requests.some(
            (r) => r.method === 'PATCH' && Object.keys(r.headers ?? {}).some((h) => /wallet-signature/i.test(h)),
          ),
        ).to.equal(true);
        // the code crosses only HPKE-sealed
        for (const r of requests)
          expect(Object.values(JSON.parse(r.body ?? '{}') as object)).to.not.include(SANDBOX_OTP_CODE);
      } finally {
        client.close();
        bridge.close();
        uninstall();
      }
    });
  }
});
