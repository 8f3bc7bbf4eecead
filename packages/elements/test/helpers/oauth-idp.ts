/**
 * The OAuth tests' backend: the real sandbox and its test identity provider, driven through the
 * harness's `oauth-sandbox` server command (which plays the platform and adds its credential). The
 * `<pay-oauth-button>` and `<pay-sign-in>` tests both give the sandbox account an OAUTH credential for
 * an IdP subject, as a signed-in user would add one (`addOAuthCredential`).
 *
 * @example
 *   const started = await oauthSandbox<OAuthSandbox>({ op: 'start' });
 *   const credentialId = await addOAuthCredential(await newClient(), started, { sub, clientId, redirectUri });
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { addCredential, type WalletClient } from '@paykit/crypto-core';

/** The harness's `oauth-sandbox` server command (`start`, `request`, `token`). */
export const oauthSandbox = <R>(payload: Record<string, unknown>): Promise<R> =>
  executeServerCommand<R, unknown>('oauth-sandbox', payload) as Promise<R>;

/** What `{ op: 'start' }` answers: the IdP's origin and the sandbox account with its email code credential. */
export interface OAuthSandbox {
  idpOrigin: string;
  accountId: string;
  emailCredentialId: string;
}

/**
 * Signs `client` in with the email code, adds an OAUTH credential for `sub` at the sandbox IdP (a token
 * the harness fetches for `clientId` and `redirectUri`), signs out, and answers the credential's id.
 */
export async function addOAuthCredential(
  client: WalletClient,
  started: OAuthSandbox,
  idp: { sub: string; clientId: string; redirectUri: string },
): Promise<string> {
  const challenge = await client.requestOtp({ authMethodId: started.emailCredentialId });
  await client.loginWithOtp({ challenge, code: '000000' });
  const { token } = await oauthSandbox<{ token: string }>({ op: 'token', ...idp });
  const { id } = await addCredential(client, {
    type: 'OAUTH',
    accountId: started.accountId,
    oidcToken: token,
  });
  await client.logout();
  return id;
}

/** Whether this engine lets a script open a window (WebKitGTK under WebDriver does not, without a user gesture). */
export function popupsAllowed(): boolean {
  const probe = window.open('', 'paykit-popup-probe');
  probe?.close();
  return !!probe;
}
