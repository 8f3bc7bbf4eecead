import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from '@paykit/test-harness/suite';
import { bannerLine, basic, runCli, runCliToExit } from '@paykit/test-harness/sandbox-cli';

describe('sandbox: the command line settings', () => {
  it('takes the credentials from flags and environment variables (flags win)', async () => {
    const { banner, stop } = await runCli(['--port', '0', '--token-id', 'flag-token'], {
      env: {
        SANDBOX_TOKEN_ID: 'env-token',
        SANDBOX_TOKEN_SECRET: 'env-secret',
        SANDBOX_VIEW_TOKEN_ID: 'env-view',
        SANDBOX_VIEW_TOKEN_SECRET: 'env-view-secret',
      },
    });
    try {
      const baseUrl = bannerLine(banner, 'base_url');
      expect(bannerLine(banner, 'token')).to.match(/^flag-token \/ env-secret/);
      expect(bannerLine(banner, 'view token')).to.match(/^env-view \/ env-view-secret/);
      const get = (authorization: string) =>
        fetch(`${baseUrl}/customers`, { headers: { Authorization: authorization } }).then((r) => r.status);
      expect(await get(basic('flag-token', 'env-secret'))).to.equal(200);
      expect(await get(basic('env-view', 'env-view-secret'))).to.equal(200);
      expect(await get(basic('sandbox-token', 'sandbox-secret'))).to.equal(401);
      expect(await get(basic('env-token', 'env-secret'))).to.equal(401);
    } finally {
      stop();
    }
  });

  it('refuses bad settings with a message and exit code 2, never a stack trace or a sandbox whose sessions never live', async () => {
    const cases = [
      ['--port', 'http'],
      ['--session-ttl', 'abc'],
      ['--session-ttl=-5'],
      ['--enclave-key', '/nonexistent/key.json'],
      ['--bogus'],
      ['--port'],
    ];
    const results = await Promise.all(cases.map((args) => runCliToExit(args)));
    for (const [i, args] of cases.entries()) {
      const { code, stderr } = results[i]!;
      expect(code, args.join(' ')).to.equal(2);
      expect(stderr, args.join(' ')).to.match(
        /^(Not a port|Not a session lifetime|Cannot read the enclave key|Unknown option|Option '--port <value>' argument missing)/,
      );
      expect(stderr).to.include('Usage: npm run sandbox');
      expect(stderr).to.not.match(/\n\s+at /);
    }
  });

  it('never prints the text of an enclave key file it cannot parse (it is a private key)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paykit-cli-key-'));
    try {
      const file = path.join(dir, 'key.json');
      writeFileSync(file, '{"kty":"EC","d":"kq7Zp3-private-d-value');
      const { code, stderr } = await runCliToExit(['--enclave-key', file]);
      expect(code).to.equal(2);
      expect(stderr).to.match(/^Cannot read the enclave key .*: it is not a JSON Web Key/);
      expect(stderr).to.not.include('kq7Zp3');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
