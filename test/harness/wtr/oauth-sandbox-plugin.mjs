/**
 * A real sandbox with its test identity provider (its own origin), for browser tests of OAuth sign-in:
 * the server command `oauth-sandbox` plays the platform's backend. `start` runs the sandbox CLI in its
 * own process (once per run) and creates a customer; `request` forwards one page `Transport` request
 * with the platform credential the page never sees (as `@paykit/proxy` would); `token` fetches an
 * auto-approved identity token from the IdP for a `sub` (to register the account's OAUTH credential).
 *
 * @example
 *   plugins: [oauthSandboxPlugin(repoRoot)]
 *   // in a test: const { idpOrigin, accountId } = await executeServerCommand('oauth-sandbox', { op: 'start' })
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export function oauthSandboxPlugin(repoRoot) {
  let sandbox; // promise of { baseUrl, idpOrigin, authorization, stop }

  const startSandbox = async () => {
    const tokenSecret = randomBytes(16).toString('hex');
    const child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        'packages/sandbox/src/cli.ts',
        '--port',
        '0',
        // the test pages' origins (the command allows none by default): the identity provider redirects there
        '--allowed-origins',
        'http://localhost:*,http://127.0.0.1:*',
        '--token-id',
        'oauth-platform',
        '--token-secret',
        tokenSecret,
      ],
      { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const stop = () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const deadline = Date.now() + 30_000;
    while (!/listening on/.test(out)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        stop();
        throw new Error(`the sandbox did not start: ${out.replace(tokenSecret, '…')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      baseUrl: /^\s*base_url\s+(\S+)/m.exec(out)[1],
      idpOrigin: new URL(/^\s*identity prov\.\s+(\S+)/m.exec(out)[1]).origin,
      authorization: `Basic ${Buffer.from(`oauth-platform:${tokenSecret}`).toString('base64')}`,
      stop,
    };
  };

  const forward = async ({ method, path: servicePath, query, headers, body }) => {
    const { baseUrl, authorization } = await sandbox;
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
          sandbox ??= startSandbox();
          const { idpOrigin } = await sandbox;
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
          const { idpOrigin } = await sandbox;
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
    async serverStop() {
      if (sandbox) (await sandbox.catch(() => undefined))?.stop();
    },
  };
}
