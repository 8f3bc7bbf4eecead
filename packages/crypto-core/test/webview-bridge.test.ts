/**
 * The webview bridge against a scripted native side: the request message carries exactly the call, the
 * reply becomes the `TransportResponse`, native failures, timeouts, aborts and a foreign protocol
 * version become typed errors, iOS and Android channels are found, and session events carry ids only.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { CurrentSession } from '../src/session.js';
import {
  BRIDGE_PROTOCOL_VERSION,
  createNativeBridge,
  findNativeHost,
  type PageToNativeMessage,
} from '../src/webview/index.js';
import { failure } from './helpers/pay-error.js';

/** A native side that records what the page sent; `reply` calls the receiver as native would. */
function fakeNative() {
  const scope: Record<string, any> = {};
  const sent: PageToNativeMessage[] = [];
  const bridge = createNativeBridge({ scope, post: (json) => sent.push(JSON.parse(json)), timeoutMs: 2_000 });
  const reply = (message: unknown): void => scope['paykitReceive'](message);
  const lastId = (): string => (sent.at(-1) as { id: string }).id;
  return { scope, sent, bridge, reply, lastId };
}

const session: CurrentSession = {
  id: 'Session:1',
  accountId: 'InternalAccount:1',
  type: 'EMAIL_OTP',
  authMethodId: 'AuthMethod:1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  keyId: 'k-secret-store-id',
};

describe('webview bridge', () => {
  it('refuses a multipart form (a document upload) instead of dropping its body: nothing reaches native', async () => {
    const native = fakeNative();
    const form = new FormData();
    form.set('documentType', 'PASSPORT');
    const error = await failure(native.bridge.transport({ method: 'POST', path: '/documents', form }));
    expect(error.code).to.equal('INVALID_ARGUMENT');
    expect(native.sent).to.deep.equal([]);
  });

  it("sends the call as one request message and returns native's reply (JSON text or object)", async () => {
    const native = fakeNative();
    const pending = native.bridge.transport({
      method: 'POST',
      path: '/auth/credentials/AuthMethod:1/verify',
      query: { accountId: 'InternalAccount:1', skipped: undefined },
      headers: { 'Grid-Wallet-Signature': 'stamp' },
      body: '{"a":1}',
    });
    expect(native.sent).to.deep.equal([
      {
        v: 1,
        type: 'request',
        id: native.lastId(),
        request: {
          method: 'POST',
          path: '/auth/credentials/AuthMethod:1/verify',
          query: { accountId: 'InternalAccount:1' },
          headers: { 'Grid-Wallet-Signature': 'stamp' },
          body: '{"a":1}',
        },
      },
    ]);
    native.reply(
      JSON.stringify({
        v: 1,
        type: 'response',
        id: native.lastId(),
        status: 201,
        headers: { 'Request-Id': 'r1' },
        body: '{"ok":true}',
      }),
    );
    expect(await pending).to.deep.equal({ status: 201, headers: { 'request-id': 'r1' }, body: { ok: true } });

    const second = native.bridge.transport({ method: 'GET', path: '/auth/sessions' });
    expect(native.sent[1]).to.deep.equal({
      v: 1,
      type: 'request',
      id: native.lastId(),
      request: { method: 'GET', path: '/auth/sessions' },
    });
    expect(native.lastId()).to.not.equal((native.sent[0] as { id: string }).id);
    native.reply({ v: 1, type: 'response', id: native.lastId(), status: 204 });
    expect(await second).to.deep.equal({ status: 204, headers: {}, body: undefined });
    native.bridge.close();
  });

  it('a native error becomes a retryable NETWORK_ERROR or TIMEOUT; a reply in another protocol version or shape fails the call', async () => {
    const native = fakeNative();
    const down = native.bridge.transport({ method: 'GET', path: '/x' });
    native.reply({ v: 1, type: 'error', id: native.lastId(), code: 'NETWORK_ERROR' });
    const error = await failure(down);
    expect(error.code).to.equal('NETWORK_ERROR');
    expect(error.retryable).to.equal(true);

    const slow = native.bridge.transport({ method: 'GET', path: '/x' });
    native.reply({ v: 1, type: 'error', id: native.lastId(), code: 'TIMEOUT' });
    expect((await failure(slow)).code).to.equal('TIMEOUT');

    const foreign = native.bridge.transport({ method: 'GET', path: '/x' });
    native.reply({ v: 2, type: 'response', id: native.lastId(), status: 200, body: '{}' });
    const mismatch = await failure(foreign);
    expect(mismatch.code).to.equal('UNEXPECTED_RESPONSE');
    expect(mismatch.message).to.contain(`speaks ${BRIDGE_PROTOCOL_VERSION}`);

    const garbled = native.bridge.transport({ method: 'GET', path: '/x' });
    native.reply({ v: 1, type: 'response', id: native.lastId(), status: '200' });
    expect((await failure(garbled)).code).to.equal('UNEXPECTED_RESPONSE');
    native.bridge.close();
  });

  it('an abort or a timeout cancels the call at native, and a late reply is ignored', async () => {
    const native = fakeNative();
    const controller = new AbortController();
    const aborted = native.bridge.transport({ method: 'GET', path: '/x', signal: controller.signal });
    const id = native.lastId();
    controller.abort();
    expect((await failure(aborted)).code).to.equal('ABORTED');
    expect(native.sent.at(-1)).to.deep.equal({ v: 1, type: 'cancel', id });
    native.reply({ v: 1, type: 'response', id, status: 200, body: '{}' }); // late: nothing to settle, no throw

    const scope: Record<string, any> = {};
    const sent: PageToNativeMessage[] = [];
    const quick = createNativeBridge({ scope, post: (json) => sent.push(JSON.parse(json)), timeoutMs: 30 });
    const timedOut = await failure(quick.transport({ method: 'GET', path: '/x' }));
    expect(timedOut.code).to.equal('TIMEOUT');
    expect(sent.map((m) => m.type)).to.deep.equal(['request', 'cancel']);
    quick.close();
    native.bridge.close();
  });

  it('close() removes the receiver and fails the waiting calls', async () => {
    const native = fakeNative();
    const waiting = native.bridge.transport({ method: 'GET', path: '/x' });
    native.bridge.close();
    expect((await failure(waiting)).code).to.equal('ABORTED');
    expect('paykitReceive' in native.scope).to.equal(false);
  });

  it('finds the iOS script message handler, else the Android interface; refuses without either, when the receiver is taken, or with malformed options', () => {
    const got: string[] = [];
    const ios = {
      webkit: { messageHandlers: { paykit: { postMessage: (m: string) => got.push(`ios ${m}`) } } },
      paykit: { postMessage: () => got.push('android') },
    };
    findNativeHost('paykit', ios)!('a');
    const android = { Wallet: { postMessage: (m: string) => got.push(`android ${m}`) } };
    findNativeHost('Wallet', android)!('b');
    expect(got).to.deep.equal(['ios a', 'android b']);
    expect(findNativeHost('paykit', {})).to.equal(undefined);

    const none = (): unknown => createNativeBridge({ scope: {} });
    expect(none).to.throw().with.property('code', 'INVALID_ARGUMENT');
    const taken = (): unknown =>
      createNativeBridge({ scope: { ...android, paykitReceive: () => {} }, handlerName: 'Wallet' });
    expect(taken).to.throw().with.property('code', 'INVALID_ARGUMENT');
    const noTimeout = (): unknown => createNativeBridge({ scope: {}, post: () => {}, timeoutMs: 0 });
    expect(noTimeout).to.throw().with.property('code', 'INVALID_ARGUMENT');
    const notAFunction = (): unknown => createNativeBridge({ scope: {}, post: 'native' as unknown as () => void });
    expect(notAFunction).to.throw().with.property('code', 'INVALID_ARGUMENT');
  });

  it('forwards the current session and each change with ids and expiry only, never the key id or credential', () => {
    const native = fakeNative();
    let listener: ((s: CurrentSession | undefined) => void) | undefined;
    const source = {
      session: undefined as CurrentSession | undefined,
      subscribe: (l: typeof listener) => ((listener = l), () => (listener = undefined)),
    };
    const stop = native.bridge.forwardSessionEvents(source);
    listener!(session);
    listener!(undefined);
    expect(native.sent).to.deep.equal([
      { v: 1, type: 'event', event: 'session', session: null },
      {
        v: 1,
        type: 'event',
        event: 'session',
        session: {
          id: 'Session:1',
          accountId: 'InternalAccount:1',
          type: 'EMAIL_OTP',
          expiresAt: '2030-01-01T00:00:00.000Z',
        },
      },
      { v: 1, type: 'event', event: 'session', session: null },
    ]);
    stop();
    expect(listener).to.equal(undefined);
    native.bridge.close();
  });
});
