/**
 * Starts bench/load/sandbox-process.ts (or another server `script` that prints the same READY line) as
 * a child (`node --conditions=source --import tsx`), waits for its READY line and returns its base URL
 * and credential with a `stop()` that ends it (SIGTERM, then SIGKILL after 3 s). Closing stdin also stops it, so it cannot outlive its parent.
 *
 * @example
 *   const sandbox = await startSandboxChild();  // { baseUrl, authorization, pid, stop() }
 *   const grown = await startSandboxChild({ env: { BENCH_SEED_CUSTOMERS: '100000', BENCH_SEED_CHALLENGES: '300000' } });
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './bundle-size.mjs';

export function startSandboxChild({
  timeoutMs = 30_000,
  env = {},
  script = path.join('bench', 'load', 'sandbox-process.ts'),
  // false: workspace packages resolve to their built `dist/` (what npm publishes), not their TypeScript sources
  source = true,
} = {}) {
  // BENCH_SERVER_NODE_ARGS adds Node flags to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...extra, ...(source ? ['--conditions=source'] : []), '--import', 'tsx', script],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => fail(new Error(`the sandbox did not start within ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    const fail = (error) => {
      clearTimeout(timer);
      void stop().then(() => reject(error));
    };
    exited.then((code) => fail(new Error(`the sandbox exited (${code}) before it was ready: ${stderr}`)));
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (!line) return;
      clearTimeout(timer);
      const info = JSON.parse(line.slice('READY '.length));
      resolve({
        ...info,
        pid: child.pid,
        stop: async () => {
          process.off('exit', onExit);
          await stop();
        },
      });
    });
  });
}
