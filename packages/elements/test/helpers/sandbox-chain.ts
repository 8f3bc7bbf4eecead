/**
 * The real chain in the page, no network: a `WalletClient` whose transport calls `@paykit/proxy`
 * (signed-in end user = one customer and what belongs to it in the sandbox: its wallets, cards,
 * credentials, sessions, delegated keys and quotes; a fixed client address), which forwards to
 * `@paykit/sandbox` running in the same page (both are Web-standard handlers). Onboarding and card
 * element tests run against it, so the sandbox's rules and the proxy's ownership and consent stamping
 * are the ones the element meets. The client pins the sandbox's enclave signers (OTP sign-in works).
 *
 * @example
 *   const chain = await sandboxChain({ region: 'DE', fullName: 'Eva 003' });
 *   html`<pay-terms-consent .client=${chain.client} customer-id=${chain.customerId}></pay-terms-consent>`;
 */
import { WalletClient } from '@paykit/crypto-core';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { fetchTransport } from '@paykit/crypto-core/transport';
import type { Jwk } from '@paykit/crypto-core/web-types';
import { createSandbox, type Sandbox } from '../../../sandbox/src/app.js';
import { createPlatformProxy, type EndUser } from '../../../proxy/src/index.js';

const SERVICE = 'http://127.0.0.1:4010/2025-10-13';
const PLATFORM = `Basic ${btoa('sandbox-token:sandbox-secret')}`;
export const CLIENT_ADDRESS = '198.51.100.23';

/** A fresh private P-256 JWK for the sandbox's enclave (node:crypto, its default, is not in the page). */
async function enclaveKey(): Promise<Jwk> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return (await crypto.subtle.exportKey('jwk', pair.privateKey)) as Jwk;
}

export interface SandboxChain {
  sandbox: Sandbox;
  client: WalletClient;
  customerId: string;
  /** Platform-credential call straight to the sandbox (the platform's own backend; `POST /cards` gets an Idempotency-Key). */
  platform(method: string, path: string, body?: unknown): Promise<any>;
  /** Every service path the proxy forwarded, in order. */
  forwarded: string[];
}

export async function sandboxChain(
  customer: Record<string, unknown> = {},
  options: { cardActivationMs?: number; panOrigin?: string } = {},
): Promise<SandboxChain> {
  const sandbox = createSandbox({ enclaveKey: await enclaveKey(), onInternalError: () => undefined, ...options });
  const platform = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await sandbox.fetch(
      new Request(`${SERVICE}${path}`, {
        method,
        headers: {
          Authorization: PLATFORM,
          'Content-Type': 'application/json',
          ...(method === 'POST' && path === '/cards' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };
  const id = crypto.randomUUID();
  const created = await platform('POST', '/customers', {
    platformCustomerId: `page-${id}`,
    customerType: 'INDIVIDUAL',
    email: `user-${id}@example.com`,
    ...customer,
  });
  const forwarded: string[] = [];
  const proxy = createPlatformProxy({
    serviceUrl: SERVICE,
    tokenId: 'sandbox-token',
    clientSecret: 'sandbox-secret',
    pathPrefix: '/api/wallet',
    clientAddress: () => CLIENT_ADDRESS,
    resolveEndUser: () => ownerOf(sandbox, created.id),
    fetch: (request) => {
      forwarded.push(`${request.method} ${new URL(request.url).pathname.replace('/2025-10-13', '')}`);
      return sandbox.fetch(request);
    },
  });
  const transport = fetchTransport({
    baseUrl: `${location.origin}/api/wallet`,
    fetch: (input, init) => proxy(new Request(input as string, init)),
  });
  return {
    sandbox,
    client: new WalletClient({ transport, keyStore: memoryKeyStore(), trustedSigners: sandbox.enclaveSigners }),
    customerId: created.id,
    platform,
    forwarded,
  };
}

/** The end user who is customer `customerId`: owns that customer and what the sandbox records under it. */
function ownerOf(sandbox: Sandbox, customerId: string): EndUser {
  const { state } = sandbox;
  const accountIsMine = (id: string | undefined) => !!id && state.accounts.get(id)?.customerId === customerId;
  return {
    owns: (kind, id) => {
      switch (kind) {
        case 'customer':
          return id === customerId;
        case 'account':
          return accountIsMine(id);
        case 'card':
          return state.cards.get(id)?.customerId === customerId;
        case 'quote':
          return state.quotes.get(id)?.customerId === customerId;
        case 'credential':
          return accountIsMine(state.credentials.get(id)?.accountId);
        case 'session':
          return state.sessions.list((s) => s.id === id).some((s) => accountIsMine(s.accountId));
        case 'delegatedKey':
          return accountIsMine(state.delegatedKeys.get(id)?.accountId);
        default:
          return false;
      }
    },
  };
}
