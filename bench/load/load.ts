/**
 * Throughput of signed retries against the sandbox on loopback. The sandbox runs in its own process;
 * this one is the load generator: CONCURRENCY workers, each with its own customer, OTP session and
 * `WalletClient`, loop on `setWalletPrivacy` (PATCH /internal-accounts/{id}: leg 1 → 202 payloadToSign,
 * stamp, leg 2 → 200), one operation at a time per worker. A warm-up second is discarded; then it
 * measures for DURATION_MS. Bounded twice: at most MAX_OPERATIONS signed retries (2 requests each) and
 * a hard stop at HARD_STOP_MS; only 127.0.0.1 is ever a target. Prints one JSON object on stdout.
 *
 * @example
 *   node --conditions=source --import tsx bench/load/load.ts   # {"opsPerSecond": …, "latencyMs": {…}}
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { WalletClient, fetchTransport, memoryKeyStore, sandboxSigners, type Transport } from '@paykit/crypto-core';
import { startSandboxChild } from '../lib/sandbox-child.mjs';
import { summarize } from '../lib/stats.mjs';

const CONCURRENCY = Number(process.env['BENCH_LOAD_CONCURRENCY'] ?? 8);
const WARMUP_MS = 1_000;
const DURATION_MS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 10) * 1000;
const MAX_OPERATIONS = 20_000;
const HARD_STOP_MS = 15_000;
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const sandbox = await startSandboxChild();
try {
  const target = new URL(sandbox.baseUrl);
  if (target.hostname !== '127.0.0.1') throw new Error(`refusing to load anything but 127.0.0.1 (got ${target.hostname})`);
  const base = fetchTransport({ baseUrl: sandbox.baseUrl });
  const transport: Transport = (request) => base({ ...request, headers: { ...request.headers, Authorization: sandbox.authorization } });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await transport({ method: method as 'GET', path, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
    return response.body as any;
  };
  const signers = await sandboxSigners(transport);

  // One customer and one OTP session per worker (setup, not measured).
  const workers = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const id = `load-${process.pid}-${i}`;
      const customer = await api('POST', '/customers', { platformCustomerId: id, customerType: 'INDIVIDUAL', email: `${id}@example.com`, fullName: 'Load Test' });
      const account = (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`)).data[0];
      const credential = (await api('GET', `/auth/credentials?accountId=${encodeURIComponent(account.id)}`)).data[0];
      const client = new WalletClient({ transport, keyStore: memoryKeyStore(), trustedSigners: signers, autoRefresh: false });
      await client.loginWithOtp({ challenge: await client.requestOtp({ credentialId: credential.id }), code: '000000' });
      return client;
    }),
  );

  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const measureUntil = measureFrom + DURATION_MS;
  const hardStop = started + HARD_STOP_MS;
  const latencies: number[] = [];
  // CPU seconds of each side over the measured window: which one is the bottleneck.
  type Cpu = { sandbox: number; generator: number; machine: { busy: number; total: number } };
  let cpuAtStart: Cpu | undefined;
  let cpuAtEnd: Cpu | undefined;
  const cpuNow = () => ({ sandbox: processCpuSeconds(sandbox.pid), generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6, machine: machineCpuSeconds() });
  const marks = [
    setTimeout(() => (cpuAtStart = cpuNow()), WARMUP_MS),
    setTimeout(() => (cpuAtEnd = cpuNow()), WARMUP_MS + DURATION_MS),
  ];
  let operations = 0;
  let warmupOperations = 0;
  let errors = 0;
  let firstError: string | undefined;

  await Promise.all(
    workers.map(async (client) => {
      let privateEnabled = false;
      for (;;) {
        const now = performance.now();
        if (now >= measureUntil || now >= hardStop || operations + warmupOperations >= MAX_OPERATIONS || errors > 100) return;
        privateEnabled = !privateEnabled;
        try {
          await client.setWalletPrivacy(privateEnabled);
        } catch (error) {
          errors++;
          firstError ??= String(error);
          continue;
        }
        const end = performance.now();
        if (now >= measureFrom && end <= measureUntil) {
          operations++;
          latencies.push(end - now);
        } else {
          warmupOperations++;
        }
      }
    }),
  );
  const measuredMs = Math.min(performance.now(), measureUntil) - measureFrom;
  for (const mark of marks) clearTimeout(mark);
  cpuAtEnd ??= cpuNow();
  const busy = (side: 'sandbox' | 'generator') => (cpuAtStart ? Math.round(((cpuAtEnd![side] - cpuAtStart[side]) / (measuredMs / 1000)) * 100) : undefined);
  // Everything else that ran on the machine meanwhile (other builds, browsers), in percent of one core.
  const others = () => {
    if (!cpuAtStart) return undefined;
    const seconds = measuredMs / 1000;
    const machineBusy = cpuAtEnd!.machine.busy - cpuAtStart.machine.busy;
    const ours = cpuAtEnd!.sandbox - cpuAtStart.sandbox + cpuAtEnd!.generator - cpuAtStart.generator;
    return Math.max(0, Math.round(((machineBusy - ours) / seconds) * 100));
  };
  for (const client of workers) client.close();
  process.stdout.write(
    `${JSON.stringify({
      operation: 'signed retry: PATCH /internal-accounts/{id} {privateEnabled}, leg 1 (202) + stamped leg 2 (200)',
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_MS,
      measuredMs: Math.round(measuredMs),
      operations,
      requests: operations * 2,
      opsPerSecond: Math.round((operations / measuredMs) * 1000),
      requestsPerSecond: Math.round(((operations * 2) / measuredMs) * 1000),
      latencyMs: summarize(latencies),
      p99Ms: Math.round(quantileOf(latencies, 0.99) * 100) / 100,
      cpuBusyPercent: { sandbox: busy('sandbox'), loadGenerator: busy('generator'), otherProcesses: others(), cores: cpus().length },
      errors,
      ...(firstError ? { firstError } : {}),
      limits: { maxOperations: MAX_OPERATIONS, hardStopMs: HARD_STOP_MS, target: '127.0.0.1' },
    })}\n`,
  );
} finally {
  await sandbox.stop();
}

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

function quantileOf(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
