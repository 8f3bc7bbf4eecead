/**
 * Runs the sandbox's command line as a child process for the CLI suites: started through the
 * documented `npm run sandbox -- …` or directly with Node (faster), each in its own process group that
 * `stop()` ends (that group only).
 *
 * @example
 *   const { banner, stop } = await runCli(['--port', '0'], { viaNpm: true });
 *   const baseUrl = bannerLine(banner, 'base_url');
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const NODE_ARGS = ['--conditions=source', '--import', 'tsx', 'packages/sandbox/src/cli.ts'];

export const basic = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The value printed after `label` in the start-up banner, or ''. */
export const bannerLine = (banner: string, label: string): string =>
  new RegExp(`^\\s*${label}\\s+(.+)$`, 'm').exec(banner)?.[1]?.trim() ?? '';

/** Starts the CLI and resolves once its banner is printed. */
export async function runCli(
  args: string[],
  options: { env?: Record<string, string>; viaNpm?: boolean } = {},
): Promise<{ banner: string; stop: () => void }> {
  const [command, commandArgs] = options.viaNpm
    ? ['npm', ['run', '--silent', 'sandbox', '--', ...args]]
    : [process.execPath, [...NODE_ARGS, ...args]];
  const child: ChildProcess = spawn(command, commandArgs, {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = (): void => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const deadline = Date.now() + 45_000; // a bound for a hang: tsx compiles the CLI first, slow on a loaded machine
  while (!/listening on/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`the sandbox CLI did not start: ${out}\n${err}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { banner: out, stop };
}

/** Runs the CLI expecting it to refuse to start: its exit code and what it printed on stderr. */
export function runCliToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
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
