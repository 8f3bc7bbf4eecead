/**
 * Enough of the service for the bindings' tests, in Node and in the browsers: OAuth sign-in (one
 * request, nothing to verify), session refresh and revocation; anything else is a 404. Every request
 * is recorded. Each client gets a memory key store, no refresh timer and its own namespace, so tests
 * and tabs cannot hear each other.
 *
 * @example
 *   const fake = createFakeService();
 *   const client = fake.client();
 *   await fake.signIn(client);
 */
import {
  WalletClient,
  memoryKeyStore,
  type AuthSession,
  type Transport,
  type TransportRequest,
} from '@paykit/crypto-core';

export const ACCOUNT_ID = 'InternalAccount:0191-react';
export const OAUTH_CREDENTIAL = 'AuthMethod:oauth-1';
export const SESSION_MINUTES = 15;

export interface FakeService {
  readonly transport: Transport;
  readonly requests: TransportRequest[];
  /** A client over this fake; `close()` it after the test. */
  client(): WalletClient;
  /** Signs `client` in through the OAuth flow; resolves with the service's session. */
  signIn(client: WalletClient): Promise<AuthSession>;
  /** Requests matching "METHOD /path/prefix" (path compared decoded: `Session:1`, not `Session%3A1`). */
  calls(route: string): TransportRequest[];
}

let namespaces = 0;

export function createFakeService(): FakeService {
  const requests: TransportRequest[] = [];
  let sessions = 0;
  // an OAuth session, as the service answers it: no `credentialId` (the service's is a passkey's WebAuthn id)
  const newSession = (): AuthSession => ({
    id: `Session:${++sessions}`,
    accountId: ACCOUNT_ID,
    type: 'OAUTH',
    expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000).toISOString(),
  });

  const transport: Transport = async (request) => {
    requests.push(request);
    const { method, path } = request;
    const verify = /^\/auth\/credentials\/([^/]+)\/verify$/.exec(path);
    if (method === 'POST' && verify) return reply(200, newSession());
    if (method === 'POST' && /^\/auth\/sessions\/[^/]+\/refresh$/.test(path)) return reply(200, newSession());
    if (method === 'DELETE' && /^\/auth\/sessions\/[^/]+$/.test(path)) return reply(204, undefined);
    return reply(404, { status: 404, code: 'NOT_FOUND', message: `No route ${method} ${path}` });
  };

  return {
    transport,
    requests,
    client: () =>
      new WalletClient({
        transport,
        keyStore: memoryKeyStore(),
        autoRefresh: false,
        namespace: `react-test-${++namespaces}`,
      }),
    async signIn(client) {
      const prepared = await client.prepareOAuth();
      return client.loginWithOAuth({ authMethodId: OAUTH_CREDENTIAL, oidcToken: 'header.payload.signature', prepared });
    },
    calls(route) {
      const [method, prefix = ''] = route.split(' ');
      return requests.filter((r) => r.method === method && decodeURIComponent(r.path).startsWith(prefix));
    },
  };
}

function reply(status: number, body: unknown) {
  return { status, headers: {}, body };
}
