/**
 * The proxy row: requests forwarded through `@paykit/proxy` beside a bare pass-through floor, in one
 * run. Four processes besides this one (the load generator), all from bench/load/proxy-process.ts: the
 * upstream service stand-in, the floor, the proxy with its in-memory store, the proxy with Redis
 * (Debian's `redis-server` on a loopback port; that server is skipped, with the reason, without it).
 *
 * The operation is the one a sign-in page sends through the proxy before anyone is signed in to the
 * platform: `POST /auth/credentials/{id}/challenge` with the lookup's grant cookie, so each request
 * passes the origin check, the grant's HMAC and its single-use check in the store (one Redis `EXISTS`
 * with the Redis store), the allowlist and the body rules, then is forwarded. The floor forwards the
 * same request with no checks at all.
 *
 * The proxies run `@paykit/proxy` as npm publishes it: its `dist/`, built by its `build` script first,
 * not its TypeScript sources through tsx (whose transform names every closure made per request with a
 * `__name()` call the published JavaScript does not have: about 10 µs a request, 2 % of the proxy's CPU).
 *
 * Throughput: CONCURRENCY keep-alive clients for ROUND seconds per server; the servers take turns, in a
 * rotated order, for ROUNDS rounds, so a busy moment on the shared machine falls on all of them. Added
 * latency: per round, LATENCY_SAMPLES sequential requests (one client, so no queueing) per server;
 * each proxy's p50 and p99 minus the floor's. Prints one JSON object on stdout.
 *
 * @example
 *   BENCH_PROXY_ROUNDS=1 BENCH_PROXY_ROUND_SECONDS=3 node --conditions=source --import tsx bench/load/proxy-load.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startRedis } from '../../packages/proxy/test/redis-server.js';
import { startSandboxChild } from '../lib/sandbox-child.mjs';
import { quantile, ratio, summarize } from '../lib/stats.mjs';
import { keepAliveClient } from './http-client.js';
import { BENCH_CREDENTIAL, BENCH_PREFIX } from './proxy-constants.js';

const CONCURRENCY = Number(process.env['BENCH_PROXY_CONCURRENCY'] ?? 8);
const ROUND_MS = Number(process.env['BENCH_PROXY_ROUND_SECONDS'] ?? 5) * 1000;
const ROUNDS = Number(process.env['BENCH_PROXY_ROUNDS'] ?? 3);
const LATENCY_SAMPLES = Number(process.env['BENCH_PROXY_LATENCY_SAMPLES'] ?? 300);
const WARMUP_MS = 1_000;
const PATH = `${BENCH_PREFIX}/auth/credentials/${BENCH_CREDENTIAL}/challenge`;
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type Name = 'floor' | 'memory' | 'redis';
interface Server {
  name: Name;
  baseUrl: string;
  cookie?: string;
  pid: number;
  stop(): Promise<void>;
}

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

function requester(server: Server, sockets: number) {
  const http = keepAliveClient(server.baseUrl, sockets);
  const headers = server.cookie ? { Cookie: server.cookie } : {};
  return {
    /** One forwarded challenge; throws unless it is the upstream's 200. */
    async send(): Promise<void> {
      const res = await http.send('POST', PATH, headers, '{}');
      if (res.status !== 200) throw new Error(`${server.name}: ${res.status} ${res.text.slice(0, 200)}`);
    },
    close: http.close,
  };
}

/** Requests answered 200 within `ms` by CONCURRENCY clients, and the errors. */
async function throughput(server: Server, ms: number) {
  const client = requester(server, CONCURRENCY);
  const until = performance.now() + ms;
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until && errors <= 100) {
        try {
          await client.send();
          if (performance.now() <= until) done++;
        } catch (error) {
          errors++;
          firstError ??= String(error);
        }
      }
    }),
  );
  client.close();
  return { done, errors, firstError };
}

/** `n` sequential round trips, in ms. */
async function latencies(server: Server, n: number): Promise<number[]> {
  const client = requester(server, 1);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await client.send();
    samples.push(performance.now() - t0);
  }
  client.close();
  return samples;
}

/** `@paykit/proxy`'s `dist/` from its sources now (its own `build` script, about 1 s), so the row measures this tree's code. */
function buildProxy(): void {
  const root = new URL('../..', import.meta.url).pathname;
  // its messages go to stderr: stdout carries this script's JSON
  execFileSync('npm', ['run', '--silent', 'build', '--workspace', '@paykit/proxy'], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
  });
}

async function main() {
  const script = 'bench/load/proxy-process.ts';
  buildProxy();
  const upstream = await startSandboxChild({ script, source: false, env: { BENCH_PROXY_MODE: 'upstream' } });
  const redis = await startRedis();
  const servers: Server[] = [];
  try {
    const names: Name[] = typeof redis === 'string' ? ['floor', 'memory'] : ['floor', 'memory', 'redis'];
    for (const name of names) {
      const env: Record<string, string> = { BENCH_PROXY_MODE: name, BENCH_PROXY_UPSTREAM: upstream.baseUrl };
      if (typeof redis !== 'string') env['BENCH_REDIS_PORT'] = String(redis.port);
      servers.push({ name, ...(await startSandboxChild({ script, source: false, env })) });
    }
    // the proxies refuse the same request without the grant: what is measured passes their checks
    for (const server of servers.filter((s) => s.cookie)) {
      const refused = await keepAliveClient(server.baseUrl, 1).send('POST', PATH, {}, '{}');
      if (refused.status !== 401) throw new Error(`${server.name}: a challenge without a grant got ${refused.status}`);
    }
    const loadAtStart = Number(loadavg()[0]!.toFixed(2));
    for (const server of servers) await throughput(server, WARMUP_MS);
    const results = new Map(
      servers.map((s) => [
        s.name,
        {
          done: 0,
          errors: 0,
          firstError: undefined as string | undefined,
          byRound: [] as number[],
          cpu: 0,
          ms: [] as number[],
        },
      ]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
      for (const server of order) {
        const result = results.get(server.name)!;
        const cpu0 = cpuSeconds(server.pid);
        const run = await throughput(server, ROUND_MS);
        result.cpu += cpuSeconds(server.pid) - cpu0;
        result.done += run.done;
        result.errors += run.errors;
        result.firstError ??= run.firstError;
        result.byRound.push(Math.round(run.done / (ROUND_MS / 1000)));
        result.ms.push(...(await latencies(server, LATENCY_SAMPLES)));
      }
    }
    const summaries = servers.map((server) => {
      const r = results.get(server.name)!;
      const sorted = [...r.ms].sort((a, b) => a - b);
      return {
        name: server.name,
        requestsPerSecond: Math.round(r.done / ((ROUNDS * ROUND_MS) / 1000)),
        requestsPerSecondByRound: r.byRound,
        serverCpuMicrosecondsPerRequest: r.done ? Math.round((r.cpu * 1e6) / r.done) : undefined,
        latencyMs: { ...summarize(r.ms), p99: Math.round(quantile(sorted, 0.99) * 1e4) / 1e4 },
        errors: r.errors,
        ...(r.firstError ? { firstError: r.firstError } : {}),
      };
    });
    const floor = summaries.find((s) => s.name === 'floor')!;
    const added = (name: Name) => {
      const s = summaries.find((x) => x.name === name);
      if (!s) return undefined;
      const round = (x: number) => Math.round(x * 1000) / 1000;
      return {
        p50: round(s.latencyMs.median - floor.latencyMs.median),
        p99: round(s.latencyMs.p99 - floor.latencyMs.p99),
      };
    };
    const output = {
      operation: `POST ${PATH} with a sign-in grant cookie, forwarded to a stand-in service answering 200`,
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      roundMs: ROUND_MS,
      latencySamplesPerRound: LATENCY_SAMPLES,
      servers: summaries,
      ratio: {
        memoryToFloor: ratio(summaries.find((s) => s.name === 'memory')?.requestsPerSecond, floor.requestsPerSecond),
        redisToFloor: ratio(summaries.find((s) => s.name === 'redis')?.requestsPerSecond, floor.requestsPerSecond),
      },
      addedLatencyMs: { memory: added('memory'), redis: added('redis') },
      ...(typeof redis === 'string' ? { redisSkipped: redis } : {}),
      loadAverage: { start: loadAtStart, end: Number(loadavg()[0]!.toFixed(2)) },
      errors: summaries.reduce((n, s) => n + s.errors, 0),
    };
    process.stdout.write(`${JSON.stringify(output)}\n`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await upstream.stop();
    if (typeof redis !== 'string') await redis.stop();
  }
}

await main();
