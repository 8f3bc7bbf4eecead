/**
 * Sustained signed-retry load on loopback, the sandbox beside its floor, in one run. This process is
 * the load generator; each server runs in a process of its own, one after the other:
 *
 * 1. `floor`: bench/load/floor-process.ts, a bare `node:http` server that parses the JSON body, imports
 *    a P-256 JWK and verifies one ECDSA signature per request (the least a signed-retry leg 2 needs).
 *    Each request carries a stamp signed once per worker at set-up: the floor keeps no challenges.
 * 2. `sandbox`: the sandbox with 10 customers (one per worker, plus idle ones).
 * 3. `grown`: the sandbox pre-grown to 100,000 customers and 300,000 stored challenges, then the same.
 *
 * On the sandbox, CONCURRENCY workers (each with its own customer and OTP session) loop on a signed
 * retry of `PATCH /internal-accounts/{id}` `{privateEnabled}`: leg 1 → 202 payloadToSign, stamp, the
 * byte-identical leg 2 → 200. On the floor the same workers loop on one signed request each. Keep-alive
 * `node:http` clients, one operation at a time per worker. A warm-up is discarded, then DURATION is
 * measured, counted per 5 s slice. Bounded: at most MAX_REQUESTS per phase, a hard stop DURATION + 15 s
 * after the start of a phase, and only 127.0.0.1 is ever a target. Prints one JSON object on stdout.
 *
 * @example
 *   BENCH_LOAD_SECONDS=60 node --conditions=source --import tsx bench/load/load.ts   # {"phases":[…],"ratio":…}
 *   BENCH_LOAD_PHASES=floor,sandbox BENCH_LOAD_SECONDS=5 node --conditions=source --import tsx bench/load/load.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fetchTransport, type Transport } from '@paykit/crypto-core';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { createSessionKey, type SessionKey } from '@paykit/crypto-core/keys';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { startSandboxChild } from '../lib/sandbox-child.mjs';
import { summarize } from '../lib/stats.mjs';
import { keepAliveClient } from './http-client.js';

const CONCURRENCY = Number(process.env['BENCH_LOAD_CONCURRENCY'] ?? 8);
const DURATION_MS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 60) * 1000;
const PHASES = (process.env['BENCH_LOAD_PHASES'] ?? 'floor,sandbox,grown').split(',');
const WARMUP_MS = 2_000;
const SLICE_MS = 5_000;
const MAX_REQUESTS = 2_000_000;
const HARD_STOP_MS = WARMUP_MS + DURATION_MS + 15_000;
const BASE_CUSTOMERS = 10;
const GROWN = { customers: 100_000, challenges: 300_000 };
const BODIES = [JSON.stringify({ privateEnabled: true }), JSON.stringify({ privateEnabled: false })];
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** One keep-alive HTTP client per phase. */
const client = (baseUrl: string) => keepAliveClient(baseUrl, CONCURRENCY);

type Operation = () => Promise<number>; // resolves with the number of HTTP requests it made

/** Sandbox workers: a customer, an OTP session key, and a signed-retry loop on the wallet's privacy switch. */
async function sandboxWorkers(baseUrl: string, authorization: string): Promise<Operation[]> {
  const http = client(baseUrl);
  const auth = { Authorization: authorization };
  const json = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<any> => {
    const res = await http.send(
      method,
      path,
      { ...auth, ...headers },
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
    return JSON.parse(res.text);
  };
  const base = fetchTransport({ baseUrl });
  const transport: Transport = (request) => base({ ...request, headers: { ...request.headers, ...auth } });
  const signers = await sandboxSigners(transport);
  const customer = async (id: string) => {
    const created = await json('POST', '/customers', {
      platformCustomerId: id,
      customerType: 'INDIVIDUAL',
      email: `${id}@example.com`,
      fullName: 'Load Test',
    });
    const account = (await json('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.id)}`))
      .data[0];
    const credential = (await json('GET', `/auth/credentials?accountId=${encodeURIComponent(account.id)}`)).data[0];
    return { account, credential };
  };
  const login = async (credentialId: string): Promise<SessionKey> => {
    const challenge = await json('POST', `/auth/credentials/${credentialId}/challenge`, {});
    const key = await createSessionKey({ store: memoryKeyStore() });
    const encryptedOtpBundle = await encryptOtpCode({
      otpEncryptionTargetBundle: challenge.otpEncryptionTargetBundle,
      otpCode: '000000',
      publicKey: key.publicKeyUncompressed,
      trustedSigners: signers,
    });
    const body = { type: challenge.type, encryptedOtpBundle };
    const leg1 = await json('POST', `/auth/credentials/${credentialId}/verify`, body);
    await json('POST', `/auth/credentials/${credentialId}/verify`, body, {
      'Service-Wallet-Signature': await key.stamp(leg1.payloadToSign),
      'Request-Id': leg1.requestId,
    });
    return key;
  };
  for (let i = CONCURRENCY; i < BASE_CUSTOMERS; i++) await customer(`load-${process.pid}-idle-${i}`);
  return Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const { account, credential } = await customer(`load-${process.pid}-${i}`);
      const key = await login(credential.id);
      const path = `/internal-accounts/${account.id}`;
      let turn = 0;
      return async () => {
        const body = BODIES[turn++ % 2]!;
        const leg1 = await http.send('PATCH', path, auth, body);
        if (leg1.status !== 202) throw new Error(`leg 1: ${leg1.status} ${leg1.text.slice(0, 200)}`);
        const challenge = JSON.parse(leg1.text) as { payloadToSign: string; requestId: string };
        const stamp = await key.stamp(challenge.payloadToSign);
        const leg2 = await http.send(
          'PATCH',
          path,
          { ...auth, 'Service-Wallet-Signature': stamp, 'Request-Id': challenge.requestId },
          body,
        );
        if (leg2.status !== 200) throw new Error(`leg 2: ${leg2.status} ${leg2.text.slice(0, 200)}`);
        return 2;
      };
    }),
  );
}

/** Floor workers: each its own key, both bodies stamped once; then one signed request per operation. */
async function floorWorkers(baseUrl: string): Promise<Operation[]> {
  const http = client(baseUrl);
  return Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const key = await createSessionKey({ store: memoryKeyStore() });
      const stamps = await Promise.all(BODIES.map((body) => key.stamp(body)));
      let turn = 0;
      return async () => {
        const at = turn++ % 2;
        const res = await http.send(
          'PATCH',
          `/internal-accounts/worker-${i}`,
          { 'Service-Wallet-Signature': stamps[at]! },
          BODIES[at]!,
        );
        if (res.status !== 200) throw new Error(`floor: ${res.status} ${res.text.slice(0, 200)}`);
        return 1;
      };
    }),
  );
}

async function runPhase(name: string) {
  const grown = name === 'grown';
  const server = await startSandboxChild({
    timeoutMs: 180_000,
    ...(name === 'floor' ? { script: 'bench/load/floor-process.ts' } : {}),
    ...(grown
      ? { env: { BENCH_SEED_CUSTOMERS: String(GROWN.customers), BENCH_SEED_CHALLENGES: String(GROWN.challenges) } }
      : {}),
  });
  try {
    const operations =
      name === 'floor'
        ? await floorWorkers(server.baseUrl)
        : await sandboxWorkers(server.baseUrl, server.authorization);
    const loadAtStart = Number(loadavg()[0]!.toFixed(2));
    const started = performance.now();
    const measureFrom = started + WARMUP_MS;
    const measureUntil = measureFrom + DURATION_MS;
    const slices = Array.from({ length: Math.ceil(DURATION_MS / SLICE_MS) }, () => ({ operations: 0, requests: 0 }));
    const latencies: number[] = [];
    let cpuAtStart: ReturnType<typeof cpuNow> | undefined;
    let cpuAtEnd: ReturnType<typeof cpuNow> | undefined;
    const cpuNow = () => ({
      server: processCpuSeconds(server.pid),
      generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
      machine: machineCpuSeconds(),
    });
    const marks = [
      setTimeout(() => (cpuAtStart = cpuNow()), WARMUP_MS),
      setTimeout(() => (cpuAtEnd = cpuNow()), WARMUP_MS + DURATION_MS),
    ];
    let requests = 0;
    let errors = 0;
    let firstError: string | undefined;
    await Promise.all(
      operations.map(async (operation) => {
        for (;;) {
          const now = performance.now();
          if (now >= measureUntil || now - started >= HARD_STOP_MS || requests >= MAX_REQUESTS || errors > 100) return;
          let made: number;
          try {
            made = await operation();
          } catch (error) {
            errors++;
            firstError ??= String(error);
            continue;
          }
          const end = performance.now();
          if (now >= measureFrom && end <= measureUntil) {
            const slice = slices[Math.floor((end - measureFrom) / SLICE_MS)]!;
            slice.operations++;
            slice.requests += made;
            requests += made;
            latencies.push(end - now);
          }
        }
      }),
    );
    const measuredMs = Math.min(performance.now(), measureUntil) - measureFrom;
    for (const mark of marks) clearTimeout(mark);
    cpuAtEnd ??= cpuNow();
    const seconds = measuredMs / 1000;
    const busy = (side: 'server' | 'generator') =>
      cpuAtStart ? Math.round(((cpuAtEnd![side] - cpuAtStart[side]) / seconds) * 100) : undefined;
    const others = cpuAtStart
      ? Math.max(
          0,
          Math.round(
            ((cpuAtEnd.machine.busy -
              cpuAtStart.machine.busy -
              (cpuAtEnd.server - cpuAtStart.server) -
              (cpuAtEnd.generator - cpuAtStart.generator)) /
              seconds) *
              100,
          ),
        )
      : undefined;
    const totalOps = slices.reduce((sum, s) => sum + s.operations, 0);
    return {
      name,
      server:
        name === 'floor'
          ? 'floor: node:http, JSON.parse, JWK import, one ECDSA P-256 verify per request'
          : `sandbox, ${grown ? `${GROWN.customers.toLocaleString('en-US')} seeded customers + ${BASE_CUSTOMERS} and ${GROWN.challenges.toLocaleString('en-US')} stored challenges` : `${BASE_CUSTOMERS} customers`}`,
      ...(server.seeded ? { seeded: server.seeded } : {}),
      operation:
        name === 'floor'
          ? 'one signed request (the least of a leg 2)'
          : 'signed retry: leg 1 (202) + stamped leg 2 (200)',
      measuredMs: Math.round(measuredMs),
      operations: totalOps,
      requests,
      operationsPerSecond: Math.round(totalOps / seconds),
      requestsPerSecond: Math.round(requests / seconds),
      requestsPerSecondBySlice: slices.map((s) => Math.round(s.requests / (SLICE_MS / 1000))),
      latencyMs: summarize(latencies),
      errors,
      ...(firstError ? { firstError } : {}),
      cpuBusyPercent: {
        server: busy('server'),
        loadGenerator: busy('generator'),
        otherProcesses: others,
        cores: cpus().length,
      },
      serverRssMiB: rssMiB(server.pid),
      loadAverage: { start: loadAtStart, end: Number(loadavg()[0]!.toFixed(2)) },
    };
  } finally {
    await server.stop();
  }
}

const phases: Awaited<ReturnType<typeof runPhase>>[] = [];
for (const name of PHASES) phases.push(await runPhase(name));
const rate = (name: string) => phases.find((p) => p.name === name)?.requestsPerSecond;
const ratioOf = (a?: number, b?: number) => (a && b ? Number((a / b).toFixed(2)) : undefined);
process.stdout.write(
  `${JSON.stringify({
    concurrency: CONCURRENCY,
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
    sliceMs: SLICE_MS,
    phases,
    ratio: {
      sandboxToFloor: ratioOf(rate('sandbox'), rate('floor')),
      grownToFloor: ratioOf(rate('grown'), rate('floor')),
      grownToSandbox: ratioOf(rate('grown'), rate('sandbox')),
    },
    errors: phases.reduce((sum, p) => sum + p.errors, 0),
    limits: { maxRequestsPerPhase: MAX_REQUESTS, hardStopMs: HARD_STOP_MS, target: '127.0.0.1' },
  })}\n`,
);

/** Busy and total CPU seconds of the whole machine since boot, from /proc/stat (Linux). */
function machineCpuSeconds(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, x) => sum + x, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/** utime + stime of a process, from /proc (Linux), in seconds. */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Resident memory of a process, from /proc (Linux). */
function rssMiB(pid: number): number | undefined {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : undefined;
}
