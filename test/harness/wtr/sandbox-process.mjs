/**
 * One real sandbox (its CLI, in its own process) for the server commands of a browser-test run: the
 * OAuth tests' platform backend (oauth-sandbox-plugin.mjs) and the webview tests' native app
 * (webview-native-plugin.mjs) both create their own customers in it. Started on the first `get()`,
 * stopped by `stop()` (idempotent). One process instead of one per plugin (each started the CLI through
 * tsx, about 2.7 s of CPU a start, twice per engine), started as the sandbox's CLI tests start it
 * (sandbox-cli.mjs: the CLI bundled by esbuild, then run by Node).
 *
 * The browser origins are the test pages' (the identity provider redirects there); `--pan-port 0` gives
 * the card tests their PAN origin. The platform credential is made here and never reaches a page.
 *
 * @example
 *   const sandbox = sandboxProcess();
 *   plugins: [oauthSandboxPlugin(sandbox), webviewNativePlugin(repoRoot, sandbox)]
 *   const { baseUrl, idpOrigin, authorization } = await sandbox.get();
 */
import { randomBytes } from 'node:crypto';
import { bannerLine, basic, runCli } from '../sandbox-cli.mjs';

const TOKEN_ID = 'browser-tests';

/**
 * @returns {{ get(): Promise<{ baseUrl: string, idpOrigin: string, authorization: string }>, stop(): Promise<void> }}
 */
export function sandboxProcess() {
  /** @type {Promise<{ baseUrl: string, idpOrigin: string, authorization: string, stop(): void }> | undefined} */
  let started;
  return {
    get: () => (started ??= start()),
    async stop() {
      if (started) (await started.catch(() => undefined))?.stop();
    },
  };
}

async function start() {
  const tokenSecret = randomBytes(16).toString('hex');
  const args = [
    ...['--port', '0', '--pan-port', '0'],
    ...['--allowed-origins', 'http://localhost:*,http://127.0.0.1:*'],
    ...['--token-id', TOKEN_ID, '--token-secret', tokenSecret],
  ];
  // the banner prints the credential: a failed start's message does not
  const { banner, stop } = await runCli(args).catch((error) => {
    throw new Error(String(error.message).replaceAll(tokenSecret, '…'));
  });
  return {
    baseUrl: bannerLine(banner, 'base_url'),
    idpOrigin: new URL(bannerLine(banner, 'identity prov\\.').split(/\s/)[0]).origin,
    authorization: basic(TOKEN_ID, tokenSecret),
    stop,
  };
}
