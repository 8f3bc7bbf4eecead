/**
 * Issue 30 in the browser: <pay-payment> against the sandbox's own fault mode (its `faults` rules) on the
 * request that moves the money, through the platform proxy, as a platform would test its page. Each fault
 * must end in exactly one debit and COMPLETED without a reload, and what the person reads has no raw code.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayPaymentElement } from '../src/payment/payment.js';
import { expectAccessible, fixture, hasState, html, maybePart, part, setupElementTests, until } from './helpers/dom.js';
import { walletChain, type WalletChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-payment.js';

const FAST = { settlementDelayMs: 0 };

describe('<pay-payment> against the sandbox fault mode (issue 30)', () => {
  const t = setupElementTests();

  const balance = async (chain: WalletChain): Promise<number> => {
    const accounts = await chain.platform(
      'GET',
      `/customers/internal-accounts?customerId=${encodeURIComponent(chain.customerId)}`,
    );
    return accounts.data[0].balance.amount as number;
  };

  for (const fault of ['drop-after', 'error-after=502', 'error-before=503', 'duplicate']) {
    it(`${fault} on the execute: one debit, COMPLETED without a reload, no raw code shown`, async () => {
      const chain = await walletChain({}, { ...FAST, faults: [`POST /quotes/*/execute=${fault};times=1`] });
      const quote = await chain.quote();
      const el = await fixture<PayPaymentElement>(
        html`<pay-payment .client=${chain.client} quote-id=${quote.id}></pay-payment>`,
      );
      await until(() => hasState(el, 'review'), 'review');
      part(el, 'pay-button').click();
      await until(() => hasState(el, 'completed') || hasState(el, 'error'), 'completed, or an error to recover from');
      if (hasState(el, 'error')) {
        await el.updateComplete;
        expect(part(el, 'error').textContent).to.not.match(/\[|\b[A-Z]+_[A-Z_]+\b|\b5\d\d\b/);
        await expectAccessible(el, `after ${fault}`);
        part(el, 'retry-button').click();
      }
      await until(() => hasState(el, 'completed'), 'completed');
      expect(await balance(chain), 'exactly one debit').to.equal(100_000 - 1250);
      expect(t.leaks.of('pay-payment-completed')).to.have.length(1);
      expect(new Set(chain.executeKeys).size, 'one Idempotency-Key for the one intent').to.equal(1);
    });
  }
});
