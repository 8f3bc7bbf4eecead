/**
 * The sandbox in a process of its own (so a load generator or a browser does not share its event loop):
 * starts on 127.0.0.1 with ephemeral ports, prints one `READY {json}` line with its base URL and
 * credential, and stops on SIGTERM/SIGINT or when its parent closes stdin.
 *
 * `BENCH_SEED_CUSTOMERS` and `BENCH_SEED_CHALLENGES` pre-grow the state before it listens: that many
 * customers, each with its wallet, EMAIL_OTP credential (the records `POST /customers` makes) and one
 * live session (a past login), and
 * that many live signed-retry challenges spread evenly over those wallets (the records a first leg of
 * `PATCH /internal-accounts/{id}` makes). They are written to the store directly: through the API,
 * 100,000 customers would take minutes (customer creation checks uniqueness by scanning), and the
 * point is the cost of a request once the state is large, not the cost of growing it.
 *
 * @example
 *   node --conditions=source --import tsx bench/load/sandbox-process.ts
 *   READY {"baseUrl":"http://127.0.0.1:40123/2025-10-13","authorization":"Basic …","seeded":{…}}
 */
import { createMemoryState, startSandbox, type SandboxState } from '@paykit/sandbox';
import { resolveConfig } from '../../packages/sandbox/src/config.js';
import { activityPayload } from '../../packages/sandbox/src/wallet/signed-retry.js';
import { provisionWallet } from '../../packages/sandbox/src/wallet/wallets.js';

const customers = Number(process.env['BENCH_SEED_CUSTOMERS'] ?? 0);
const challenges = Number(process.env['BENCH_SEED_CHALLENGES'] ?? 0);

function seed(state: SandboxState): { customers: number; sessions: number; challenges: number; ms: number } {
  const t0 = performance.now();
  const config = resolveConfig();
  const now = config.now();
  const ctx = { config, state } as Parameters<typeof provisionWallet>[0];
  const accounts = [];
  for (let i = 0; i < customers; i++) {
    const id = `seed-${i}`;
    const customer = state.customers.put({
      id: `Customer:seed-${i}`,
      platformCustomerId: id,
      customerType: 'INDIVIDUAL',
      email: `${id}@example.com`,
      fullName: 'Seed Customer',
      umaAddress: `$${id}@sandbox.example`,
      profile: {},
      kycStatus: 'APPROVED',
      createdAt: now,
      updatedAt: now,
    });
    const { account, credential } = provisionWallet(ctx, customer);
    accounts.push(account);
    // One session each (a past login): a signed leg must not pay for the sessions of others.
    state.sessions.put({
      id: `Session:seed-${i}`,
      accountId: account.id,
      authMethodId: credential.id,
      type: 'EMAIL_OTP',
      nickname: customer.email!,
      publicKey: `02${i.toString(16).padStart(64, '0')}`,
      createdAt: now,
      expiresAt: now + config.sessionTtlMs,
    });
  }
  for (let i = 0; i < challenges && accounts.length; i++) {
    const account = accounts[i % accounts.length]!;
    const privateEnabled = i % 2 === 0;
    const activity = {
      type: 'ACTIVITY_TYPE_UPDATE_WALLET',
      organizationId: account.organizationId,
      parameters: { walletId: account.id, privateEnabled },
    };
    state.signedRequests.put({
      id: `Request:seed-${i}`,
      owner: account.organizationId,
      method: 'PATCH',
      path: `/2025-10-13/internal-accounts/${account.id}`,
      bodyDigest: `seed-${i}`,
      payloadToSign: activityPayload(activity, now),
      expiresAt: now + config.challengeTtlMs,
      used: false,
      context: { privateEnabled },
    });
  }
  return {
    customers: state.customers.list().length,
    sessions: state.sessions.list().length,
    challenges: state.signedRequests.size,
    ms: Math.round(performance.now() - t0),
  };
}

const state = createMemoryState();
const seeded = customers || challenges ? seed(state) : undefined;
const server = await startSandbox({ port: 0, panPort: 0, host: '127.0.0.1', state });
let closing: Promise<void> | undefined;
const stop = (): Promise<void> => (closing ??= server.close().finally(() => process.exit(0)));
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.stdout.write(
  `READY ${JSON.stringify({ baseUrl: server.baseUrl, authorization: server.credentials.authorization, ...(seeded ? { seeded } : {}) })}\n`,
);
