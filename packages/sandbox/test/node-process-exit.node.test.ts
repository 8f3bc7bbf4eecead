import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '@paykit/test-harness/node-bundle';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * What a Node script does with the client, with every default (key store, auto-refresh) and without
 * `client.close()`: sign in, make a signed call, and stop. Nothing the client opened may keep it alive.
 */
const SCRIPT = `
import { WalletClient, fetchTransport, setWalletPrivacy } from '@paykit/crypto-core';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';
const base = fetchTransport({ baseUrl: process.env.BASE_URL });
const transport = (request) => base({ ...request, headers: { ...request.headers, Authorization: process.env.AUTHORIZATION } });
const autoRefresh = process.env.AUTO_REFRESH === '1' ? { autoRefresh: true } : {}; // Node's default is off
const client = new WalletClient({ transport, trustedSigners: await sandboxSigners(transport), ...autoRefresh });
const challenge = await client.requestOtp({ accountId: process.env.ACCOUNT_ID });
await client.loginWithOtp({ challenge, code: '000000' });
await setWalletPrivacy(client, true);
console.log('done');
`;

/** The script bundled once, its `@paykit/*` imports from their sources: a start through tsx cost 0.7 s of CPU more. */
let bundled: Promise<string> | undefined;

/** Runs the script; resolves with its exit code and output, or with `exited: false` after `boundMs`. */
async function runScript(
  env: Record<string, string>,
  boundMs: number,
): Promise<{ exited: boolean; code: number | null; output: string }> {
  const script = await (bundled ??= bundleForNode({ code: SCRIPT }));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ exited: false, code: null, output });
    }, boundMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ exited: true, code, output });
    });
  });
}

describe('crypto-core in Node: a script ends by itself', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ overHttp: true }); // a child process calls it
  });
  after(() => t.close());

  for (const autoRefresh of [false, true]) {
    it(`signs in with OTP, makes a signed call and exits without client.close() (autoRefresh ${autoRefresh})`, async () => {
      const { account } = await newCustomer(t.api);
      const env = {
        BASE_URL: t.server.baseUrl,
        AUTHORIZATION: t.server.credentials.authorization,
        ACCOUNT_ID: account.id,
        AUTO_REFRESH: autoRefresh ? '1' : '0',
      };
      const result = await runScript(env, 15_000);
      expect(result.output).to.contain('done');
      expect(result.exited, `the process was still running after its work was done:\n${result.output}`).to.equal(true);
      expect(result.code).to.equal(0);
    });
  }
});
