/**
 * The proxy at two instances sharing one real Redis (`redis-server` on a loopback port, started here):
 * the sign-in lookup's per-IP, per-IP-and-identifier and per-identifier limits hold across both, a grant
 * used up on one opens nothing on the other (also when two verifies race, one on each), and a card freeze
 * one recorded is the user's on the other. With Redis unreachable (nothing listening, or a server that
 * never answers) grants fail closed, the limits fall back to each instance's memory, and no answer waits
 * longer than the store's timeout. The README's `instance.mjs`, run as written twice, holds its per-IP limit
 * across both. Skipped outside CI without `redis-server`; in CI its absence fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { freePort } from '@paykit/test-harness/free-port';
import { bundleForNode } from '@paykit/test-harness/node-bundle';
import { after, before, describe, itWhen } from '@paykit/test-harness/suite';
import {
  createSignInGrants,
  createSignInLookup,
  type GrantedSignIn,
  type ProxyStore,
  type SignInGrants,
  type SignInLookupOptions,
} from '../src/index.js';
import { REDIS_CLIENT_OPTIONS, redisStore } from '../src/redis.js';
import { blackHole, type RedisServer, startRedis } from './redis-server.js';
import { alice, envelope, fakeCards, harness, json, PREFIX } from './support.js';

const SECRET = 'a-platform-secret-of-32-bytes-or-more!';
const GRANTED = 'AuthMethod:granted';
const ACCOUNT = 'InternalAccount:granted';
const SESSION = { id: 'Session:new', accountId: ACCOUNT, type: 'EMAIL_OTP', expiresAt: '2026-11-26T13:00:00Z' };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const redis = await startRedis();
const skip = typeof redis === 'string' ? redis : undefined;

/** A lookup request from `ip` for `email`. */
const lookupRequest = (ip: string, email: string) =>
  new Request('https://platform.example/api/sign-in/lookup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-IP': ip },
    body: json({ email }),
  });

/** A lookup instance on `store` that finds everyone, answers at once and reads the client IP from X-Test-IP. */
const lookupOn = (store: ProxyStore, limits: Partial<SignInLookupOptions>) =>
  createSignInLookup({
    minimumResponseMs: 0,
    clientAddress: (request) => request.headers.get('X-Test-IP') ?? undefined,
    ...limits,
    findUser: async () => ({ accountId: ACCOUNT, methods: [{ type: 'EMAIL_OTP', authMethodId: GRANTED }] }),
    store,
  });

/**
 * Two proxy instances on two stores, each with its own grants (one secret); the service answers a session,
 * once `arrivals` requests reached it.
 */
function twoProxies(stores: [ProxyStore, ProxyStore], arrivals = 1) {
  let arrived = 0;
  let allArrived!: () => void;
  const gate = new Promise<void>((resolve) => (allArrived = resolve));
  const signIns: GrantedSignIn[] = [];
  const errors: string[] = [];
  const grants = stores.map((store) => createSignInGrants({ secret: SECRET, cookiePath: PREFIX, store }));
  const proxies = stores.map((store, i) =>
    harness({
      store,
      signIn: { grants: grants[i]!, onSignIn: (signIn) => void signIns.push(signIn) },
      onError: (_, stage) => errors.push(stage),
      answer: async () => {
        if (++arrived >= arrivals) allArrived();
        await gate;
        return Response.json(SESSION);
      },
    }),
  );
  const grantCookie = async (instance: SignInGrants) =>
    (
      await instance.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, new Request('https://platform.example/'))
    ).split(';')[0]!;
  const call = (i: number, step: 'challenge' | 'verify', Cookie: string) =>
    proxies[i]!.send('POST', `${PREFIX}/auth/credentials/${GRANTED}/${step}`, {
      as: null,
      body: '{}',
      headers: { Cookie, 'Request-Id': 'r' },
    });
  return { signIns, errors, grants, proxies, grantCookie, call };
}

// the server serves both suites below
after(async () => {
  if (typeof redis !== 'string') await redis.stop();
});

describe('the proxy on a shared Redis store', () => {
  let clients: Redis[] = [];
  let stores: [ProxyStore, ProxyStore];
  before(async () => {
    if (skip || typeof redis === 'string') return;
    // two instances: two connections, one key space (a prefix of this run's own)
    const prefix = `test-${Date.now()}:`;
    clients = [0, 1].map(() => new Redis(redis.port, '127.0.0.1', { ...REDIS_CLIENT_OPTIONS, lazyConnect: true }));
    await Promise.all(clients.map((client) => client.connect()));
    stores = [redisStore(clients[0]!, { prefix }), redisStore(clients[1]!, { prefix })];
  });
  after(() => {
    for (const client of clients) client.disconnect();
  });
  const test = (name: string, fn: () => Promise<void>) => itWhen(skip === undefined, skip ?? '', name, fn);

  test('keeps a single-use marker single-use across instances, until its time is up', async () => {
    const [a, b] = stores;
    expect(await a.mark('m', 500)).to.equal(true);
    expect(await b.mark('m', 500)).to.equal(false);
    expect(await b.isMarked('m')).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await a.isMarked('m')).to.equal(false);
    expect(await b.mark('m', 500)).to.equal(true);
    await a.set('v', 'x');
    expect(await b.get('v')).to.equal('x');
    expect(await b.get('none')).to.equal(undefined);
  });

  test('holds the per-IP limit across two instances', async () => {
    const [a, b] = stores.map((store) => lookupOn(store, { perIp: { max: 3, windowMs: 60_000 } }));
    const statuses = [];
    for (const lookup of [a, b, a, b, a])
      statuses.push((await lookup!(lookupRequest('198.51.100.1', 'ada@example.com'))).status);
    expect(statuses).to.deep.equal([200, 200, 200, 429, 429]);
    const refused = await b!(lookupRequest('198.51.100.1', 'ada@example.com'));
    expect(Number(refused.headers.get('Retry-After'))).to.be.within(59, 60);
    expect((await a!(lookupRequest('198.51.100.2', 'ada@example.com'))).status, 'another IP').to.equal(200);
  });

  test('holds the per-IP-and-identifier and the per-identifier limits across two instances', async () => {
    const limits = {
      perIpAndIdentifier: { max: 2, windowMs: 60_000 },
      perIdentifier: { max: 4, windowMs: 60_000 },
    };
    const [a, b] = stores.map((store) => lookupOn(store, limits));
    const one = [];
    for (const lookup of [a, b, a]) one.push((await lookup!(lookupRequest('198.51.100.3', 'bea@example.com'))).status);
    expect(one).to.deep.equal([200, 200, 429]);
    expect((await b!(lookupRequest('198.51.100.3', 'cy@example.com'))).status, 'another identifier').to.equal(200);
    // from other IPs: bea has 2 of her 4 left (the refused lookup counted nothing)
    const many = [];
    for (const [i, lookup] of [a, b, a].entries())
      many.push((await lookup!(lookupRequest(`198.51.100.${10 + i}`, 'bea@example.com'))).status);
    expect(many).to.deep.equal([200, 200, 429]);
  });

  test('refuses on one instance a grant used up on the other', async () => {
    const { signIns, grants, grantCookie, call, proxies } = twoProxies(stores);
    const Cookie = await grantCookie(grants[0]!);
    expect((await call(1, 'challenge', Cookie)).status, 'the grant works on both').to.equal(200);
    expect((await call(0, 'verify', Cookie)).status).to.equal(200);
    expect(signIns).to.have.length(1);
    const calls = proxies[1]!.service.calls.length;
    for (const step of ['challenge', 'verify'] as const)
      expect((await call(1, step, Cookie)).status, step).to.equal(401);
    expect(proxies[1]!.service.calls, 'the replays reached nothing').to.have.length(calls);
  });

  test('starts one platform session for two verifies racing with one grant on two instances', async () => {
    const { signIns, errors, grants, grantCookie, call } = twoProxies(stores, 2);
    const Cookie = await grantCookie(grants[1]!);
    const answers = await Promise.all([call(0, 'verify', Cookie), call(1, 'verify', Cookie)]);
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200]); // both passed the check before either used it
    expect(signIns).to.have.length(1);
    expect(errors).to.deep.equal(['onSignIn']);
  });

  test('lets the user unfreeze on one instance the card they froze through the other', async () => {
    const cards = fakeCards();
    const [a, b] = stores.map((store) =>
      harness({ store, answer: async (request) => (await cards.answer(request)) ?? Response.json({ ok: true }) }),
    );
    const path = `${PREFIX}/cards/${alice.card}`;
    expect((await a!.send('PATCH', path, { body: json({ state: 'FROZEN' }) })).status).to.equal(200);
    expect((await b!.send('PATCH', path, { body: json({ state: 'ACTIVE' }) })).status).to.equal(200);
    // the platform's own freeze stays, on both
    cards.platform(alice.card, { state: 'FROZEN' });
    const refused = await a!.send('PATCH', path, { body: json({ state: 'ACTIVE' }) });
    expect(await envelope(refused)).to.include({ code: 'CARD_CONTROLLED_BY_PLATFORM' });
  });

  test('without Redis, fails grants closed, limits each instance in memory, and answers within the timeout', async () => {
    const silent = await blackHole();
    const nobody = (await freePort()) as number;
    const unreachable = [
      // nothing listening: the connection is refused
      new Redis(nobody, '127.0.0.1', { ...REDIS_CLIENT_OPTIONS, retryStrategy: () => 50 }),
      // connected but never answered, on a client with ioredis's defaults (commands wait in its queue)
      new Redis(silent.port, '127.0.0.1'),
    ];
    try {
      for (const [i, client] of unreachable.entries()) {
        client.on('error', () => {});
        const store = redisStore(client, { timeoutMs: 300 });
        const started = Date.now();
        const { signIns, errors, grants, grantCookie, call, proxies } = twoProxies([store, store]);
        const Cookie = await grantCookie(grants[0]!);
        const challenge = await call(0, 'challenge', Cookie);
        expect(challenge.status, `client ${i}: a grant that cannot be checked opens nothing`).to.equal(500);
        expect(proxies[0]!.service.calls).to.have.length(0);
        expect(signIns).to.deep.equal([]);
        expect(errors).to.deep.equal(['internal']);

        const lookup = lookupOn(store, { perIp: { max: 2, windowMs: 60_000 } });
        const statuses = [];
        for (let n = 0; n < 3; n++)
          statuses.push((await lookup(lookupRequest('198.51.100.20', 'dee@example.com'))).status);
        expect(statuses, `client ${i}: this instance's own count`).to.deep.equal([200, 200, 429]);
        expect(Date.now() - started, `client ${i}: nothing waited past the timeouts`).to.be.below(5000);
      }
    } finally {
      for (const client of unreachable) client.disconnect();
      await silent.close();
    }
  });
});

/** The code block after `<!-- shared-store: instance.mjs -->` in the proxy README. */
function readmeInstance(): string {
  const readme = readFileSync(join(repoRoot, 'packages/proxy/README.md'), 'utf8');
  const block = /<!-- shared-store: instance\.mjs -->\s*```js\n([\s\S]*?)\n```/.exec(readme);
  if (!block) throw new Error('packages/proxy/README.md has no instance.mjs block');
  return `${block[1]}\n`;
}

/** Starts `file` as a backend on a free port; resolves once it logged `Instance on`. */
async function startInstance(
  file: string,
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const port = (await freePort()) as number;
  const child = spawn(process.execPath, [file], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the instance did not start:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Instance on')) (clearTimeout(timer), resolve());
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the instance exited (${code}):\n${output}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** One sign-in lookup to `base` whose connection comes from `localAddress` (a loopback address of its own). */
function lookupFrom(base: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = json({ email: `warm-up-${Math.random()}@example.com` });
    const req = httpRequest(
      `${base}/api/sign-in/lookup`,
      { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json' } },
      (res) => (res.resume(), res.once('end', () => resolve(res.statusCode ?? 0))),
    );
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * Waits until each instance counts its lookups in the Redis on `port`. An instance listens before its
 * Redis client is ready, and a counter used before then counts in the instance's own memory (the documented
 * fallback); Redis seeing the client's ready check (an INFO) is not enough, since the instance may take
 * a request before it reads the answer (on a loaded machine one of 31 lookups did, and got through). So,
 * as a load balancer's readiness probe would, each instance is asked lookups from a loopback address of
 * its own (127.0.0.11, .12: other per-IP keys than the test's 127.0.0.1) until Redis holds that address's
 * counter.
 */
async function untilCountingInRedis(port: number, bases: string[]): Promise<void> {
  const watcher = new Redis(port, '127.0.0.1', { ...REDIS_CLIENT_OPTIONS, lazyConnect: true });
  await watcher.connect();
  try {
    for (const [i, base] of bases.entries()) {
      const address = `127.0.0.${11 + i}`;
      for (const deadline = Date.now() + 15_000; ;) {
        await lookupFrom(base, address);
        if ((await watcher.keys(`*${address}*`)).length > 0) break;
        if (Date.now() > deadline) throw new Error(`the instance at ${base} never counted a lookup in Redis`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    watcher.disconnect();
  }
}

describe('the README instance.mjs, run as written twice on one Redis', () => {
  const test = (name: string, fn: () => Promise<void>) => itWhen(skip === undefined, skip ?? '', name, fn);
  test('holds its 30-a-minute per-IP limit across both instances together', async () => {
    const port = (redis as RedisServer).port;
    const dir = mkdtempSync(join(repoRoot, 'packages/proxy/test/.shared-store-'));
    const instances: ChildProcess[] = [];
    try {
      writeFileSync(join(dir, 'instance.mjs'), readmeInstance());
      const env = { REDIS_URL: `redis://127.0.0.1:${port}`, SIGN_IN_GRANT_SECRET: SECRET };
      // bundled once, its `@paykit/*` imports from their sources: a start through tsx cost 0.7 s of CPU more
      const instance = await bundleForNode({ entry: join(dir, 'instance.mjs') });
      const started = await Promise.all([0, 1].map(() => startInstance(instance, env)));
      instances.push(...started.map((s) => s.child));
      // the lookups start once both instances count in Redis (untilCountingInRedis says why)
      await untilCountingInRedis(
        port,
        started.map((s) => s.base),
      );
      const ask = (base: string) =>
        fetch(`${base}/api/sign-in/lookup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: json({ email: `someone-${Math.random()}@example.com` }),
        }).then((r) => r.status);
      // 31 lookups from 127.0.0.1, alternating between the instances
      const statuses = await Promise.all(Array.from({ length: 31 }, (_, i) => ask(started[i % 2]!.base)));
      expect(statuses.filter((s) => s === 200)).to.have.length(30);
      expect(statuses.filter((s) => s === 429)).to.have.length(1);
      // and they stop on SIGTERM (server closed, Redis quit)
      await Promise.all(
        instances.map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))),
      );
    } finally {
      for (const child of instances) if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
