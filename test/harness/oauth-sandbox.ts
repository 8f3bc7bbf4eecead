/**
 * The page side of the `oauth-sandbox` server command (wtr/oauth-sandbox-plugin.mjs): a real sandbox with
 * its test identity provider, the platform's backend played by the runner. The OAuth tests (`<pay-oauth-button>`,
 * `<pay-sign-in>`) share one setup: a sandbox account with an OAUTH credential for an IdP subject, added
 * as a signed-in user would add one, and wallet clients whose requests the runner forwards.
 *
 * @example
 *   const account = oauthAccount({ sub, clientId, redirectUri });
 *   before(async () => ({ credentialId } = await account.start()));
 *   el.client = await account.newClient();
 */
import { executeServerCommand } from '@web/test-runner-commands';
import {
  WalletClient,
  addCredential,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '@paykit/crypto-core';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';

/** The harness's `oauth-sandbox` server command (`start`, `request`, `token`). */
export const oauthSandbox = <R>(payload: Record<string, unknown>): Promise<R> =>
  executeServerCommand<R, unknown>('oauth-sandbox', payload) as Promise<R>;

/** What `{ op: 'start' }` answers: the IdP's origin and the sandbox account with its email code credential. */
export interface OAuthSandbox {
  idpOrigin: string;
  accountId: string;
  emailCredentialId: string;
}

/** The subject at the sandbox IdP, and the client the identity token is issued to. */
export interface OAuthIdentity {
  sub: string;
  clientId: string;
  redirectUri: string;
}

export interface OAuthAccount {
  /** A client whose requests the runner forwards with the platform credential (as `@paykit/proxy` would). */
  newClient(): Promise<WalletClient>;
  /**
   * Starts the sandbox (once per run), signs a client in with the email code, adds an OAUTH credential
   * for the identity's `sub` and signs out; answers the sandbox and the credential's id. Call in `before`.
   */
  start(): Promise<OAuthSandbox & { credentialId: string }>;
}

/** The OAuth tests' account; `onRequest` sees each request a client sends (the credential's setup included). */
export function oauthAccount(identity: OAuthIdentity, onRequest?: (request: TransportRequest) => void): OAuthAccount {
  const transport: Transport = async (request: TransportRequest): Promise<TransportResponse> => {
    onRequest?.(request);
    const { signal: _signal, ...plain } = request;
    return oauthSandbox<TransportResponse>({ op: 'request', request: plain });
  };
  const newClient = async (): Promise<WalletClient> =>
    new WalletClient({ transport, trustedSigners: await sandboxSigners(transport) });
  const start = async (): Promise<OAuthSandbox & { credentialId: string }> => {
    const started = await oauthSandbox<OAuthSandbox>({ op: 'start' });
    const client = await newClient();
    const challenge = await client.requestOtp({ authMethodId: started.emailCredentialId });
    await client.loginWithOtp({ challenge, code: '000000' });
    const { token } = await oauthSandbox<{ token: string }>({ op: 'token', ...identity });
    const { id } = await addCredential(client, { type: 'OAUTH', accountId: started.accountId, oidcToken: token });
    await client.logout();
    return { ...started, credentialId: id };
  };
  return { newClient, start };
}

/** Whether this engine lets a script open a window (WebKitGTK under WebDriver does not, without a user gesture). */
export function popupsAllowed(): boolean {
  const probe = window.open('', 'paykit-popup-probe');
  probe?.close();
  return !!probe;
}
