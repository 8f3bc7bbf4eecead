import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { describe, it } from '../../../test/harness/suite.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/**
 * Runs `npm run sandbox -- <args>` (the documented command) in its own process group, waits for the
 * banner, and returns what it printed. `stop()` ends that group only.
 */
async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ banner: string; stop: () => void }> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'sandbox', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
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
  const deadline = Date.now() + 15_000;
  while (!/listening on/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`the sandbox CLI did not start: ${out}\n${err}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { banner: out, stop };
}

const line = (banner: string, label: string): string => new RegExp(`^\\s*${label}\\s+(.+)$`, 'm').exec(banner)?.[1]?.trim() ?? '';

describe('sandbox: the npm run sandbox command', () => {
  it('serves {base_url} = http://localhost:<port>/2025-10-13 and prints the URL, the PAN origin and both credentials', async () => {
    const { banner, stop } = await runCli(['--port', '0']);
    try {
      const baseUrl = line(banner, 'base_url');
      expect(baseUrl).to.match(/^http:\/\/localhost:\d+\/2025-10-13$/);
      expect(line(banner, 'PAN origin')).to.match(/^http:\/\/localhost:\d+$/);
      expect(line(banner, 'token')).to.match(/^sandbox-token \/ sandbox-secret\s+\(TRANSACT \+ VIEW\)$/);
      expect(line(banner, 'view token')).to.match(/^sandbox-view-token \/ sandbox-view-secret\s+\(VIEW only\)$/);
      const signer = line(banner, 'enclave signer');
      const keys = await fetch(`${baseUrl}/sandbox/enclave-keys`, { headers: { Authorization: basic('sandbox-token', 'sandbox-secret') } });
      expect(keys.status).to.equal(200);
      expect(await keys.json()).to.deep.equal({ signers: [signer] });
      const denied = await fetch(`${baseUrl}/customers`, { headers: { Authorization: basic('sandbox-token', 'nope') } });
      expect(denied.status).to.equal(401);
    } finally {
      stop();
    }
  });

  it('takes the credentials from flags and environment variables (flags win)', async () => {
    const { banner, stop } = await runCli(['--port', '0', '--token-id', 'flag-token'], {
      SANDBOX_TOKEN_ID: 'env-token',
      SANDBOX_TOKEN_SECRET: 'env-secret',
      SANDBOX_VIEW_TOKEN_ID: 'env-view',
      SANDBOX_VIEW_TOKEN_SECRET: 'env-view-secret',
    });
    try {
      const baseUrl = line(banner, 'base_url');
      expect(line(banner, 'token')).to.match(/^flag-token \/ env-secret/);
      expect(line(banner, 'view token')).to.match(/^env-view \/ env-view-secret/);
      const get = (authorization: string) => fetch(`${baseUrl}/customers`, { headers: { Authorization: authorization } }).then((r) => r.status);
      expect(await get(basic('flag-token', 'env-secret'))).to.equal(200);
      expect(await get(basic('env-view', 'env-view-secret'))).to.equal(200);
      expect(await get(basic('sandbox-token', 'sandbox-secret'))).to.equal(401);
      expect(await get(basic('env-token', 'env-secret'))).to.equal(401);
    } finally {
      stop();
    }
  });
});
