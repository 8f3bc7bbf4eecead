/**
 * One real sandbox (its CLI, in its own process) for the server commands of a browser-test run: the
 * OAuth tests' platform backend (oauth-sandbox-plugin.mjs) and the webview tests' native app
 * (webview-native-plugin.mjs) both create their own customers in it. Started on the first `get()`,
 * stopped by `stop()` (idempotent). One process instead of one per plugin: each start through tsx costs
 * about 2.7 s of CPU, twice per engine.
 *
 * The browser origins are the test pages' (the identity provider redirects there); `--pan-port 0` gives
 * the card tests their PAN origin. The platform credential is made here and never reaches a page.
 *
 * @example
 *   const sandbox = sandboxProcess(repoRoot);
 *   plugins: [oauthSandboxPlugin(sandbox), webviewNativePlugin(repoRoot, sandbox)]
 *   const { baseUrl, idpOrigin, authorization } = await sandbox.get();
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const TOKEN_ID = 'browser-tests';

/**
 * @param {string} repoRoot
 * @returns {{ get(): Promise<{ baseUrl: string, idpOrigin: string, authorization: string }>, stop(): Promise<void> }}
 */
export function sandboxProcess(repoRoot) {
  /** @type {Promise<{ baseUrl: string, idpOrigin: string, authorization: string, stop(): void }> | undefined} */
  let started;
  return {
    get: () => (started ??= start(repoRoot)),
    async stop() {
      if (started) (await started.catch(() => undefined))?.stop();
    },
  };
}

async function start(repoRoot) {
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
      '--pan-port',
      '0',
      '--allowed-origins',
      'http://localhost:*,http://127.0.0.1:*',
      '--token-id',
      TOKEN_ID,
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
    authorization: `Basic ${Buffer.from(`${TOKEN_ID}:${tokenSecret}`).toString('base64')}`,
    stop,
  };
}
