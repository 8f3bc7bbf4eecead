/**
 * A real sandbox with its test identity provider (its own origin), for browser tests of OAuth sign-in:
 * the server command `oauth-sandbox` plays the platform's backend. `start` creates a customer in the
 * run's sandbox (sandbox-process.mjs, started on first use); `request` forwards one page `Transport` request
 * with the platform credential the page never sees (as `@paykit/proxy` would); `token` fetches an
 * auto-approved identity token from the IdP for a `sub` (to register the account's OAUTH credential).
 *
 * @example
 *   plugins: [oauthSandboxPlugin(sandboxProcess())]
 *   // in a test: const { idpOrigin, accountId } = await executeServerCommand('oauth-sandbox', { op: 'start' })
 */
import { randomBytes } from 'node:crypto';

/** @param {ReturnType<import('./sandbox-process.mjs').sandboxProcess>} sandbox the run's sandbox */
export function oauthSandboxPlugin(sandbox) {
  const forward = async ({ method, path: servicePath, query, headers, body }) => {
    const { baseUrl, authorization } = await sandbox.get();
    const defined = Object.entries(query ?? {}).filter(([, v]) => v !== undefined);
    const qs = defined.length ? `?${new URLSearchParams(defined)}` : '';
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
    const text = await res.text();
    return { status: res.status, headers: outHeaders, body: text ? JSON.parse(text) : null };
  };

  return {
    name: 'paykit-oauth-sandbox',
    async executeCommand({ command, payload }) {
      if (command !== 'oauth-sandbox') return undefined;
      switch (payload?.op) {
        case 'start': {
          const { idpOrigin } = await sandbox.get();
          const customer = await forward({
            method: 'POST',
            path: '/customers',
            body: JSON.stringify({
              platformCustomerId: `oauth-${randomBytes(6).toString('hex')}`,
              customerType: 'INDIVIDUAL',
              email: 'oauth@example.com',
            }),
          });
          if (customer.status !== 201) throw new Error(`customer: ${customer.status}`);
          const accounts = await forward({
            method: 'GET',
            path: '/customers/internal-accounts',
            query: { customerId: customer.body.id },
          });
          const accountId = accounts.body.data[0].id;
          const credentials = await forward({ method: 'GET', path: '/auth/credentials', query: { accountId } });
          return { idpOrigin, accountId, emailCredentialId: credentials.body.data[0].id };
        }
        case 'request':
          return forward(payload.request);
        case 'token': {
          const { idpOrigin } = await sandbox.get();
          const params = new URLSearchParams({
            response_type: 'id_token',
            client_id: payload.clientId,
            redirect_uri: payload.redirectUri,
            state: randomBytes(16).toString('hex'),
            nonce: randomBytes(32).toString('hex'),
            login_hint: payload.sub,
            auto: '1',
          });
          const res = await fetch(`${idpOrigin}/authorize?${params}`, { redirect: 'manual' });
          const fragment = new URLSearchParams(new URL(res.headers.get('location')).hash.slice(1));
          return { token: fragment.get('id_token') };
        }
        default:
          throw new Error(`oauth-sandbox: unknown op ${payload?.op}`);
      }
    },
    serverStop: () => sandbox.stop(),
  };
}
