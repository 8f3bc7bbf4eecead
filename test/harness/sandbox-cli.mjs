/**
 * Runs the sandbox's command line as a child process: for the sandbox's CLI suites, and for the browser
 * tests' server commands (wtr/sandbox-process.mjs). Started through the documented `npm run sandbox -- …`
 * or directly with Node (faster), each in its own process group that `stop()` ends (that group only).
 *
 * Directly, Node runs `src/cli.ts` bundled by node-bundle.mjs (once per test process) rather than
 * through tsx: a start through tsx's loader cost 1.7 s of CPU on the 2-core machine, the bundle's 0.3 s
 * (the CLI reads no file beside its own module).
 *
 * @example
 *   const { banner, stop } = await runCli(['--port', '0'], { viaNpm: true });
 *   const baseUrl = bannerLine(banner, 'base_url');
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './node-bundle.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** @type {Promise<string> | undefined} */
let bundled;
/** The CLI as one ES module (its workspace imports from their sources, as the tests see them). */
const cliBundle = () => (bundled ??= bundleForNode({ entry: 'packages/sandbox/src/cli.ts' }));

/** The `Authorization` value of a platform credential. */
export const basic = (id, secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The value printed after `label` in the start-up banner, or ''. */
export const bannerLine = (banner, label) => new RegExp(`^\\s*${label}\\s+(.+)$`, 'm').exec(banner)?.[1]?.trim() ?? '';

/**
 * Starts the CLI and resolves once its banner is printed.
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, viaNpm?: boolean }} [options]
 * @returns {Promise<{ banner: string, stop: () => void }>}
 */
export async function runCli(args, options = {}) {
  const [command, commandArgs] = options.viaNpm
    ? ['npm', ['run', '--silent', 'sandbox', '--', ...args]]
    : [process.execPath, [await cliBundle(), ...args]];
  const child = spawn(command, commandArgs, {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk.toString()));
  child.stderr.on('data', (chunk) => (err += chunk.toString()));
  const deadline = Date.now() + 45_000; // a bound for a hang, generous for a loaded machine
  while (!/listening on/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`the sandbox CLI did not start: ${out}\n${err}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { banner: out, stop };
}

/**
 * Runs the CLI expecting it to refuse to start: its exit code and what it printed on stderr.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, stderr: string }>}
 */
export async function runCliToExit(args) {
  const cli = await cliBundle();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the CLI kept running: ${stderr}`));
    }, 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
