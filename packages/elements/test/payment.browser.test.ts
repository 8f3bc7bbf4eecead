import { createQuote, executeQuote, lookupUma, passkeysSupported } from '@paykit/crypto-core';
import { expect } from 'chai';
import type { Quote } from '@paykit/crypto-core';
import { describe, it, itWhen } from '@paykit/test-harness/suite';
import type { PayPaymentElement } from '../src/payment/payment.js';
import type { PayScaChallengeElement } from '../src/sca-challenge/sca-challenge.js';
import '../src/translations/es.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  lightInput,
  maybePart,
  part,
  pressEnter,
  setPageVisibility,
  fakeAssertion,
  stubCredentialsGet,
  typeInto,
  until,
  setupElementTests,
  sleep,
} from './helpers/dom.js';
import { holdTimers } from './helpers/held-timers.js';
import { walletChain, type WalletChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-payment.js';
import '../src/define/pay-sca-challenge.js';

/** The sandbox's SCA code (its SCA login takes the same code). */
const SANDBOX_SCA_CODE = '123456';
const EU = { region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster' };
/** Settles on the first read after execute, so following takes one poll. */
const FAST = { settlementDelayMs: 0 };

/** A quote between two currencies, as the service describes one (what the review shows). */
function crossCurrencyQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'Quote:0191-fx',
    status: 'PENDING',
    expiresAt: new Date(Date.now() + 125_000).toISOString(),
    totalSendingAmount: 123_456,
    totalReceivingAmount: 1_234_567,
    sendingCurrency: { code: 'EUR', decimals: 2 },
    receivingCurrency: { code: 'USDC', decimals: 6 },
    exchangeRate: 0.92,
    feesIncluded: 150,
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$ana@pay.example' },
    paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: '{}' } }],
    ...overrides,
  };
}

describe('<pay-payment>', () => {
  const t = setupElementTests();

  const render = (
    chain: Pick<WalletChain, 'client'>,
    quoteId: string,
    lang = 'en',
    customerId = '',
  ): Promise<PayPaymentElement> =>
    fixture<PayPaymentElement>(
      html`<pay-payment
        .client=${chain.client}
        quote-id=${quoteId}
        customer-id=${customerId}
        lang=${lang}
      ></pay-payment>`,
    );

  const settled = (el: PayPaymentElement, state: string, timeoutMs = 6000): Promise<void> =>
    until(() => hasState(el, state), `state ${state} (now ${el.getAttribute('data-state')})`, timeoutMs);

  const balance = async (chain: WalletChain): Promise<number> => {
    const accounts = await chain.platform(
      'GET',
      `/customers/internal-accounts?customerId=${encodeURIComponent(chain.customerId)}`,
    );
    return accounts.data[0].balance.amount as number;
  };

  it('shows both amounts in their decimals, the rate, the fees, the payee and a live countdown; in Spanish too', async () => {
    const el = await fixture<PayPaymentElement>(html`<pay-payment .quote=${crossCurrencyQuote()}></pay-payment>`);
    expect(el.quoteId).to.equal('Quote:0191-fx');
    expect(part(el, 'amount').textContent).to.equal('€1,234.56');
    expect(part(el, 'received').textContent).to.equal('1.234567 USDC');
    expect(part(el, 'rate').textContent).to.equal('1 USDC = 0.92 EUR');
    expect(part(el, 'fees').textContent).to.equal('€1.50');
    expect(part(el, 'payee').textContent).to.equal('$ana@pay.example');
    expect(part(el, 'countdown').textContent).to.match(/Price held for 2:0[0-5]/);
    expect(part(el, 'pay-button').textContent).to.contain('Pay €1,234.56');
    const before = part(el, 'countdown').textContent;
    await until(() => part(el, 'countdown').textContent !== before, 'the countdown ticking');
    expect(hasState(el, 'review')).to.equal(true);
    await expectAccessible(el, 'review');

    el.payeeName = 'Ana López';
    await el.updateComplete;
    expect(part(el, 'payee').textContent).to.equal('Ana López');

    const same = await fixture<PayPaymentElement>(
      html`<pay-payment
        .quote=${crossCurrencyQuote({ receivingCurrency: { code: 'EUR', decimals: 2 }, totalReceivingAmount: 123_306 })}
      ></pay-payment>`,
    );
    expect(maybePart(same, 'rate'), 'no rate between one currency').to.equal(null);

    const es = await fixture<PayPaymentElement>(
      html`<pay-payment lang="es" .quote=${crossCurrencyQuote()}></pay-payment>`,
    );
    expect(part(es, 'title').textContent).to.equal('Revisa tu pago');
    expect(part(es, 'amount').textContent).to.match(/^1\.?234,56\s€$/);
    expect(part(es, 'pay-button').textContent).to.contain('Pagar');
    expect(part(es, 'countdown').textContent).to.contain('Precio garantizado durante');
  });

  it('pays once on Enter then a click, follows to COMPLETED, and says so (events carry ids only)', async () => {
    const chain = await walletChain({}, FAST);
    const quote = await chain.quote();
    const el = await render(chain, quote.id);
    await settled(el, 'review');
    expect(part(el, 'payee').textContent).to.equal('$shop@merchant.example');
    const button = part<HTMLButtonElement>(el, 'pay-button');
    await pressEnter(button); // the keyboard
    button.click(); // and a second activation while the first runs
    button.click();
    await settled(el, 'completed');
    expect(chain.executeKeys).to.have.length(1);
    expect(await balance(chain)).to.equal(100_000 - 1250);
    expect(t.leaks.of('pay-payment-executed').map((e) => e.detail)).to.deep.equal([
      { quoteId: quote.id, transactionId: quote['transactionId'] },
    ]);
    expect(t.leaks.of('pay-payment-completed').map((e) => e.detail)).to.deep.equal([
      { quoteId: quote.id, transactionId: quote['transactionId'] },
    ]);
    await el.updateComplete;
    expect(part(el, 'result').textContent).to.contain('Payment sent.');
    expect(el.shadowRoot!.activeElement, 'focus on the outcome').to.equal(part(el, 'result'));
    expect(announced(el)).to.contain('Payment sent.');
    await expectAccessible(el, 'completed');
    t.leaks.assertClean(el);
  });

  it('after a lost answer, "Try again" sends the same Idempotency-Key: the service executes once', async () => {
    const chain = await walletChain({}, FAST);
    const quote = await chain.quote();
    const el = await render(chain, quote.id);
    await settled(el, 'review');
    chain.loseNextAnswer(/\/execute$/);
    part(el, 'pay-button').click();
    await settled(el, 'error');
    await el.updateComplete;
    expect(part(el, 'error').textContent).to.contain('Can’t reach the server.');
    expect(hasState(el, 'review')).to.equal(true);
    await expectAccessible(el, 'lost answer');
    part(el, 'retry-button').click();
    await settled(el, 'completed');
    expect(chain.executeKeys).to.have.length(2);
    expect(chain.executeKeys[0]).to.be.a('string').and.equal(chain.executeKeys[1]);
    expect(await balance(chain)).to.equal(100_000 - 1250);
    expect(t.leaks.of('pay-payment-completed')).to.have.length(1);
  });

  it('two windows: the other one follows instead of paying, and a 409 (paid elsewhere) reads the state instead of failing', async () => {
    const chain = await walletChain({}, FAST);
    const quote = await chain.quote();
    const first = await render(chain, quote.id);
    const second = await render(chain, quote.id);
    await settled(first, 'review');
    await settled(second, 'review');
    part(first, 'pay-button').click();
    await settled(second, 'following');
    await second.updateComplete;
    expect(part(second, 'status').textContent).to.contain('being sent from another window');
    await settled(first, 'completed');
    await settled(second, 'completed');
    expect(chain.executeKeys).to.have.length(1);

    // no message between them (another browser): the service's 409 and a fresh read
    const other = await chain.quote();
    const el = await render(chain, other.id);
    await settled(el, 'review');
    await executeQuote(chain.client, { quote: other, idempotencyKey: crypto.randomUUID() });
    part(el, 'pay-button').click();
    await settled(el, 'completed');
    expect(chain.executeKeys).to.have.length(3);
    expect(chain.forwarded.filter((line) => line === `POST /quotes/${other.id}/execute`)).to.have.length(2);
    expect(await balance(chain)).to.equal(100_000 - 2 * 1250);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([]);
  });

  it('SCA asked by the execute (an EU wallet send): one summary, the masked phone, the login as step 2 of 2, a wrong code said where it was typed, then the payment completes once', async () => {
    const chain = await walletChain(EU, FAST);
    const quote = await chain.quote();
    const el = await render(chain, quote.id, 'en', chain.customerId);
    await settled(el, 'review');
    part(el, 'pay-button').click();
    await settled(el, 'sca');
    const sca = el.querySelector<PayScaChallengeElement>(':scope > pay-sca-challenge[slot="sca"]')!;
    expect(sca, 'the SCA element').to.not.equal(null);
    await until(() => document.activeElement === lightInput(sca), 'focus in the code field');
    await expectAccessible(el, 'SCA');
    // one summary and one title on the screen: the challenge's (amount and payee), not "Review" as well
    expect(maybePart(el, 'summary')).to.equal(null);
    expect(maybePart(el, 'title')).to.equal(null);
    expect(part(sca, 'payee').textContent).to.not.equal('');
    await until(() => !!sca.querySelector('.pay-field__hint')?.textContent?.includes('•••• 5678'), 'the masked phone');
    await typeInto(lightInput(sca), '135790'); // wrong
    // the sandbox asks for an SCA login first (409 SCA_SESSION_REQUIRED): one more code, as step 2 of 2
    await until(() => hasState(sca, 'login'), 'the SCA login');
    await sca.updateComplete;
    expect(part(sca, 'step').textContent).to.equal('Step 2 of 2');
    await typeInto(lightInput(sca), SANDBOX_SCA_CODE);
    // then the held payment code is sent, and its error is said under the payment code's field, tries left
    await until(() => hasState(sca, 'error') && !hasState(sca, 'login'), 'the wrong payment code');
    await sca.updateComplete;
    expect(sca.querySelector('.pay-field__error')!.textContent).to.match(/isn’t right\. \d tries left/);
    expect(await balance(chain)).to.equal(100_000);
    await typeInto(lightInput(sca), SANDBOX_SCA_CODE);
    await settled(el, 'completed').catch((e) => {
      throw new Error(
        `${e.message}; sca ${sca.getAttribute('data-state')} ${sca.shadowRoot?.textContent} ${sca.textContent} ${chain.forwarded.slice(-6).join(', ')}`,
      );
    });
    expect(el.querySelector('pay-sca-challenge'), 'SCA element removed').to.equal(null);
    expect(chain.forwarded.filter((line) => line.endsWith('/sca/login/complete'))).to.have.length(1);
    expect(chain.executeKeys).to.have.length(1);
    expect(t.leaks.of('pay-payment-executed')).to.have.length(1);
    expect(await balance(chain)).to.equal(100_000 - 1250);
  });

  it('EU wallet send with lost answers: a lost SCA login completes on "Try again", a lost authorize reads the quote, and the money leaves once', async () => {
    const chain = await walletChain(EU, FAST);
    const quote = await chain.quote();
    const el = await render(chain, quote.id, 'en', chain.customerId);
    await settled(el, 'review');
    part(el, 'pay-button').click();
    await settled(el, 'sca');
    const sca = el.querySelector<PayScaChallengeElement>(':scope > pay-sca-challenge[slot="sca"]')!;
    await until(() => !!sca.querySelector('input'), 'the code field');
    await typeInto(lightInput(sca), SANDBOX_SCA_CODE);
    await until(() => hasState(sca, 'login'), 'the SCA login');
    // the service opened the SCA session, the answer never came back: "Try again" sends the same code, not "wrong code"
    chain.loseNextAnswer(/\/sca\/login\/complete$/);
    await typeInto(lightInput(sca), SANDBOX_SCA_CODE);
    await until(
      () => part(sca, 'confirm-button').textContent?.trim() === 'Try again',
      '"Try again" after the lost login',
    );
    expect(part(sca, 'error').textContent).to.contain('Can’t reach the server');
    expect(part(sca, 'error').textContent).to.not.match(/\[[A-Z_]+\]|NETWORK_ERROR/);
    // then the authorize's answer is lost too, after the money left: the quote is read, the payment completes
    chain.loseNextAnswer(/\/authorize$/);
    await pressEnter(part(sca, 'confirm-button'));
    await settled(el, 'completed');
    expect(chain.forwarded.filter((line) => line.endsWith('/sca/login/complete'))).to.have.length(2);
    expect(chain.forwarded.filter((line) => line === `POST /quotes/${quote.id}/authorize`)).to.have.length(2);
    expect(t.leaks.of('pay-payment-completed')).to.have.length(1);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'NETWORK_ERROR' }]);
    expect(await balance(chain)).to.equal(100_000 - 1250);
  });

  itWhen(
    passkeysSupported(),
    'no WebAuthn in this engine',
    'SCA for a customer with a passkey and no phone: the passkey factor, the payee’s name, the passkey to sign in again, never "your phone"',
    async () => {
      const chain = await walletChain({ region: 'DE', fullName: 'Pia Passkey' }, FAST);
      const now = Date.now();
      chain.sandbox.state.credentials.put({
        id: 'AuthMethod:pia-passkey',
        accountId: chain.accountId,
        type: 'PASSKEY',
        nickname: 'Laptop',
        passkey: { credentialId: 'cGlh', publicKey: new Uint8Array(65), counter: 0, transports: ['internal'] },
        createdAt: now,
        updatedAt: now,
      });
      const quote = await chain.quote();
      const el = await fixture<PayPaymentElement>(
        html`<pay-payment
          .client=${chain.client}
          quote-id=${quote.id}
          customer-id=${chain.customerId}
          payee-name="Corner Café"
        ></pay-payment>`,
      );
      await settled(el, 'review');
      part(el, 'pay-button').click();
      await settled(el, 'sca');
      const sca = el.querySelector<PayScaChallengeElement>(':scope > pay-sca-challenge')!;
      await until(() => hasState(sca, 'passkey'), `the passkey factor (${sca.getAttribute('data-state')})`);
      expect(part(sca, 'payee').textContent!.trim()).to.equal('Corner Café');
      expect(part(sca, 'factors').textContent).to.contain('Passkey');
      const ceremonies: unknown[] = [];
      t.cleanup(
        stubCredentialsGet(async (options) => {
          ceremonies.push(options);
          return fakeAssertion('cGlh', 'pia');
        }),
      );
      // the sandbox asks for an SCA login first (409 SCA_SESSION_REQUIRED): by passkey, not a text message
      part(sca, 'confirm-button').click();
      await until(() => hasState(sca, 'login'), 'the SCA login');
      await sca.updateComplete;
      expect(part(sca, 'status').textContent).to.contain('confirm with your passkey');
      expect(part(sca, 'status').querySelector('.spinner'), 'waiting for the person, not busy').to.equal(null);
      expect(sca.querySelector('input'), 'no code field').to.equal(null);
      expect(part(sca, 'confirm-button').textContent).to.contain('Confirm with passkey');
      expect(`${sca.shadowRoot!.textContent} ${sca.textContent} ${announced(sca)}`).not.to.match(/phone|text message/i);
      expect(ceremonies).to.have.length(1);
    },
  );

  it('SCA at creation (realtime funding): authorize first, then wait for the funds, then COMPLETED', async () => {
    const chain = await walletChain(EU, FAST);
    const umaAddress = '$shop@merchant.example';
    const lookup = await lookupUma(chain.client, { receiverUmaAddress: umaAddress, customerId: chain.customerId });
    const quote = await createQuote(chain.client, {
      source: { sourceType: 'REALTIME_FUNDING', customerId: chain.customerId, currency: 'EUR' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress },
      lookupId: lookup.lookupId,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 900,
    });
    chain.own(quote.id);
    expect(quote.status).to.equal('PENDING_AUTHORIZATION');
    const el = await render(chain, quote.id, 'en', chain.customerId);
    await settled(el, 'sca');
    const sca = el.querySelector<PayScaChallengeElement>('pay-sca-challenge')!;
    await until(() => !!sca.querySelector('input'), 'the code field');
    await typeInto(lightInput(sca), SANDBOX_SCA_CODE);
    await until(() => hasState(sca, 'login'), 'the SCA login');
    await typeInto(lightInput(sca), SANDBOX_SCA_CODE);
    await settled(el, 'following');
    await el.updateComplete;
    expect(part(el, 'status').textContent).to.contain('Waiting for the funds');
    expect(chain.executeKeys, 'funded, never executed').to.have.length(0);
    await chain.platform('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' });
    await settled(el, 'completed', 15_000);
  });

  it('says why a payment failed, in words: from the quote, or from its transaction', async () => {
    const chain = await walletChain({}, FAST);
    const quote = await chain.quote('$shop002@merchant.example');
    const el = await render(chain, quote.id);
    await settled(el, 'review');
    part(el, 'pay-button').click();
    await settled(el, 'failed');
    await el.updateComplete;
    expect(part(el, 'result').textContent).to.contain('The payment couldn’t be completed.');
    expect(t.leaks.of('pay-payment-failed').map((e) => e.detail)).to.deep.equal([
      { quoteId: quote.id, reason: 'QUOTE_EXECUTION_FAILED' },
    ]);
    await expectAccessible(el, 'failed');

    // a service that names the reason on the transaction only
    const client = await t.fake.signedInClient();
    const failed = { ...crossCurrencyQuote({ status: 'FAILED' }), transactionId: 'Transaction:0191-t1' };
    t.fake.script('GET /quotes/*', { status: 200, body: failed });
    t.fake.script('GET /transactions/*', {
      status: 200,
      body: { id: 'Transaction:0191-t1', status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' },
    });
    const es = await render({ client }, failed.id, 'es');
    await settled(es, 'failed');
    await es.updateComplete;
    expect(part(es, 'result').textContent).to.contain('El pago no se ha confirmado a tiempo');
    expect(t.fake.calls('GET /transactions/*')[0]!.path).to.equal('/transactions/Transaction%3A0191-t1');
  });

  it('a quote that cannot be read says so and offers "Try again"', async () => {
    const client = await t.fake.signedInClient();
    t.fake.script('GET /quotes/*', 'network-error', { status: 200, body: crossCurrencyQuote() });
    const el = await render({ client }, 'Quote:0191-fx');
    await settled(el, 'error');
    await el.updateComplete;
    expect(hasState(el, 'empty')).to.equal(true);
    expect(part(el, 'error').textContent).to.contain('Can’t reach the server.');
    await expectAccessible(el, 'load error');
    part(el, 'retry-button').click();
    await settled(el, 'review');
    expect(part(el, 'amount').textContent).to.equal('€1,234.56');
    expect(t.fake.calls('GET /quotes/*')).to.have.length(2);
  });

  it('an execute over the daily volume limit (429 DAILY_VOLUME_LIMIT_EXCEEDED) says so and moves nothing', async () => {
    const chain = await walletChain({}, { ...FAST, dailyVolumeLimit: 1_000 });
    const quote = await chain.quote();
    const el = await render(chain, quote.id);
    await settled(el, 'review');
    part(el, 'pay-button').click();
    await settled(el, 'error');
    await el.updateComplete;
    expect(part(el, 'error').textContent).to.contain('This payment is over your limit.');
    expect(maybePart(el, 'retry-button'), 'no retry: it would be refused again').to.equal(null);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'DAILY_VOLUME_LIMIT_EXCEEDED' }]);
    expect(await balance(chain)).to.equal(100_000);
  });

  it('at expiry: pay-payment-expired, a notice (not an error), then "Refresh the price" asks the platform (pay-payment-requote), which sets quote-id', async () => {
    const chain = await walletChain({}, { ...FAST, quoteTtlMs: 2_000 });
    const quote = await chain.quote();
    const el = await render(chain, quote.id);
    await settled(el, 'review');
    part(el, 'pay-button').focus();
    await settled(el, 'expired');
    await el.updateComplete;
    expect(t.leaks.of('pay-payment-expired').map((e) => e.detail)).to.deep.equal([{ quoteId: quote.id }]);
    expect(part(el, 'result').textContent).to.contain('no longer held');
    expect(part(el, 'result').classList.contains('alert'), 'a notice, not an alarm').to.equal(false);
    expect(hasState(el, 'error')).to.equal(false);
    expect(part(el, 'requote-button').classList.contains('button--primary')).to.equal(true);
    expect(maybePart(el, 'pay-button')).to.equal(null);
    await until(() => el.shadowRoot!.activeElement === part(el, 'requote-button'), 'focus on "Refresh the price"');
    await expectAccessible(el, 'expired');

    el.addEventListener('pay-payment-requote', () => void chain.quote().then((next) => (el.quoteId = next.id)));
    part(el, 'requote-button').click();
    await el.updateComplete;
    expect(hasState(el, 'requoting')).to.equal(true);
    expect(t.leaks.of('pay-payment-requote').map((e) => e.detail)).to.deep.equal([{ quoteId: quote.id }]);
    await until(() => el.quoteId !== quote.id && hasState(el, 'review'), 'the new quote');
    expect(chain.executeKeys).to.have.length(0);
  });

  it('stops following while the page is hidden or the element is off the page, and picks up again', async () => {
    const chain = await walletChain({}, { settlementDelayMs: 60_000 });
    const quote = await chain.quote();
    // the element's polls (1 s and up) are held and fired here: what the element leaves planned is then
    // visible, and nothing is left to time
    const timers = holdTimers(1000);
    try {
      const el = await render(chain, quote.id);
      await settled(el, 'review');
      part(el, 'pay-button').click();
      await settled(el, 'following');
      const reads = (): number => chain.forwarded.filter((line) => line === `GET /quotes/${quote.id}`).length;
      // a poll waits 1 to 8 s (longer timers are the sandbox's settlement and the client's own)
      const polls = () => timers.delays().filter((ms) => ms <= 8000);
      const planned = () => until(() => polls().length > 0, 'the next poll planned');
      await planned();
      timers.fire((ms) => ms <= 8000);
      await until(() => reads() >= 2, 'a poll');
      await planned();
      setPageVisibility('hidden');
      const hidden = reads();
      // a resumption at once (a 0 ms timer) is not held: give it a moment to show (a wait that can only
      // miss a fault, never fail a correct element)
      await sleep(200);
      expect(polls(), 'nothing planned while hidden').to.deep.equal([]);
      expect(reads(), 'no reads while hidden').to.equal(hidden);
      setPageVisibility('visible');
      await until(() => reads() > hidden, 'a read on return');

      await planned();
      const parent = el.parentElement!;
      el.remove();
      const gone = reads();
      await sleep(200);
      expect(polls(), 'nothing planned while off the page').to.deep.equal([]);
      expect(reads(), 'no reads while off the page').to.equal(gone);
      parent.append(el);
      await until(() => reads() > gone, 'a read when back on the page');
      expect(hasState(el, 'following')).to.equal(true);
    } finally {
      timers.restore();
    }
  });
});
