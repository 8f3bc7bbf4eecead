/**
 * Two installed copies of `@paykit/crypto-core` (an app on 0.1.1 while `@paykit/elements` resolves 0.1.0):
 * the package is packed as published, extracted twice (one copy re-versioned) into separate
 * `node_modules`, each copy's `dist/` compiled from its packed sources, and the flow functions of each
 * copy run against the sandbox with a client made by the other. A third copy speaking client protocol v2
 * is refused with a typed `PayError` (`INVALID_ARGUMENT`) naming both versions.
 */
import { expect } from 'chai';
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox, type RunningSandbox } from '@paykit/sandbox';
import { after, before, describe, it } from '@paykit/test-harness/suite';

type Core = typeof import('../src/index.js');
type Sandbox = typeof import('../src/sandbox.js');

const exec = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// inside the repo, so each copy's own dependencies (idb-keyval) resolve from the root node_modules
const work = path.join(repoRoot, 'test-results', 'two-copies');

/** Extracts `tarball` as `<dir>/node_modules/@paykit/crypto-core`, with `version`; answers its root. */
async function install(tarball: string, dir: string, version: string): Promise<string> {
  const root = path.join(work, dir, 'node_modules', '@paykit', 'crypto-core');
  mkdirSync(root, { recursive: true });
  await exec('tar', ['-xzf', tarball, '-C', root, '--strip-components=1']);
  // dist/ from the packed src/, one module per file as tsc emits it
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const sources = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(root, 'src', file));
  await build({
    entryPoints: sources,
    outdir: path.join(root, 'dist'),
    format: 'esm',
    target: 'es2022',
    logLevel: 'error',
  });
  const manifest = path.join(root, 'package.json');
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version }, null, 2));
  return root;
}

const load = async (root: string) => ({
  core: (await import(pathToFileURL(path.join(root, 'dist', 'index.js')).href)) as Core,
  sandbox: (await import(pathToFileURL(path.join(root, 'dist', 'sandbox.js')).href)) as Sandbox,
});

describe('crypto-core: two installed copies', () => {
  let server: RunningSandbox;
  let app: Awaited<ReturnType<typeof load>>;
  let elements: Awaited<ReturnType<typeof load>>;
  let tarball: string;

  before(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // the package as npm packs it (package.json, exports, files), without its prepack build: `tsc -b` of
    // the typecheck stage may be writing dist/ at the same time; install() compiles dist/ per copy instead
    const { stdout } = await exec(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', work, '--workspace', 'packages/crypto-core'],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
    tarball = path.join(work, packed!.filename);
    const appRoot = await install(tarball, 'app', '0.1.1');
    const elementsRoot = await install(tarball, 'elements', '0.1.0');
    [app, elements] = [await load(appRoot), await load(elementsRoot)];
    server = await startSandbox({ port: 0, panPort: 0, kycPort: 0, idpPort: 0 });
  });
  after(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A signed-in client of `copy`, pinned to the sandbox's signers, for a new customer. */
  async function signedIn(copy: typeof app) {
    const { WalletClient, fetchTransport, memoryKeyStore } = copy.core;
    const base = fetchTransport({ baseUrl: server.baseUrl });
    const transport: typeof base = (request) =>
      base({ ...request, headers: { ...request.headers, Authorization: server.credentials.authorization } });
    const platformCustomerId = `two-copies-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const customer = await transport({
      method: 'POST',
      path: '/customers',
      body: JSON.stringify({
        platformCustomerId,
        customerType: 'INDIVIDUAL',
        email: `${platformCustomerId}@example.com`,
        fullName: 'Ana Test',
      }),
    });
    expect(customer.status).to.equal(201);
    const accounts = await transport({
      method: 'GET',
      path: '/customers/internal-accounts',
      query: { customerId: (customer.body as { id: string }).id },
    });
    const accountId = (accounts.body as { data: { id: string }[] }).data[0]!.id;
    const client = new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      trustedSigners: await copy.sandbox.sandboxSigners(transport),
      autoRefresh: false,
    });
    const challenge = await client.requestOtp({ accountId });
    const session = await client.loginWithOtp({ challenge, code: '000000' });
    return { client, session, accountId };
  }

  it('the two copies are separate module instances with their own versions', () => {
    expect(app.core.WalletClient).to.not.equal(elements.core.WalletClient);
    expect(app.core.listSessions).to.not.equal(elements.core.listSessions);
    const version = (dir: string) =>
      JSON.parse(readFileSync(path.join(work, dir, 'node_modules/@paykit/crypto-core/package.json'), 'utf8')).version;
    expect([version('app'), version('elements')]).to.deep.equal(['0.1.1', '0.1.0']);
  });

  it("runs one copy's flows (unsigned, signed, the session's own revoke) with the other copy's client", async () => {
    for (const [made, flows] of [
      [app, elements],
      [elements, app],
    ] as const) {
      const { client, session, accountId } = await signedIn(made);
      const sessions = await flows.core.listSessions(client);
      expect(sessions.map((s) => s.id)).to.include(session.id);
      expect((await flows.core.listCredentials(client)).map((c) => c.type)).to.include('EMAIL_OTP');
      // a signed action through the other copy's signed-retry engine, stamped by this client's key
      expect((await flows.core.setWalletPrivacy(client, true)).privateEnabled).to.equal(true);
      // the service's error, made by the client's copy, is a PayError to both copies (and to their isPayError)
      const missing = await flows.core.getQuote(client, 'Quote:missing').catch((e: unknown) => e);
      expect(missing).to.include({ status: 404 });
      expect(missing instanceof made.core.PayError && missing instanceof flows.core.PayError).to.equal(true);
      expect(flows.core.isPayError(missing) && made.core.isPayError(missing)).to.equal(true);
      await flows.core.revokeSession(client, session.id);
      expect(client.session).to.equal(undefined);
      expect(accountId).to.match(/^InternalAccount:/);
      client.close();
    }
  });

  it('keeps the internals off JSON, enumeration and console output', async () => {
    const { client } = await signedIn(app);
    const key = Symbol.for('paykit.wallet-client/v1');
    expect(Object.getOwnPropertySymbols(client)).to.deep.equal([key]);
    const descriptor = Object.getOwnPropertyDescriptor(client, key)!;
    expect(descriptor).to.include({ enumerable: false, writable: false, configurable: false });
    expect(Object.isFrozen(descriptor.value)).to.equal(true);
    expect(JSON.stringify(client)).to.not.match(/paykit|signed|forget/);
    const { inspect } = await import('node:util');
    expect(inspect(client)).to.not.include('paykit.wallet-client');
    // what the flows get of the session key is a signer: public halves and stamp(), no CryptoKey to export
    const sessionKey = await descriptor.value.key(client.session);
    expect(Object.keys(sessionKey).sort()).to.deep.equal(['id', 'publicKey', 'publicKeyUncompressed', 'stamp']);
    expect(Object.values(sessionKey).some((value) => value instanceof CryptoKey)).to.equal(false);
    await app.core.revokeSession(client, client.session!.id);
    client.close();
  });

  it('refuses a client of a copy that speaks another client protocol with INVALID_ARGUMENT naming both', async () => {
    // a later major whose client speaks protocol v2 only
    const futureRoot = await install(tarball, 'future', '1.0.0');
    const internalsFile = path.join(futureRoot, 'dist', 'client-internals.js');
    const source = readFileSync(internalsFile, 'utf8');
    expect(source).to.match(/CLIENT_PROTOCOL = 1;/);
    writeFileSync(internalsFile, source.replace(/CLIENT_PROTOCOL = 1;/, 'CLIENT_PROTOCOL = 2;'));
    const future = await load(futureRoot);
    const { client } = await signedIn(future);
    for (const flows of [app, elements]) {
      const error = await flows.core.listSessions(client).catch((e: unknown) => e);
      expect(flows.core.isPayError(error, 'INVALID_ARGUMENT'), String(error)).to.equal(true);
      expect((error as Error).message).to.equal(
        'WalletClient of client protocol v2, flows of v1: install one @paykit/crypto-core',
      );
    }
    // and the other way round: a v2 flow refuses a v1 client
    const { client: current } = await signedIn(app);
    const refused = await future.core.getQuote(current, 'Quote:1').catch((e: unknown) => e);
    expect((refused as Error).message).to.match(/^WalletClient of client protocol v1, flows of v2: /);
    // no client at all is still the plain "Invalid client"
    const none = await app.core.listSessions({} as never).catch((e: unknown) => e);
    expect(app.core.isPayError(none, 'INVALID_ARGUMENT') && (none as Error).message).to.equal('Invalid client');
    client.close();
    current.close();
  });
});
