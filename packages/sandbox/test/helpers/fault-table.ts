/**
 * Issue 30's table: every state-changing call the toolkit makes × {answer dropped after acting, 5xx after
 * acting, 5xx before acting, delay past the client timeout, duplicate request}, through the real crypto-core
 * flow functions and `WalletClient` against the sandbox's fault mode (the `Sandbox-Fault` header on the
 * request that acts, until it fired), then the same call again the way a page retries. Each cell asserts
 * the fault fired, exactly one effect (one debit, one card, one credential, one session, …) and a
 * recoverable state (the retry succeeds, or a read shows the real state). A cell the toolkit does not yet
 * recover is kept as a `known` gap with its reason and asserted to still fail that way, so the table says
 * when it is fixed. Each `fault-table-*.node.test.ts` runs a slice of the rows (one file stays under the
 * per-file time limit) and prints its counts.
 */
import { expect } from 'chai';
import { WalletClient } from '@paykit/crypto-core/client';
import { addCredential, removeCredential, revokeSession } from '@paykit/crypto-core/account';
import { revealCard, updateCard } from '@paykit/crypto-core/cards';
import { updateCustomerContact } from '@paykit/crypto-core/customer';
import { PayError } from '@paykit/crypto-core/errors';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import {
  authorizeQuote,
  completeScaLogin,
  createQuote,
  executeQuote,
  getQuote,
  startScaLogin,
} from '@paykit/crypto-core/payments';
import type { OtpChallenge, Quote, QuoteRequest, ScaLoginStart } from '@paykit/crypto-core/resources';
import { fetchTransport, type Transport } from '@paykit/crypto-core/transport';
import { createDelegatedKey, setWalletPrivacy } from '@paykit/crypto-core/wallet';
import { base64UrlEncode } from '@paykit/crypto-core/encoding';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { FAULT_APPLIED_HEADER, FAULT_HEADER } from '../../src/http/faults.js';
import {
  fundAccount,
  newCustomer,
  otpLogin,
  startTestSandbox,
  umaLookupId,
  type TestSandbox,
} from './sandbox-client.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

const CLIENT_TIMEOUT_MS = 800;
const FAULTS = {
  'answer dropped after acting': 'drop-after',
  '5xx after acting': 'error-after=502',
  '5xx before acting': 'error-before=503',
  'delay past the client timeout': `delay=${CLIENT_TIMEOUT_MS + 500}`,
  'duplicate request': 'duplicate',
} as const;
type FaultName = keyof typeof FAULTS;

const IP = '203.0.113.7';

/** One signed-in wallet and a client whose transport can carry a fault to one request. */
interface World {
  t: TestSandbox;
  client: WalletClient;
  customer: { id: string };
  account: { id: string };
  credential: { id: string };
  arm(method: string, path: RegExp, fault: string): void;
  /** Whether the armed fault reached the request that acts. */
  fired(): boolean;
}

export interface Row<C = any> {
  call: string;
  /** The request the fault hits (the one that acts). */
  method: string;
  path: RegExp;
  region?: string;
  setup?(w: World): Promise<C>;
  act(w: World, c: C): Promise<unknown>;
  /** Effects now (one card, one session, …): must be exactly 1. Omitted when a call may repeat harmlessly. */
  effects?(w: World, c: C): Promise<number> | number;
  /** A read shows the real state after a failed retry. */
  settled?(w: World, c: C): Promise<boolean>;
  /** Cells that do not recover yet: the reason, and how the failure reads (asserted, so a fix shows). */
  known?: Partial<Record<FaultName, { reason: string; failure: RegExp }>>;
}

const describeError = (error: unknown): string =>
  error instanceof PayError ? `${error.code}${error.status ? ` ${error.status}` : ''}` : String(error);

const activeSessions = (w: World): number =>
  w.t.server.sandbox.state.sessions
    .list()
    .filter((s) => s.accountId === w.account.id && s.revokedAt === undefined && s.expiresAt > w.t.clock.now()).length;

async function scaLogin(w: World): Promise<void> {
  const start = await startScaLogin(w.client, { customerId: w.customer.id });
  await completeScaLogin(w.client, { customerId: w.customer.id, start, code: '123456', endUserIpAddress: IP });
}

async function walletQuote(w: World, amount: number, key?: string): Promise<Quote> {
  return createQuote(w.client, await walletQuoteBody(w, amount), key);
}

async function walletQuoteBody(w: World, amount: number): Promise<QuoteRequest> {
  return {
    source: { sourceType: 'ACCOUNT', accountId: w.account.id },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@receiver.example' },
    lookupId: await umaLookupId(w.t.api, '$bob@receiver.example'),
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  };
}

const balance = (w: World): number => w.t.server.sandbox.state.accounts.get(w.account.id)!.balance;

async function newCard(w: World): Promise<string> {
  const res = await w.t.api.post('/cards', { fundingSource: w.account.id }, { 'Idempotency-Key': crypto.randomUUID() });
  if (res.status !== 201) throw new Error(`card: ${res.status} ${res.text}`);
  return res.body.id;
}

export const ROWS: Row[] = [
  {
    call: 'client.requestOtp (POST /auth/credentials/{id}/challenge)',
    method: 'POST',
    path: /\/challenge$/,
    setup: async (w) => w.client.logout(),
    act: async (w) => {
      const challenge = await w.client.requestOtp({ authMethodId: w.credential.id });
      await w.client.loginWithOtp({ challenge, code: '000000' }); // the challenge that answered works
    },
  },
  {
    call: 'client.loginWithOtp (POST /auth/credentials/{id}/verify)',
    method: 'POST',
    path: /\/verify$/,
    setup: async (w): Promise<OtpChallenge> => {
      await w.client.logout();
      return w.client.requestOtp({ authMethodId: w.credential.id });
    },
    act: (w, challenge: OtpChallenge) => w.client.loginWithOtp({ challenge, code: '000000' }),
    effects: activeSessions,
  },
  {
    call: 'addCredential (POST /auth/credentials)',
    method: 'POST',
    path: /^\/auth\/credentials$/,
    act: (w) => addCredential(w.client, { type: 'SMS_OTP' }),
    effects: (w) =>
      w.t.server.sandbox.state.credentials.list((c) => c.accountId === w.account.id && c.type === 'SMS_OTP').length,
  },
  {
    call: 'addCredential, a passkey: the same WebAuthn credential on retry (POST /auth/credentials)',
    method: 'POST',
    path: /^\/auth\/credentials$/,
    setup: async () => {
      const challenge = base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
      const attestation = await (await SoftwareAuthenticator.create()).register({ challenge });
      return { type: 'PASSKEY', nickname: 'Laptop', challenge, attestation }; // the intent: one device key
    },
    act: (w, body: { type: string }) => addCredential(w.client, body),
    effects: (w) =>
      w.t.server.sandbox.state.credentials.list((c) => c.accountId === w.account.id && c.type === 'PASSKEY').length,
  },
  {
    call: 'removeCredential (DELETE /auth/credentials/{id})',
    method: 'DELETE',
    path: /^\/auth\/credentials\/[^/]+$/,
    setup: async (w) => (await addCredential(w.client, { type: 'SMS_OTP' })).id,
    act: (w, id: string) => removeCredential(w.client, id),
    effects: (w, id: string) => (w.t.server.sandbox.state.credentials.get(id) ? 0 : 1),
  },
  {
    call: 'client.refreshSession (POST /auth/sessions/{id}/refresh)',
    method: 'POST',
    path: /\/refresh$/,
    act: (w) => w.client.refreshSession(),
    effects: (w) => activeSessions(w) - 1, // sessions the refresh opened (the old one lives until it expires)
  },
  {
    call: 'revokeSession, another session (DELETE /auth/sessions/{id})',
    method: 'DELETE',
    path: /^\/auth\/sessions\/[^/]+$/,
    setup: async (w) => (await otpLogin(w.t, w.credential.id)).session.id as string,
    act: (w, id: string) => revokeSession(w.client, id),
    effects: (w, id: string) => (w.t.server.sandbox.state.sessions.get(id)?.revokedAt === undefined ? 0 : 1),
  },
  {
    call: 'client.logout (DELETE /auth/sessions/{own id})',
    method: 'DELETE',
    path: /^\/auth\/sessions\/[^/]+$/,
    act: (w) => w.client.logout(),
    effects: (w) => 1 - activeSessions(w),
  },
  {
    call: 'createDelegatedKey (POST /auth/delegated-keys)',
    method: 'POST',
    path: /^\/auth\/delegated-keys$/,
    setup: newCard,
    act: (w, cardId: string) => createDelegatedKey(w.client, { cardId }),
    effects: (w, cardId: string) => w.t.server.sandbox.state.delegatedKeys.list((k) => k.cardId === cardId).length,
  },
  {
    call: 'setWalletPrivacy (PATCH /internal-accounts/{id})',
    method: 'PATCH',
    path: /^\/internal-accounts\/[^/]+$/,
    act: (w) => setWalletPrivacy(w.client, true),
    effects: (w) => (w.t.server.sandbox.state.accounts.get(w.account.id)?.privateEnabled ? 1 : 0),
  },
  {
    call: 'updateCustomerContact (PATCH /customers/{id})',
    method: 'PATCH',
    path: /^\/customers\/[^/]+$/,
    act: (w) =>
      updateCustomerContact(w.client, { customerId: w.customer.id, email: `moved-${w.customer.id}@example.com` }),
    effects: (w) => (w.t.server.sandbox.state.customers.get(w.customer.id)?.email?.startsWith('moved-') ? 1 : 0),
  },
  {
    call: 'createQuote with an Idempotency-Key (POST /quotes)',
    method: 'POST',
    path: /^\/quotes$/,
    setup: async (w) => ({ key: crypto.randomUUID(), body: await walletQuoteBody(w, 400) }), // one intent
    act: (w, c: { key: string; body: QuoteRequest }) => createQuote(w.client, c.body, c.key),
    effects: (w) => w.t.server.sandbox.state.quotes.list((q) => JSON.stringify(q).includes(w.account.id)).length,
  },
  {
    call: 'executeQuote (POST /quotes/{id}/execute)',
    method: 'POST',
    path: /\/execute$/,
    setup: async (w) => {
      await fundAccount(w.t, w.account.id, 1_000);
      return walletQuote(w, 400);
    },
    act: (w, quote: Quote) => executeQuote(w.client, { quote }),
    effects: (w) => (1_000 - balance(w)) / 400, // debits of 400
    settled: async (w, quote: Quote) =>
      ['PROCESSING', 'COMPLETED'].includes((await getQuote(w.client, quote.id)).status),
  },
  {
    call: 'authorizeQuote, EU (POST /quotes/{id}/authorize)',
    method: 'POST',
    path: /\/authorize$/,
    region: 'DE',
    setup: async (w) => {
      await fundAccount(w.t, w.account.id, 1_000);
      const held = await executeQuote(w.client, { quote: await walletQuote(w, 400) });
      await scaLogin(w);
      return held;
    },
    act: (w, quote: Quote) => authorizeQuote(w.client, { quoteId: quote.id, code: '123456', endUserIpAddress: IP }),
    effects: (w) => (1_000 - balance(w)) / 400,
    settled: async (w, quote: Quote) =>
      ['PROCESSING', 'COMPLETED'].includes((await getQuote(w.client, quote.id)).status),
  },
  {
    call: 'startScaLogin, EU (POST /sca/login/start)',
    method: 'POST',
    path: /^\/sca\/login\/start$/,
    region: 'DE',
    act: async (w) => {
      const start = await startScaLogin(w.client, { customerId: w.customer.id });
      await completeScaLogin(w.client, { customerId: w.customer.id, start, code: '123456', endUserIpAddress: IP });
    },
  },
  {
    call: 'completeScaLogin, EU (POST /sca/login/complete)',
    method: 'POST',
    path: /^\/sca\/login\/complete$/,
    region: 'DE',
    setup: (w) => startScaLogin(w.client, { customerId: w.customer.id }),
    act: (w, start: ScaLoginStart) =>
      completeScaLogin(w.client, { customerId: w.customer.id, start, code: '123456', endUserIpAddress: IP }),
  },
  {
    call: 'issue a card, same key and body (POST /cards)',
    method: 'POST',
    path: /^\/cards$/,
    setup: async () => ({ key: crypto.randomUUID(), platformCardId: `card-${crypto.randomUUID().slice(0, 8)}` }),
    act: (w, c: { key: string; platformCardId: string }) =>
      w.client.request('POST', '/cards', {
        body: { fundingSource: w.account.id, platformCardId: c.platformCardId },
        headers: { 'Idempotency-Key': c.key },
      }),
    effects: (w) => w.t.server.sandbox.state.cards.list((c) => c.fundingSource === w.account.id).length,
  },
  {
    call: 'updateCard, freeze (PATCH /cards/{id})',
    method: 'PATCH',
    path: /^\/cards\/[^/]+$/,
    setup: async (w) => {
      const id = await newCard(w);
      w.t.clock.advance(2_000); // ACTIVE
      return id;
    },
    act: (w, cardId: string) => updateCard(w.client, { cardId, state: 'FROZEN' }),
    effects: (w, cardId: string) => (w.t.server.sandbox.state.cards.get(cardId)?.state === 'FROZEN' ? 1 : 0),
    settled: async (w, cardId: string) =>
      (await w.client.request<{ state: string }>('GET', `/cards/${cardId}`)).state === 'FROZEN',
  },
  {
    call: 'revealCard (POST /cards/{id}/reveal)',
    method: 'POST',
    path: /\/reveal$/,
    setup: async (w) => {
      const id = await newCard(w);
      w.t.clock.advance(2_000);
      return id;
    },
    act: (w, cardId: string) => revealCard(w.client, cardId),
  },
];

export function faultTable(title: string, rows: readonly Row[]): void {
  describe(`sandbox: ${title} × faults (issue 30 fault table)`, () => {
    let t: TestSandbox;
    const tally = { cells: 0, passed: 0, known: [] as string[] };
    before(async () => {
      t = await startTestSandbox({ rateLimit: { max: 100, windowMs: 30_000 } });
    });
    after(async () => {
      const calls = rows.length;
      const faults = Object.keys(FAULTS).length;
      console.log(
        `fault table, ${title}: ${calls} calls × ${faults} faults = ${tally.cells} cells: ${tally.passed} recover with one effect, ` +
          `${tally.known.length} known gaps${tally.known.length ? `:\n  ${tally.known.join('\n  ')}` : ''}`,
      );
      await t.close();
    });

    async function world(region = 'US'): Promise<World> {
      // a phone number: an SMS_OTP credential goes to the customer's (POST /auth/credentials takes none)
      const created = await newCustomer(t.api, { region, phoneNumber: '+14155550123' });
      let armed: { method: string; path: RegExp; fault: string } | undefined;
      let fired = false;
      // the short timeout only where the fault is armed (a delay past it is one of the faults); every
      // other request gets a hang bound, so a slow machine does not turn setup into a lost answer
      const faulted = fetchTransport({ baseUrl: t.server.baseUrl, timeoutMs: CLIENT_TIMEOUT_MS, fetch: t.fetch });
      const normal = fetchTransport({ baseUrl: t.server.baseUrl, timeoutMs: 30_000, fetch: t.fetch });
      const transport: Transport = async (request) => {
        const hit = armed && !fired && armed.method === request.method && armed.path.test(request.path);
        const headers = {
          ...request.headers,
          Authorization: t.server.credentials.authorization,
          ...(hit ? { [FAULT_HEADER]: armed!.fault } : {}),
        };
        try {
          const response = await (hit ? faulted : normal)({ ...request, headers });
          if (hit && response.headers[FAULT_APPLIED_HEADER.toLowerCase()]) fired = true;
          return response;
        } catch (error) {
          if (hit) fired = true; // the answer was lost or late
          throw error;
        }
      };
      const client = new WalletClient({
        transport,
        keyStore: memoryKeyStore(),
        trustedSigners: { otp: t.signers, export: t.signers },
        autoRefresh: false,
      });
      const challenge = await client.requestOtp({ authMethodId: created.credential.id });
      await client.loginWithOtp({ challenge, code: '000000' });
      return {
        t,
        client,
        ...created,
        arm: (method, path, fault) => {
          armed = { method, path, fault };
          fired = false;
        },
        fired: () => fired,
      };
    }

    for (const row of rows) {
      for (const [name, fault] of Object.entries(FAULTS) as [FaultName, string][]) {
        const known = row.known?.[name];
        it(`${row.call} × ${name}${known ? ` (known gap: ${known.reason})` : ''}`, async () => {
          tally.cells++;
          const w = await world(row.region);
          try {
            const context = await row.setup?.(w);
            w.arm(row.method, row.path, fault);
            const first = await row.act(w, context).then(
              () => undefined,
              (error: unknown) => error,
            );
            expect(w.fired(), 'the fault reached the request that acts').to.equal(true);
            w.arm(row.method, /$^/, fault); // the page's retry meets no fault
            const retry =
              first === undefined
                ? undefined
                : await row.act(w, context).then(
                    () => undefined,
                    (error: unknown) => error,
                  );
            const failures: string[] = [];
            const effects = await row.effects?.(w, context);
            if (effects !== undefined && effects !== 1) failures.push(`effects ${effects}`);
            if (retry !== undefined && !(await row.settled?.(w, context).catch(() => false)))
              failures.push(`retry failed: ${describeError(retry)} (first: ${describeError(first)})`);
            if (known) {
              expect(failures.join('; '), `known gap still fails as documented: ${known.reason}`).to.match(
                known.failure,
              );
              tally.known.push(`${row.call} × ${name}: ${known.reason} [${failures.join('; ')}]`);
            } else {
              expect(failures, `${row.call} × ${name}`).to.deep.equal([]);
              tally.passed++;
            }
          } finally {
            w.client.close();
          }
        });
      }
    }
  });
}
