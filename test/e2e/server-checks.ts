/**
 * Checks of the demo server itself, run once before the browsers (no driver): the platform credential
 * never reaches the browser, the wallet proxy keeps one visitor out of another's wallet, and cross-site
 * or foreign-host requests are refused, and the SCA login carries the visitor's IP address as the server
 * saw it (never one the page or a header claims).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerCheckContext {
  url: string;
  origin: string;
  credentials: { tokenSecret: string; authorization: string };
  /** Where the page being served was built (a normal start: no source maps). */
  outDir: string;
}

export interface ServerCheck {
  name: string;
  run(ctx: ServerCheckContext): Promise<void>;
}

async function signUp(
  ctx: ServerCheckContext,
  email: string,
  region = 'US',
): Promise<{ cookie: string; accountId: string; customerId: string; body: string }> {
  const response = await fetch(new URL('/api/demo/signup', ctx.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ctx.origin },
    body: JSON.stringify({ email, region }),
  });
  assert.equal(response.status, 201);
  const body = await response.text();
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  assert.match(cookie, /^paykit_demo=[\w-]{40,}$/);
  const profile = JSON.parse(body) as { accountId: string; customerId: string };
  return { cookie, body, ...profile };
}

/** Every file under `dir`, relative. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

export const SERVER_CHECKS: ServerCheck[] = [
  {
    name: 'server: the page of a normal start ships no .map file and no sourceMappingURL comment',
    async run(ctx) {
      const files = filesUnder(ctx.outDir);
      assert.ok(
        files.some((file) => file.endsWith('.js')),
        `no script in ${ctx.outDir}`,
      );
      assert.deepEqual(
        files.filter((file) => file.endsWith('.map')),
        [],
      );
      for (const file of files.filter((f) => /\.(js|css)$/.test(f)))
        assert.doesNotMatch(readFileSync(path.join(ctx.outDir, file), 'utf8'), /sourceMappingURL/, file);
    },
  },
  {
    name: "server: the SCA login gets the visitor's IP address from the connection, not from the page",
    async run(ctx) {
      const visitor = await signUp(ctx, `${Date.now().toString(36)}.sca@example.com`, 'DE');
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(new URL(`/api/wallet${path}?customerId=${encodeURIComponent(visitor.customerId)}`, ctx.url), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ctx.origin, Cookie: visitor.cookie, ...headers },
          body: JSON.stringify(body),
        });
      const start = await post('/sca/login/start', { factor: 'SMS_OTP' });
      assert.equal(start.status, 200);
      const { challengeId } = (await start.json()) as { challengeId: string };
      // a claimed address (in the body or in the header the server sets) would fail the service's shape check
      const complete = await post(
        '/sca/login/complete',
        { factor: 'SMS_OTP', challengeId, code: '123456', endUserIpAddress: 'claimed' },
        { 'x-paykit-demo-source': 'claimed' },
      );
      assert.equal(complete.status, 200, await complete.clone().text());
      assert.equal(((await complete.json()) as { status: string }).status, 'SUCCESS');
    },
  },
  {
    name: 'server: the platform credential never reaches the browser',
    async run(ctx) {
      const secrets = [ctx.credentials.tokenSecret, ctx.credentials.authorization.replace(/^Basic /, '')];
      const page = await (await fetch(ctx.url)).text();
      const scripts = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      assert.ok(scripts.length >= 2, 'the page references its script and stylesheet');
      const texts = [
        page,
        ...(await Promise.all(scripts.map(async (path) => (await fetch(new URL(path, ctx.url))).text()))),
      ];
      const config = await fetch(new URL('/api/demo/config', ctx.url));
      texts.push(await config.text(), JSON.stringify([...config.headers]));
      const visitor = await signUp(ctx, `${Date.now().toString(36)}.server@example.com`);
      texts.push(visitor.body);
      for (const text of texts)
        for (const secret of secrets)
          assert.ok(!text.includes(secret), 'no platform credential in what the browser receives');
      const cookieHeader =
        (
          await fetch(new URL('/api/demo/signup', ctx.url), {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"email":"c@example.com","region":"US"}',
          })
        ).headers.get('set-cookie') ?? '';
      assert.match(cookieHeader, /HttpOnly/);
      assert.match(cookieHeader, /SameSite=Strict/);
    },
  },
  {
    name: "server: the wallet proxy keeps a visitor out of another visitor's wallet",
    async run(ctx) {
      const a = await signUp(ctx, `${Date.now().toString(36)}.a@example.com`);
      const b = await signUp(ctx, `${Date.now().toString(36)}.b@example.com`);
      const get = (path: string, cookie?: string) =>
        fetch(new URL(`/api/wallet${path}`, ctx.url), { headers: cookie ? { Cookie: cookie } : {} });
      assert.equal(
        (await get(`/auth/credentials?accountId=${encodeURIComponent(a.accountId)}`, a.cookie)).status,
        200,
        'own wallet',
      );
      assert.equal(
        (await get(`/auth/credentials?accountId=${encodeURIComponent(b.accountId)}`, a.cookie)).status,
        403,
        "another visitor's wallet",
      );
      assert.equal(
        (await get(`/customers/${encodeURIComponent(b.customerId)}`, a.cookie)).status,
        403,
        "another visitor's customer",
      );
      assert.equal(
        (await get(`/auth/credentials?accountId=${encodeURIComponent(a.accountId)}`)).status,
        401,
        'no demo session',
      );
      const card = await fetch(new URL('/api/wallet/cards', ctx.url), {
        method: 'POST',
        headers: { Cookie: a.cookie, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ fundingSource: b.accountId }),
      });
      assert.equal(card.status, 403, "a card on another visitor's wallet");
      assert.equal((await get('/customers', a.cookie)).status, 404, 'listing customers is not on the allowlist');
    },
  },
  {
    name: 'server: cross-site and foreign-host requests are refused',
    async run(ctx) {
      const signup = await fetch(new URL('/api/demo/signup', ctx.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
        body: '{"email":"x@example.com","region":"US"}',
      });
      assert.equal(signup.status, 403, 'sign-up from another origin');
      const form = await fetch(new URL('/api/demo/signup', ctx.url), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '{}',
      });
      assert.equal(form.status, 415, 'a form-style (non-JSON) post');
      const a = await signUp(ctx, `${Date.now().toString(36)}.csrf@example.com`);
      const proxied = await fetch(
        new URL(`/api/wallet/auth/sessions?accountId=${encodeURIComponent(a.accountId)}`, ctx.url),
        { headers: { Cookie: a.cookie, 'Sec-Fetch-Site': 'cross-site' } },
      );
      assert.equal(proxied.status, 403, 'a cross-site wallet call');
      const port = new URL(ctx.url).port;
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', headers: { Host: `rebound.example:${port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .once('error', reject)
          .end();
      });
      assert.equal(status, 421, 'a request for another host name (DNS rebinding)');
    },
  },
];
