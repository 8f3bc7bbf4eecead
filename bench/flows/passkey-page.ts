/**
 * The passkey login, counted in Chromium against the sandbox: a real WebAuthn ceremony with a CDP
 * virtual authenticator (ES256, resident key, user verification). Setup is not counted: an OTP login,
 * then `registerPasskey` from that session. The counted part is a fresh `WalletClient` (new tab, no
 * session) doing `loginWithPasskey`, with its transport wrapped by a counter. CORS preflights are the
 * browser's, not the client's, and are not counted.
 *
 * @example
 *   await page.evaluate(`window.__passkeyFlow(${JSON.stringify({ baseUrl, authorization, otpCredentialId })})`);
 */
import { WalletClient, fetchTransport, memoryKeyStore, type Transport } from '@paykit/crypto-core';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';

interface FlowInput {
  baseUrl: string;
  authorization: string;
  otpCredentialId: string;
}

async function passkeyFlow(input: FlowInput): Promise<{ requests: string[]; sessionType: string }> {
  const base = fetchTransport({ baseUrl: input.baseUrl });
  // The sandbox wants the platform credential; in production a proxy adds it. Not a request of its own.
  const transport: Transport = (request) =>
    base({ ...request, headers: { ...request.headers, Authorization: input.authorization } });
  const signers = await sandboxSigners(transport);
  const setup = new WalletClient({
    transport,
    keyStore: memoryKeyStore(),
    trustedSigners: signers,
    autoRefresh: false,
    namespace: 'setup',
  });
  await setup.loginWithOtp({
    challenge: await setup.requestOtp({ authMethodId: input.otpCredentialId }),
    code: '000000',
  });
  const passkey = await setup.registerPasskey({ userName: 'bench@example.com' });
  setup.close();

  const requests: string[] = [];
  const counting: Transport = async (request) => {
    const response = await transport(request);
    requests.push(
      `${request.method} ${decodeURIComponent(request.path).replace(/([A-Za-z]+):[0-9a-f-]{8,}/g, '$1:…')} ${response.status}`,
    );
    return response;
  };
  const client = new WalletClient({
    transport: counting,
    keyStore: memoryKeyStore(),
    trustedSigners: signers,
    autoRefresh: false,
    namespace: 'counted',
  });
  const session = await client.loginWithPasskey({ authMethodId: passkey.id });
  client.close();
  return { requests, sessionType: session.type };
}

Object.assign(window, { __passkeyFlow: passkeyFlow });
