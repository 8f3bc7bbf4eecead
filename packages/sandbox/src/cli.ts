#!/usr/bin/env node
/**
 * `npm run sandbox -- --port 8787`: serves `{base_url}` = http://localhost:<port>/2025-10-13 and the PAN
 * page on its own port, and prints both with the platform credentials. Every flag has an environment
 * variable twin; flags win. State is in memory: a restart starts empty. No browser origin may call it
 * (CORS, WebAuthn, the identity provider's redirects) until `--allowed-origins` names one: a page on any
 * other local port must not drive a server whose credentials are well known.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFaultRule } from './http/faults.js';
import { allowedHostNames } from './http/request-guard.js';
import type { StartSandboxOptions } from './server.js';

const HELP = `Usage: npm run sandbox -- [options]

  --port <n>               API port (SANDBOX_PORT, default 8787; 0 = any free port)
  --pan-port <n>           PAN page port (SANDBOX_PAN_PORT, default port + 1)
  --kyc-port <n>           hosted KYC page and terms port (SANDBOX_KYC_PORT, default port + 2)
  --idp-port <n>           test identity provider port (SANDBOX_IDP_PORT, default port + 3)
  --host <addr>            listen address (SANDBOX_HOST, default 127.0.0.1)
  --public-host <name>     host name in printed URLs (SANDBOX_PUBLIC_HOST, default localhost)
  --token-id <id>          TRANSACT+VIEW token id (SANDBOX_TOKEN_ID, default sandbox-token)
  --token-secret <s>       its secret (SANDBOX_TOKEN_SECRET, default sandbox-secret)
  --view-token-id <id>     VIEW-only token id (SANDBOX_VIEW_TOKEN_ID, default sandbox-view-token)
  --view-token-secret <s>  its secret (SANDBOX_VIEW_TOKEN_SECRET, default sandbox-view-secret)
  --allowed-origins <list> comma-separated browser origins, "scheme://host:*" for any port; repeatable.
                           A request with any other Origin header is refused, 403 (CORS, WebAuthn,
                           identity provider redirects) (SANDBOX_ALLOWED_ORIGINS, default none)
  --allowed-hosts <list>   comma-separated host names (no port) the sandbox answers to; any other
                           Host header gets 421 (SANDBOX_ALLOWED_HOSTS, default localhost,127.0.0.1,
                           [::1] plus --host and --public-host)
  --rp-id <id>             WebAuthn RP id (SANDBOX_RP_ID, default localhost)
  --frame-ancestors <list> comma-separated CSP frame-ancestors of the PAN page
                           (SANDBOX_FRAME_ANCESTORS, default http://localhost:*,http://127.0.0.1:*)
  --unsigned-exports       unsigned export bundles (SANDBOX_UNSIGNED_EXPORTS=1); default signed
  --signed-exports         signed export bundles (the default)
  --session-ttl <s>        session lifetime in seconds (SANDBOX_SESSION_TTL, default 900)
  --enclave-key <file>     private P-256 JWK for a stable enclave pin (SANDBOX_ENCLAVE_KEY)
  --fault <rule>           a fault on purpose, repeatable: '[METHOD ]PATH=FAULT[;times=N][;rate=P]', PATH
                           under base_url with * for one segment, FAULT one of drop-after,
                           error-before[=5xx], error-after[=5xx], delay=<ms>, rate-limit[=<s>], duplicate;
                           e.g. 'POST /quotes/*/execute=drop-after;times=1' (SANDBOX_FAULTS, comma-separated).
                           A request's Sandbox-Fault header wins over rules. See README "Faults on purpose"
  --help`;

const env = process.env;
const { values } = orFail(() =>
  parseArgs({
    options: {
      port: { type: 'string' },
      'pan-port': { type: 'string' },
      'kyc-port': { type: 'string' },
      'idp-port': { type: 'string' },
      host: { type: 'string' },
      'public-host': { type: 'string' },
      'token-id': { type: 'string' },
      'token-secret': { type: 'string' },
      'view-token-id': { type: 'string' },
      'view-token-secret': { type: 'string' },
      'allowed-origins': { type: 'string', multiple: true },
      'allowed-hosts': { type: 'string' },
      'rp-id': { type: 'string' },
      'frame-ancestors': { type: 'string' },
      'unsigned-exports': { type: 'boolean' },
      'signed-exports': { type: 'boolean' },
      'session-ttl': { type: 'string' },
      'enclave-key': { type: 'string' },
      fault: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  }),
);

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

/** Runs `parse`; an unknown flag or a flag without its value is a message and exit code 2. */
function orFail<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    return fail(messageOf(error));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fail(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

function port(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`Not a port: ${text}`);
  return n;
}

const list = (text: string | undefined): string[] | undefined =>
  text
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const originsLine = (origins: readonly string[]): string =>
  origins.length
    ? `${origins.join(', ')} (any other Origin: 403)`
    : 'none (any Origin: 403; name your page with --allowed-origins)';
const pick = <T>(...candidates: (T | undefined)[]): T | undefined =>
  candidates.find((c) => c !== undefined && c !== '');

const apiPort = port(pick(values.port, env['SANDBOX_PORT']), 8787);
const panPort = port(pick(values['pan-port'], env['SANDBOX_PAN_PORT']), apiPort === 0 ? 0 : apiPort + 1);
const kycPort = port(pick(values['kyc-port'], env['SANDBOX_KYC_PORT']), apiPort === 0 ? 0 : apiPort + 2);
const idpPort = port(pick(values['idp-port'], env['SANDBOX_IDP_PORT']), apiPort === 0 ? 0 : apiPort + 3);
const unsigned = values['signed-exports']
  ? false
  : (values['unsigned-exports'] ?? /^(1|true|yes)$/i.test(env['SANDBOX_UNSIGNED_EXPORTS'] ?? ''));
const sessionTtl = pick(values['session-ttl'], env['SANDBOX_SESSION_TTL']);
const enclaveKeyFile = pick(values['enclave-key'], env['SANDBOX_ENCLAVE_KEY']);

const options: StartSandboxOptions = {
  port: apiPort,
  panPort,
  kycPort,
  idpPort,
  host: pick(values.host, env['SANDBOX_HOST']) ?? '127.0.0.1',
  publicHost: pick(values['public-host'], env['SANDBOX_PUBLIC_HOST']) ?? 'localhost',
  unsignedExports: unsigned,
};
const set = <K extends keyof StartSandboxOptions>(key: K, value: StartSandboxOptions[K] | undefined): void => {
  if (value !== undefined) options[key] = value;
};
set('tokenId', pick(values['token-id'], env['SANDBOX_TOKEN_ID']));
set('tokenSecret', pick(values['token-secret'], env['SANDBOX_TOKEN_SECRET']));
set('viewTokenId', pick(values['view-token-id'], env['SANDBOX_VIEW_TOKEN_ID']));
set('viewTokenSecret', pick(values['view-token-secret'], env['SANDBOX_VIEW_TOKEN_SECRET']));
// No browser origin unless named: the credentials are well known, so any local page could drive it.
options.allowedOrigins = list(pick(values['allowed-origins']?.join(','), env['SANDBOX_ALLOWED_ORIGINS'])) ?? [];
set('allowedHosts', list(pick(values['allowed-hosts'], env['SANDBOX_ALLOWED_HOSTS'])));
set('frameAncestors', list(pick(values['frame-ancestors'], env['SANDBOX_FRAME_ANCESTORS'])));
set('rpId', pick(values['rp-id'], env['SANDBOX_RP_ID']));
if (sessionTtl !== undefined) {
  const seconds = Number(sessionTtl);
  if (!Number.isFinite(seconds) || seconds <= 0) fail(`Not a session lifetime in seconds: ${sessionTtl}`);
  set('sessionTtlMs', seconds * 1000);
}
const faults = values.fault ?? list(env['SANDBOX_FAULTS']);
if (faults?.length) {
  try {
    faults.forEach(parseFaultRule); // reported here, before anything listens
  } catch (error) {
    fail(messageOf(error));
  }
  set('faults', faults);
}
if (enclaveKeyFile) {
  let text = '';
  try {
    text = readFileSync(enclaveKeyFile, 'utf8');
  } catch (error) {
    fail(`Cannot read the enclave key ${enclaveKeyFile}: ${messageOf(error)}`);
  }
  try {
    set('enclaveKey', JSON.parse(text) as JsonWebKey);
  } catch {
    // not the parser's message: it quotes the file's text, which is a private key
    fail(`Cannot read the enclave key ${enclaveKeyFile}: it is not a JSON Web Key`);
  }
}

// Loaded only once the settings are known good, so a mistake is reported at once.
const { startSandbox } = await import('./server.js');
let running: Awaited<ReturnType<typeof startSandbox>>;
try {
  running = await startSandbox(options);
} catch (error) {
  // a taken port, an enclave key that is not a private P-256 JWK: say so, without a stack trace
  fail(`The sandbox could not start: ${messageOf(error)}`);
}
const { credentials } = running;
console.log(`Payments sandbox (in-memory; a restart starts empty)
  base_url        ${running.baseUrl}
  PAN origin      ${running.panOrigin}
  KYC origin      ${running.kycOrigin}
  identity prov.  ${running.idpOrigin}/authorize   (test OIDC: response_type=id_token, auto=1 approves)
  token           ${credentials.tokenId} / ${credentials.tokenSecret}   (TRANSACT + VIEW)
  view token      ${credentials.viewTokenId} / ${credentials.viewTokenSecret}   (VIEW only)
  enclave signer  ${running.sandbox.enclaveSigners[0]}
  exports         ${options.unsignedExports ? 'unsigned (sandbox form)' : 'signed by the enclave signer'}
  listening on    ${options.host}
  answers to      ${[...allowedHostNames(options)].join(', ')} (any other Host: 421)
  browser origins ${originsLine(options.allowedOrigins as readonly string[])}
  faults          ${options.faults?.length ? options.faults.join('\n                  ') : 'none (a request may still send Sandbox-Fault)'}`);

const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
