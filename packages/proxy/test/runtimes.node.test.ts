/**
 * One backend (runtimes/conformance-app.ts: the proxy and the sign-in lookup), bundled once, served by
 * Node (`node:http`), Bun (`Bun.serve`), Deno (`Deno.serve`) and workerd (Cloudflare Workers' runtime),
 * each from its npm package, all started at once in front of the sandbox on loopback; then the same
 * conformance suite (runtimes/conformance-suite.ts) runs against each. A runtime whose binary is not
 * installed is skipped with the reason outside CI, and fails in CI.
 */
import { rmSync } from 'node:fs';
import { startSandbox, type RunningSandbox } from '@paykit/sandbox';
import { after, before, describe, it, itWhen } from '@paykit/test-harness/suite';
import type { ConformanceUser } from './runtimes/conformance-app.js';
import { checkConformance } from './runtimes/conformance-suite.js';
import {
  buildConformance,
  RUNTIMES,
  runtimeBinary,
  startRuntime,
  type RunningRuntime,
  type RuntimeName,
} from './runtimes/runtimes.js';

const TOKEN_ID = 'sandbox-token';
const CLIENT_SECRET = 'sandbox-secret';
const APP_ORIGIN = 'http://app.example';
const binaries = Object.fromEntries(RUNTIMES.map((name) => [name, runtimeBinary(name)])) as Record<
  RuntimeName,
  ReturnType<typeof runtimeBinary>
>;

describe('the proxy in every runtime the README names', () => {
  let sandbox: RunningSandbox;
  let dir: string | undefined;
  const users = {} as Record<RuntimeName, { alice: ConformanceUser; bob: ConformanceUser }>;
  const started = {} as Record<RuntimeName, Promise<RunningRuntime>>;

  before(async () => {
    [sandbox, dir] = await Promise.all([startSandbox({ port: 0 }), buildConformance()]);
    const platform = async (path: string, body?: unknown) => {
      const res = await fetch(sandbox.baseUrl + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: sandbox.credentials.authorization, 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json() as Promise<any>;
    };
    const wallet = async (name: string): Promise<ConformanceUser> => {
      const email = `${name}@example.com`;
      const customer = await platform('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: name, email });
      const [account] = (await platform(`/customers/internal-accounts?customerId=${customer.id}`)).data;
      const [credential] = (await platform(`/auth/credentials?accountId=${account.id}`)).data;
      return { email, customerId: customer.id, accountId: account.id, authMethodId: credential.id };
    };
    // each runtime its own users (the sandbox limits challenges per credential), every runtime at once
    for (const name of RUNTIMES) {
      const binary = binaries[name];
      if (!('path' in binary)) continue;
      users[name] = { alice: await wallet(`alice-${name}`), bob: await wallet(`bob-${name}`) };
      started[name] = startRuntime(name, dir, binary.path, {
        serviceUrl: sandbox.baseUrl,
        tokenId: TOKEN_ID,
        clientSecret: CLIENT_SECRET,
        grantSecret: crypto.randomUUID() + crypto.randomUUID(),
        appOrigin: APP_ORIGIN,
        users: users[name],
      });
      started[name].catch(() => {}); // reported by its own test
    }
  });

  after(async () => {
    await Promise.all(
      Object.values(started).map((p) =>
        p.then(
          (runtime) => runtime.stop(),
          () => {},
        ),
      ),
    );
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const name of RUNTIMES) {
    const binary = binaries[name];
    itWhen('path' in binary, 'skip' in binary ? binary.skip : '', `${name}: the conformance suite`, async () => {
      const runtime = await started[name];
      await checkConformance(runtime.baseUrl, {
        ...users[name],
        trustedSigners: sandbox.sandbox.enclaveSigners,
        secrets: [CLIENT_SECRET, btoa(`${TOKEN_ID}:${CLIENT_SECRET}`)],
        appOrigin: APP_ORIGIN,
      });
    });
  }
});
