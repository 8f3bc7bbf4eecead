/**
 * The native half of a simulated mobile webview, for browser tests of the webview bridge: the server
 * command `webview-native` plays the iOS/Android app. `start` creates a customer in the run's real
 * sandbox (sandbox-process.mjs, started on first use) as the platform's backend would; `post` receives one page message (the
 * JSON text a `postMessage` carried), makes the backend call a `request` asks for, with the platform
 * credential the page never sees, and returns `{ reply }`, the message the app would pass to the page's
 * receiver (null for events); `received` lists what the app was sent. It also serves the single-file classic build of the
 * core, built in memory by the package's own build script.
 *
 * @example
 *   plugins: [webviewNativePlugin(repoRoot, sandboxProcess())]
 *   // in a test: await executeServerCommand('webview-native', { op: 'start' })
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SINGLE_FILE_PATH = '/__paykit/single-file/paykit-core.global.js';
const PROTOCOL_VERSION = 1;

/**
 * @param {string} repoRoot
 * @param {ReturnType<import('./sandbox-process.mjs').sandboxProcess>} sandbox the run's sandbox
 */
export function webviewNativePlugin(repoRoot, sandbox) {
  let bundle; // promise of the classic build's text
  let received = [];

  /** The platform backend's own call to the service (customer set-up). */
  const platform = async (method, servicePath, body) => {
    const { baseUrl, authorization } = await sandbox.get();
    const res = await fetch(baseUrl + servicePath, {
      method,
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${servicePath} answered ${res.status}`);
    return res.json();
  };

  /** What a native app does with one page message: make the call, answer with a protocol reply. */
  const onPageMessage = async (json) => {
    const message = JSON.parse(json);
    received.push(message);
    if (message.v !== PROTOCOL_VERSION || message.type !== 'request') return null;
    const { baseUrl, authorization } = await sandbox.get();
    const { method, path: servicePath, query, headers, body } = message.request;
    const qs = query ? `?${new URLSearchParams(query)}` : '';
    try {
      const res = await fetch(baseUrl + servicePath + qs, {
        method,
        headers: {
          ...headers,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          Authorization: authorization,
        },
        ...(body !== undefined ? { body } : {}),
      });
      const outHeaders = {};
      res.headers.forEach((value, name) => (outHeaders[name] = value));
      return {
        v: PROTOCOL_VERSION,
        type: 'response',
        id: message.id,
        status: res.status,
        headers: outHeaders,
        body: await res.text(),
      };
    } catch {
      return { v: PROTOCOL_VERSION, type: 'error', id: message.id, code: 'NETWORK_ERROR' };
    }
  };

  return {
    name: 'paykit-webview-native',
    async serve(context) {
      if (context.path !== SINGLE_FILE_PATH) return undefined;
      bundle ??= import(pathToFileURL(path.join(repoRoot, 'packages/crypto-core/scripts/build-single-file.mjs')).href)
        .then(({ buildSingleFile }) => buildSingleFile({ write: false }))
        .then(({ files }) => files['paykit-core.global.js']);
      return { body: await bundle, type: 'js' };
    },
    async executeCommand({ command, payload }) {
      if (command !== 'webview-native') return undefined;
      switch (payload?.op) {
        case 'start': {
          received = [];
          const customer = await platform('POST', '/customers', {
            platformCustomerId: `webview-${randomBytes(6).toString('hex')}`,
            customerType: 'INDIVIDUAL',
            email: 'webview@example.com',
          });
          const accounts = await platform(
            'GET',
            `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`,
          );
          return { accountId: accounts.data[0].id };
        }
        case 'post':
          // wrapped: the runner reads a null result as "command not handled"
          return { reply: await onPageMessage(payload.json) };
        case 'received':
          return received;
        default:
          throw new Error(`webview-native: unknown op ${payload?.op}`);
      }
    },
    serverStop: () => sandbox.stop(),
  };
}
