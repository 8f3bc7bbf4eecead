/**
 * The README's quick-start backend, run as written (its code block, read from the markdown, as
 * `npm run test:adopters` reads it), in front of the sandbox on a real port: a person signs in with the
 * email code through its lookup and proxy; once the platform places the customer in the EU, their SCA
 * login completes through the backend unchanged (the proxy stamps `endUserIpAddress`); and signing out
 * of the wallet ends the backend's own session (`onSignOut`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createSessionKey } from '@paykit/crypto-core/keys';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { startSandbox, type RunningSandbox } from '@paykit/sandbox';
import { after, before, describe, it } from '@paykit/test-harness/suite';
// @ts-expect-error: a plain .mjs helper without types
import { readSnippets } from '@paykit/test-harness/readme-snippets';
import { freePort } from '@paykit/test-harness/free-port';
import { bundleForNode } from '@paykit/test-harness/node-bundle';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('the proxy README quick-start backend, unchanged', () => {
  let sandbox: RunningSandbox;
  let backend: ChildProcess;
  let dir: string;
  let base: string;

  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    const [snippet] = readSnippets([join(repoRoot, 'packages/proxy/README.md')]).filter(
      (s: { runner: string }) => s.runner === 'backend',
    );
    // inside the repository, so that `@paykit/proxy` resolves to this workspace (its TypeScript sources)
    dir = mkdtempSync(join(repoRoot, 'packages/proxy/test/.quick-start-'));
    writeFileSync(join(dir, 'server.mjs'), snippet.code);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // bundled, its `@paykit/*` imports from their sources: a start through tsx cost 0.7 s of CPU more
    backend = spawn(process.execPath, [await bundleForNode({ entry: join(dir, 'server.mjs') })], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), PAY_SERVICE_URL: sandbox.baseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 15_000);
      const read = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Backend on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      backend.stdout!.on('data', read);
      backend.stderr!.on('data', read);
      backend.once('exit', (code) => reject(new Error(`the backend exited (${code}):\n${output}`)));
    });
  });
  after(async () => {
    backend?.kill();
    rmSync(dir, { recursive: true, force: true });
    await sandbox?.close();
  });

  it('signs in with the email code, completes an EU customer’s SCA login, and signs out of both sessions', async () => {
    const jar = new Map<string, string>();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + path, {
        method,
        headers: {
          Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
        if (/Max-Age=0/i.test(cookie)) jar.delete(name);
        else jar.set(name, value);
      }
      const text = await res.text();
      return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
    };

    const found = await call('POST', '/api/sign-in/lookup', { email: 'ada@example.com' });
    expect(found.status, found.text).to.equal(200);
    const credential = found.body.methods[0].authMethodId;
    const challenge = await call('POST', `/api/wallet/auth/credentials/${credential}/challenge`, {});
    expect(challenge.status, challenge.text).to.equal(200);
    const key = await createSessionKey({ store: memoryKeyStore() });
    const verifyBody = {
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await encryptOtpCode({
        otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle,
        otpCode: '000000',
        publicKey: key.publicKeyUncompressed,
        trustedSigners: sandbox.sandbox.enclaveSigners,
      }),
    };
    const leg1 = await call('POST', `/api/wallet/auth/credentials/${credential}/verify`, verifyBody);
    expect(leg1.status, leg1.text).to.equal(202);
    const session = await call('POST', `/api/wallet/auth/credentials/${credential}/verify`, verifyBody, {
      'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
      'Request-Id': leg1.body.requestId,
    });
    expect(session.status, session.text).to.equal(200);
    expect(jar.has('session'), 'the backend’s own session started').to.equal(true);

    // the platform places its customer in the EU (its own call, with its credential)
    const platform = (method: string, path: string, body?: unknown) =>
      fetch(sandbox.baseUrl + path, {
        method,
        headers: { Authorization: sandbox.credentials.authorization, 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }).then((res) => res.json() as Promise<any>);
    const customer = (await platform('GET', '/customers')).data.find(
      (c: { email: string }) => c.email === 'ada@example.com',
    );
    await platform('PATCH', `/customers/${customer.id}`, { customerType: 'INDIVIDUAL', region: 'DE' });

    const q = `?customerId=${encodeURIComponent(customer.id)}`;
    const start = await call('POST', `/api/wallet/sca/login/start${q}`, { factor: 'SMS_OTP' });
    expect(start.status, start.text).to.equal(200);
    const complete = await call('POST', `/api/wallet/sca/login/complete${q}`, {
      factor: 'SMS_OTP',
      challengeId: start.body.challengeId,
      code: '123456',
    });
    expect(complete.status, complete.text).to.equal(200);
    expect(complete.body.status).to.equal('SUCCESS');

    // sign out of the wallet: the backend's session ends with it
    const path = `/api/wallet/auth/sessions/${session.body.id}`;
    const out1 = await call('DELETE', path);
    expect(out1.status, out1.text).to.equal(202);
    const out = await call('DELETE', path, undefined, {
      'Service-Wallet-Signature': await key.stamp(out1.body.payloadToSign),
      'Request-Id': out1.body.requestId,
    });
    expect(out.status, out.text).to.equal(204);
    expect(jar.has('session'), 'the backend cleared its cookie').to.equal(false);
    const afterwards = await call('GET', `/api/wallet/customers/${customer.id}`);
    expect(afterwards.status).to.equal(401);
  });
});
