/**
 * Requests per flow, counted at the transport: the toolkit's own `WalletClient` runs each flow against
 * `startSandbox` over real HTTP on loopback, with its transport wrapped by a counter that is reset
 * before the flow and read after it. Setup (customers, funding, the quote, the OAuth credential) goes
 * around the counter. Prints one JSON object on stdout. Run with
 * `node --conditions=source --import tsx bench/flows/requests.ts`.
 *
 * Passkey login needs WebAuthn, so it is counted in Chromium instead (flows/passkey-page.ts).
 *
 * @example
 *   { "flows": [{ "id": "otp", "requests": ["POST /auth/credentials/…/challenge 200", …] }, …] }
 */
import {
  WalletClient,
  addCredential,
  base64UrlEncode,
  createQuote,
  executeQuote,
  exportWallet,
  fetchTransport,
  memoryKeyStore,
  utf8Encode,
  type Transport,
} from '@paykit/crypto-core';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';
import { startSandbox } from '@paykit/sandbox';

interface Counted {
  id: string;
  requests: string[];
}

const sandbox = await startSandbox({ port: 0, panPort: 0 });
try {
  const base = fetchTransport({ baseUrl: sandbox.baseUrl });
  // The platform credential a backend proxy would add; it does not change how many requests go out.
  const transport: Transport = (request) =>
    base({ ...request, headers: { ...request.headers, Authorization: sandbox.credentials.authorization } });
  let log: string[] | undefined; // only while a counted flow runs
  const counting: Transport = async (request) => {
    const response = await transport(request);
    log?.push(
      `${request.method} ${decodeURIComponent(request.path).replace(/([A-Za-z]+):[0-9a-f-]{8,}/g, '$1:…')} ${response.status}`,
    );
    return response;
  };
  const count = async (id: string, flow: () => Promise<unknown>): Promise<Counted> => {
    const requests: string[] = (log = []);
    try {
      await flow();
    } finally {
      log = undefined;
    }
    return { id, requests };
  };
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await transport({
      method: method as 'GET',
      path,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      headers,
    });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as any;
  };
  const signers = await sandboxSigners(transport);
  const newClient = () =>
    new WalletClient({ transport: counting, keyStore: memoryKeyStore(), trustedSigners: signers, autoRefresh: false });

  const id = `bench-${process.pid}-${Date.now()}`;
  const customer = await api('POST', '/customers', {
    platformCustomerId: id,
    customerType: 'INDIVIDUAL',
    email: `${id}@example.com`,
    fullName: 'Ana Bench',
  });
  const account = (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`))
    .data[0];
  const otpCredential = (await api('GET', `/auth/credentials?accountId=${encodeURIComponent(account.id)}`)).data.find(
    (c: { type: string }) => c.type === 'EMAIL_OTP',
  );

  const flows: Counted[] = [];
  const client = newClient();
  flows.push(
    await count('otp', async () =>
      client.loginWithOtp({ challenge: await client.requestOtp({ authMethodId: otpCredential.id }), code: '000000' }),
    ),
  );
  flows.push(await count('refresh', () => client.refreshSession()));
  flows.push(await count('export', () => exportWallet(client)));

  await api('POST', `/sandbox/internal-accounts/${encodeURIComponent(account.id)}/fund`, { amount: 1_000 });
  const quote = await createQuote(client, {
    source: { sourceType: 'ACCOUNT', accountId: account.id },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$shop@merchant.example' },
    lookupId: (
      await api(
        'GET',
        `/receiver/uma/${encodeURIComponent('$shop@merchant.example')}?customerId=${encodeURIComponent(customer.id)}`,
      )
    ).lookupId,
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 400,
  });
  flows.push(await count('execute', () => executeQuote(client, { quote })));

  // OAuth: the credential is added from the OTP session (setup); a fresh client then signs in with it.
  const segment = (value: unknown) => base64UrlEncode(utf8Encode(JSON.stringify(value)));
  const oidcToken = (extra: Record<string, unknown>) => {
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://accounts.google.com',
      aud: 'platform-client-id',
      sub: `google-${id}`,
      iat,
      exp: iat + 600,
      ...extra,
    };
    return `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment(claims)}.${segment('signature')}`;
  };
  const oauth = await addCredential(client, { type: 'OAUTH', oidcToken: oidcToken({}) });
  const oauthClient = newClient();
  const prepared = await oauthClient.prepareOAuth(); // key generation and nonce: no request
  flows.push(
    await count('oauth', () =>
      oauthClient.loginWithOAuth({ authMethodId: oauth.id, oidcToken: oidcToken({ nonce: prepared.nonce }), prepared }),
    ),
  );

  client.close();
  oauthClient.close();
  process.stdout.write(`${JSON.stringify({ flows })}\n`);
} finally {
  await sandbox.close();
}
