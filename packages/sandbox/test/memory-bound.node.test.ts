/**
 * Issue 11's memory bound: a signed first leg padded to nearly the 1 MiB body limit must not pin its
 * body until the challenge expires (it used to: 300 padded requests held 270 MiB). A bounded loop of
 * padded first legs runs in-process against one wallet; the heap is measured after a forced GC, before
 * and after. In bytes, not time.
 */
import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSandbox } from '../src/app.js';
import { describe, it } from '@paykit/test-harness/suite';

/** A full collection without `--expose-gc` on the command line (V8 exposes `gc` to new contexts once the flag is set). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function retainedBytes(gc: () => void): number {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

describe('sandbox: memory bound of signed first legs', () => {
  it('80 signed first legs padded to 900 kB each grow the heap by less than 16 MiB (the bodies are not kept)', async () => {
    const sandbox = createSandbox();
    const headers = {
      Authorization: `Basic ${btoa('sandbox-token:sandbox-secret')}`,
      'Content-Type': 'application/json',
    };
    const call = (method: string, path: string, body?: string) =>
      sandbox.fetch(new Request(`http://sandbox/2025-10-13${path}`, { method, headers, ...(body ? { body } : {}) }));
    const created = await call(
      'POST',
      '/customers',
      JSON.stringify({
        platformCustomerId: 'memory-1',
        customerType: 'INDIVIDUAL',
        email: 'memory-1@example.com',
        fullName: 'Ana Memory',
      }),
    );
    expect(created.status).to.equal(201);
    const customer = (await created.json()) as { id: string };
    const account = (
      (await (await call('GET', `/customers/internal-accounts?customerId=${customer.id}`)).json()) as {
        data: { id: string }[];
      }
    ).data[0]!;

    const padded = `{"privateEnabled":true}${' '.repeat(900 * 1024)}`;
    const gc = collector();
    const before = retainedBytes(gc);
    for (let i = 0; i < 80; i++) {
      const res = await call('PATCH', `/internal-accounts/${account.id}`, padded);
      expect(res.status).to.equal(202);
      await res.arrayBuffer();
    }
    const grown = retainedBytes(gc) - before;
    // Kept whole, 80 bodies are 70 MiB of strings; kept as digests, a few tens of kB of records.
    expect(grown, `${(grown / 2 ** 20).toFixed(1)} MiB retained`).to.be.below(16 * 2 ** 20);
  });
});
