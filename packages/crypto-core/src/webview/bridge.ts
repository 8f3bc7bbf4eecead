/**
 * A `Transport` over a native app's message channel, for pages in a mobile webview: each backend call
 * goes to native as a `request` message, native makes it and calls back with the answer, so the app's
 * own networking and credentials carry the traffic. `forwardSessionEvents` tells native when the session
 * changes (ids and expiry only). The messages are in ./protocol.ts; docs/webview.md has the native side.
 *
 * @example
 *   const bridge = createNativeBridge(); // iOS: webkit.messageHandlers.paykit, Android: window.paykit
 *   const client = new WalletClient({ transport: bridge.transport, trustedSigners });
 *   bridge.forwardSessionEvents(client);
 */
import { invalidArgument } from '../args.js';
import { LocalErrorCode, PayError } from '../errors.js';
import type { CurrentSession } from '../session.js';
import type { Transport, TransportResponse } from '../transport.js';
import {
  BRIDGE_PROTOCOL_VERSION,
  type BridgeRequestMessage,
  type BridgeSessionSummary,
  type NativeToPageMessage,
  type PageToNativeMessage,
} from './protocol.js';

export interface NativeBridgeOptions {
  /** Name of the iOS script message handler and of the Android JavaScript interface. Default `paykit`. */
  handlerName?: string;
  /** Global function the bridge installs for native's replies. Default `paykitReceive`. */
  receiverName?: string;
  /** Sends one JSON message to native; default found from `handlerName` (iOS, then Android). */
  post?: (json: string) => void;
  /** How long a call waits for native's reply; default 30 s. */
  timeoutMs?: number;
  /** Where the native objects live and the receiver goes; default `globalThis`. */
  scope?: object;
}

/** What `forwardSessionEvents` needs of a client: `WalletClient` has both. */
export interface SessionSource {
  readonly session: CurrentSession | undefined;
  subscribe(listener: (session: CurrentSession | undefined) => void): () => void;
}

export interface NativeBridge {
  /**
   * Hand to `new WalletClient({ transport })`. Rejects with a `PayError`: `NETWORK_ERROR` or `TIMEOUT`
   * (native said so, or did not answer within `timeoutMs`), `ABORTED`, `UNEXPECTED_RESPONSE` (a reply
   * in another protocol version or shape).
   */
  readonly transport: Transport;
  /** Sends the current session now and every change after; returns the unsubscribe function. */
  forwardSessionEvents(source: SessionSource): () => void;
  /** Removes the receiver and fails the calls still waiting with `ABORTED`. */
  close(): void;
}

type Scope = Record<string, any>;

/**
 * The native message channel named `handlerName`: `webkit.messageHandlers[name].postMessage` (WKWebView),
 * else an object `scope[name]` with `postMessage` (an Android `addJavascriptInterface` object);
 * undefined when there is neither. Never throws.
 */
export function findNativeHost(
  handlerName = 'paykit',
  scope: object = globalThis,
): ((json: string) => void) | undefined {
  const s = scope as Scope;
  const ios = s['webkit']?.messageHandlers?.[handlerName];
  if (typeof ios?.postMessage === 'function') return (json) => ios.postMessage(json);
  const android = s[handlerName];
  if (typeof android?.postMessage === 'function') return (json) => android.postMessage(json);
  return undefined;
}

/** Only ids and expiry cross to native: not the key store id, not the credential. Never throws. */
export function sessionSummary(session: CurrentSession | undefined): BridgeSessionSummary | null {
  return session
    ? { id: session.id, accountId: session.accountId, type: session.type, expiresAt: session.expiresAt }
    : null;
}

/**
 * Connects to the native app and installs the reply receiver.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when an option is malformed, no native channel is found or the
 *   receiver name is taken.
 */
export function createNativeBridge(options: NativeBridgeOptions = {}): NativeBridge {
  const scope = (options.scope ?? globalThis) as Scope;
  const handlerName = options.handlerName ?? 'paykit';
  const receiverName = options.receiverName ?? 'paykitReceive';
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (
    !(timeoutMs > 0) ||
    typeof handlerName !== 'string' ||
    typeof receiverName !== 'string' ||
    (options.post !== undefined && typeof options.post !== 'function')
  ) {
    throw invalidArgument(
      'createNativeBridge: handlerName and receiverName are strings, post a function, timeoutMs a positive number',
    );
  }
  const post = options.post ?? findNativeHost(handlerName, scope);
  if (!post)
    throw invalidArgument(
      `No native message handler named "${handlerName}" (webkit.messageHandlers or a JavaScript interface)`,
    );
  if (scope[receiverName] !== undefined)
    throw invalidArgument(`The global "${receiverName}" is taken; give another receiverName`);

  const send = (message: PageToNativeMessage): void => post(JSON.stringify(message));
  const pending = new Map<
    string,
    { resolve: (response: TransportResponse) => void; reject: (error: PayError) => void }
  >();
  const prefix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(36).padStart(2, '0')).join('');
  let sequence = 0;

  const receive = (input: unknown): void => {
    let message: NativeToPageMessage;
    try {
      message = (typeof input === 'string' ? JSON.parse(input) : input) as NativeToPageMessage;
    } catch {
      return; // not ours to answer: nothing to match it to
    }
    const call = typeof message?.id === 'string' ? pending.get(message.id) : undefined;
    if (!call) return; // a late reply to a cancelled call, or one meant for an earlier page
    pending.delete(message.id);
    if (message.v !== BRIDGE_PROTOCOL_VERSION) {
      call.reject(
        new PayError(
          LocalErrorCode.UNEXPECTED_RESPONSE,
          `The native bridge speaks protocol ${String(message.v)}; this page speaks ${BRIDGE_PROTOCOL_VERSION}`,
        ),
      );
    } else if (message.type === 'error') {
      const code = message.code === 'TIMEOUT' ? LocalErrorCode.TIMEOUT : LocalErrorCode.NETWORK_ERROR;
      call.reject(
        new PayError(
          code,
          code === 'TIMEOUT' ? 'The backend did not answer in time' : 'The backend could not be reached',
        ),
      );
    } else if (message.type === 'response' && Number.isInteger(message.status)) {
      call.resolve({ status: message.status, headers: lowercased(message.headers), body: parseBody(message.body) });
    } else {
      call.reject(
        new PayError(LocalErrorCode.UNEXPECTED_RESPONSE, 'The native bridge sent a reply this page cannot read'),
      );
    }
  };
  scope[receiverName] = receive;

  const transport: Transport = (request) =>
    new Promise<TransportResponse>((resolve, reject) => {
      if (request.signal?.aborted) return reject(new PayError(LocalErrorCode.ABORTED, 'The request was aborted'));
      // the bridge carries text only: a document upload goes through a fetch transport
      if (request.form) return reject(invalidArgument('The native bridge cannot carry a multipart form'));
      const id = `${prefix}-${++sequence}`;
      const finish = (): void => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
      };
      const giveUp = (error: PayError): void => {
        if (!pending.delete(id)) return;
        finish();
        send({ v: BRIDGE_PROTOCOL_VERSION, type: 'cancel', id });
        reject(error);
      };
      const onAbort = (): void => giveUp(new PayError(LocalErrorCode.ABORTED, 'The request was aborted'));
      const timer = setTimeout(
        () => giveUp(new PayError(LocalErrorCode.TIMEOUT, `The native app did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      request.signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        resolve: (response) => (finish(), resolve(response)),
        reject: (error) => (finish(), reject(error)),
      });
      const message: BridgeRequestMessage = {
        v: BRIDGE_PROTOCOL_VERSION,
        type: 'request',
        id,
        request: { method: request.method, path: request.path },
      };
      const query = definedOnly(request.query);
      if (query) message.request.query = query;
      if (request.headers) message.request.headers = request.headers;
      if (request.body !== undefined) message.request.body = request.body;
      try {
        send(message);
      } catch (cause) {
        pending.delete(id);
        finish();
        reject(new PayError(LocalErrorCode.NETWORK_ERROR, 'The native app did not take the request', { cause }));
      }
    });

  return {
    transport,
    forwardSessionEvents(source) {
      const forward = (session: CurrentSession | undefined): void =>
        send({ v: BRIDGE_PROTOCOL_VERSION, type: 'event', event: 'session', session: sessionSummary(session) });
      const unsubscribe = source.subscribe(forward);
      forward(source.session);
      return unsubscribe;
    },
    close() {
      if (scope[receiverName] === receive) delete scope[receiverName];
      for (const [id, call] of [...pending]) {
        pending.delete(id);
        call.reject(new PayError(LocalErrorCode.ABORTED, 'The native bridge was closed'));
      }
    },
  };
}

function lowercased(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (typeof value === 'string') out[name.toLowerCase()] = value;
  return out;
}

/** As `fetchTransport`: JSON, or undefined when empty or not JSON. */
function parseBody(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function definedOnly(query: Record<string, string | undefined> | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
