/**
 * The real chain in the page, no network: a `WalletClient` whose transport calls `@paykit/proxy`
 * (signed-in end user = one customer, a fixed client address), which forwards to `@paykit/sandbox`
 * running in the same page (both are Web-standard handlers). Onboarding element tests run against it, so
 * the sandbox's rules and the proxy's ownership and consent stamping are the ones the element meets.
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
import { createPlatformProxy, endUserFromIds } from '../../../proxy/src/index.js';

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
  /** Platform-credential call straight to the sandbox (the platform's own backend). */
  platform(method: string, path: string, body?: unknown): Promise<any>;
  /** Every service path the proxy forwarded, in order. */
  forwarded: string[];
}

/** `multipart/form-data` bytes of `form`, with its Content-Type header. */
async function encodeForm(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const boundary = `----paykit-${crypto.randomUUID()}`;
  const parts: BlobPart[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    } else {
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
          `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        new Uint8Array(await value.arrayBuffer()),
        '\r\n',
      );
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return {
    body: new Uint8Array(await new Blob(parts).arrayBuffer()),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function sandboxChain(
  customer: Record<string, unknown> = {},
  options: { kycOrigin?: string } = {},
): Promise<SandboxChain> {
  const sandbox = createSandbox({ enclaveKey: await enclaveKey(), onInternalError: () => undefined, ...options });
  const platform = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await sandbox.fetch(
      new Request(`${SERVICE}${path}`, {
        method,
        headers: { Authorization: PLATFORM, 'Content-Type': 'application/json' },
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
    resolveEndUser: () => endUserFromIds({ customerIds: [created.id] }),
    fetch: (request) => {
      forwarded.push(`${request.method} ${new URL(request.url).pathname.replace('/2025-10-13', '')}`);
      return sandbox.fetch(request);
    },
  });
  const transport = fetchTransport({
    baseUrl: `${location.origin}/api/wallet`,
    // a page's Request cannot carry `Origin` (the browser adds it on the wire): add it, as the browser would
    fetch: async (input, init) => {
      // WebKitGTK cannot read a FormData body back in the page ("Unable to read form data blob"): the
      // network stack would send it; here it is encoded by hand, as the browser would on the wire
      const form = init?.body instanceof FormData ? await encodeForm(init.body) : undefined;
      if (form) {
        const headers = new Headers(init?.headers);
        headers.set('Content-Type', form.contentType);
        init = { ...init, body: form.body, headers };
      }
      const request = new Request(input as string, init);
      const headers = new Headers(request.headers);
      headers.set('Origin', location.origin);
      return proxy(
        new Proxy(request, {
          get: (target, key) => {
            if (key === 'headers') return headers;
            const value = Reflect.get(target, key, target) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      );
    },
  });
  return {
    sandbox,
    client: new WalletClient({ transport, keyStore: memoryKeyStore() }),
    customerId: created.id,
    platform,
    forwarded,
  };
}
