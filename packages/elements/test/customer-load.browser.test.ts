import { expect } from 'chai';
import { PayError, WalletClient } from '@paykit/crypto-core';
import { describe, it } from '@paykit/test-harness/suite';
import { hasState, setupElementTests, until } from './helpers/dom.js';
import '../src/define/pay-kyc.js';
import '../src/define/pay-beneficial-owners.js';
import '../src/define/pay-contact-verification.js';
import '../src/define/pay-terms-consent.js';

/** A request the test answers when it chooses, named `GET /customers/{id}` (the id in the path or the query). */
interface Held {
  name: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A real client (the flows accept no look-alike) whose reads wait until the test answers them; the
 * end-user terms answer at once.
 */
function heldClient(): { client: WalletClient; take(name: string): Promise<Held>; held: Held[] } {
  const held: Held[] = [];
  const request = (method: string, path: string, options?: { query?: Record<string, string> }): Promise<unknown> => {
    if (path === '/customers/end-user-terms') return Promise.resolve({ version: '2025-01', url: 'https://t.example/' });
    const id = options?.query?.['customerId'];
    return new Promise((resolve, reject) =>
      held.push({ name: `${method} ${path}${id ? `?customerId=${id}` : ''}`, resolve, reject }),
    );
  };
  const take = async (name: string): Promise<Held> => {
    await until(() => held.some((h) => h.name === name), `the read ${name} (held: ${held.map((h) => h.name)})`);
    return held.splice(
      held.findIndex((h) => h.name === name),
      1,
    )[0]!;
  };
  const client = new WalletClient({ transport: () => Promise.reject(new Error('every read is held')) });
  client.request = request as WalletClient['request'];
  return { client, take, held };
}

/** Lets every answer already given run to its end (a task after the microtasks, no timing). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Case {
  tag: string;
  /** The read that carries the customer id. */
  read(id: string): string;
  /** The answer for the current customer, and the state it shows. */
  fresh: unknown;
  shown: string;
  /** An answer that would show `wrong` (and say so in events) if it were taken. */
  stale: unknown;
  wrong: string;
  /** The states after a failed read. */
  failed: string[];
}

const CASES: Case[] = [
  {
    tag: 'pay-kyc',
    read: (id) => `GET /customers/${id}`,
    fresh: { customerType: 'INDIVIDUAL', kycStatus: 'UNVERIFIED' },
    shown: 'ready',
    stale: { customerType: 'INDIVIDUAL', kycStatus: 'APPROVED' },
    wrong: 'done',
    failed: ['failed'],
  },
  {
    tag: 'pay-contact-verification',
    read: (id) => `GET /customers/${id}`,
    fresh: { contactVerification: { email: 'PENDING' } },
    shown: 'idle',
    stale: { contactVerification: { email: 'VERIFIED' } },
    wrong: 'complete',
    failed: ['failed'],
  },
  {
    tag: 'pay-terms-consent',
    read: (id) => `GET /customers/${id}`,
    fresh: { customerType: 'INDIVIDUAL' },
    shown: 'ready',
    stale: { customerType: 'INDIVIDUAL', endUserTermsConsent: { termsVersion: '2025-01' } },
    wrong: 'accepted',
    failed: ['failed'],
  },
  {
    tag: 'pay-beneficial-owners',
    read: (id) => `GET /beneficial-owners?customerId=${id}`,
    fresh: { data: [] },
    shown: 'ready',
    stale: undefined, // a list is shown in the same state: the stale one is told by its failure below
    wrong: 'error',
    failed: ['ready', 'error'],
  },
];

type Loading = HTMLElement & { client: WalletClient; reload(): Promise<void>; updateComplete: Promise<boolean> };

describe('one load per customer id (shared/keyed-load.ts, CustomerLoad) in every element that reads its customer', () => {
  const t = setupElementTests();

  for (const c of CASES) {
    it(`<${c.tag}>: reads again for a new customer-id, drops the older answer, reports a failure, reloads on return`, async () => {
      const { client, take, held } = heldClient();
      const el = document.createElement(c.tag) as Loading;
      el.client = client;
      el.setAttribute('lang', 'en');
      el.setAttribute('customer-id', 'cust-A');
      document.body.append(el);
      t.cleanup(() => el.remove());
      const first = await take(c.read('cust-A'));
      expect(hasState(el, 'loading')).to.equal(true);

      // another customer before the first answer: a new read; the first answer, late, is dropped
      el.setAttribute('customer-id', 'cust-B');
      const second = await take(c.read('cust-B'));
      second.resolve(c.fresh);
      await t.inState(el, c.shown);
      if (c.stale === undefined) first.reject(new PayError('NETWORK_ERROR', 'lost'));
      else first.resolve(c.stale);
      await settle();
      await el.updateComplete;
      expect(hasState(el, c.wrong), `the stale answer shows ${el.getAttribute('data-state')}`).to.equal(false);
      expect(t.leaks.of('pay-error')).to.have.length(0);
      for (const event of t.leaks.events)
        expect(JSON.stringify(event.detail)).not.to.contain('cust-A').and.not.to.contain('APPROVED');

      // reload(): a failure is reported (pay-error with its code) and shown
      const reloaded = el.reload();
      (await take(c.read('cust-B'))).reject(new PayError('NETWORK_ERROR', 'lost'));
      await reloaded;
      await el.updateComplete;
      for (const state of c.failed) expect(hasState(el, state), `${state} after a failed read`).to.equal(true);
      expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'NETWORK_ERROR' }]);

      // an answer that arrives after the element left is dropped; back on the page, it reads again
      const again = el.reload();
      const lost = await take(c.read('cust-B'));
      el.remove();
      lost.reject(new PayError('UNAUTHORIZED', 'gone'));
      await again;
      expect(t.leaks.of('pay-error')).to.have.length(1);
      expect(held).to.have.length(0);
      document.body.append(el);
      (await take(c.read('cust-B'))).resolve(c.fresh);
      await until(() => hasState(el, c.shown) && !hasState(el, 'error'), `${c.shown} again`);
      expect(t.leaks.of('pay-error')).to.have.length(1);
    });
  }
});
