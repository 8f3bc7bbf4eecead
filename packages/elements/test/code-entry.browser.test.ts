import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { Quote } from '@paykit/crypto-core';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import type { PayScaChallengeElement } from '../src/sca-challenge/sca-challenge.js';
import '../src/translations/es.js';
import { registerMessages } from '../src/shared/i18n.js';
import {
  expectAccessible,
  fixture,
  hasState,
  html,
  lightInput,
  maybePart,
  part,
  paste,
  pressEnter,
  setupElementTests,
  until,
} from './helpers/dom.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-otp-login.js';
import '../src/define/pay-sca-challenge.js';

/** Codes with no digit twice (WebKitWebDriver drops repeated keys); none is the sandbox's `000000`. */
const WRONG = ['135790', '246801', '357912', '468023', '579134'];

/** Code entry as a new user meets it, against the sandbox through the proxy (`<pay-otp-login>`). */
describe('code entry against the sandbox (<pay-otp-login>)', () => {
  const t = setupElementTests();

  const render = (chain: SandboxChain, lang = 'en'): Promise<PayOtpLoginElement> =>
    fixture<PayOtpLoginElement>(
      html`<pay-otp-login
        .client=${chain.client}
        auth-method-id=${chain.emailCredentialId}
        destination="u•••@example.com"
        lang=${lang}
      ></pay-otp-login>`,
    );
  const fieldError = (el: Element): string => el.querySelector('.pay-field__error')?.textContent?.trim() ?? '';

  async function sendCode(el: PayOtpLoginElement): Promise<HTMLInputElement> {
    await pressEnter(part(el, 'send-button'));
    await until(
      () => hasState(el, 'code-sent'),
      `the code step (${JSON.stringify(t.leaks.of('pay-error'))} ${el.shadowRoot?.textContent})`,
    );
    await el.updateComplete;
    return lightInput(el);
  }

  async function wrongCode(el: PayOtpLoginElement, input: HTMLInputElement, code: string, n: number): Promise<void> {
    paste(input, code);
    await until(() => t.leaks.of('pay-error').length === n, `wrong code ${n}`);
    await el.updateComplete;
  }

  it('warns never to share the code, described by the input, in the page’s language or the platform’s words', async () => {
    const chain = await sandboxChain();
    const warning = (input: HTMLInputElement): string => {
      const ids = input.getAttribute('aria-describedby')!.split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
    };
    const input = await sendCode(await render(chain));
    expect(warning(input)).to.contain('Never share this code. We will never ask you for it.');
    const spanish = await sendCode(await render(chain, 'es'));
    expect(warning(spanish)).to.contain('No compartas nunca este código. Nunca te lo pediremos.');
    // a platform's own wording, through the message override every key has (a region of its own here,
    // so the other tests keep English)
    registerMessages('en-gb', { 'otp.neverShare': 'Acme staff will never ask for this code.' });
    const platform = await sendCode(await render(chain, 'en-GB'));
    expect(warning(platform)).to.contain('Acme staff will never ask for this code.').and.not.contain('Never share');
  });

  it('five wrong codes use the code up: it says so (no service text), "Send a new code" works at once, then the right code signs in', async () => {
    const chain = await sandboxChain();
    const el = await render(chain);
    const input = await sendCode(el);
    // six cells drawn behind one real input: one field for paste, autofill, WebOTP and screen readers
    expect(el.querySelectorAll('input')).to.have.length(1);
    expect(el.querySelectorAll('.pay-field__cell[aria-hidden="true"]')).to.have.length(6);
    expect(el.querySelector('.pay-field__error'), 'no empty error line holding space').to.equal(null);
    for (let i = 0; i < 4; i++) {
      await wrongCode(el, input, WRONG[i]!, i + 1);
      expect(fieldError(el)).to.equal(`That code isn’t right. ${4 - i} ${4 - i === 1 ? 'try' : 'tries'} left.`);
      expect(document.activeElement).to.equal(input);
    }
    await wrongCode(el, input, WRONG[4]!, 5);
    expect(fieldError(el)).to.equal('That code isn’t right, and it can’t be used any more. Send a new code.');
    expect(el.textContent + el.shadowRoot!.textContent!).not.to.match(/Invalid OTP|request a new code|Details/);
    expect(input.disabled, 'nothing left to type into').to.equal(true);
    const resend = part<HTMLButtonElement>(el, 'resend-button');
    expect(resend.disabled, 'resend is not held back by its countdown').to.equal(false);
    expect(resend.textContent?.trim()).to.equal('Send a new code');
    expect(part<HTMLButtonElement>(el, 'verify-button').disabled).to.equal(true);
    await until(() => el.shadowRoot!.activeElement === resend, 'focus on "Send a new code"');
    await expectAccessible(el, 'code used up');

    await pressEnter(resend);
    await until(() => t.leaks.of('pay-otp-sent').length === 2, 'the new code');
    await el.updateComplete;
    expect(input.disabled).to.equal(false);
    expect(fieldError(el)).to.equal('');
    paste(input, '000000');
    await until(() => t.leaks.of('pay-session').length === 1, 'signed in with the new code');
    t.leaks.assertClean(el);
  });

  it('a code past its lifetime says it expired (not wrong), in Spanish, and offers a new one at once', async () => {
    let offset = 0;
    const chain = await sandboxChain({}, { now: () => Date.now() + offset });
    const el = await render(chain, 'es');
    const input = await sendCode(el);
    offset = 6 * 60_000; // the sandbox's codes live 5 minutes
    paste(input, '000000');
    await until(() => t.leaks.of('pay-error').length === 1, 'the answer');
    await el.updateComplete;
    expect(fieldError(el)).to.equal('Este código ha caducado. Pide uno nuevo.');
    const resend = part<HTMLButtonElement>(el, 'resend-button');
    expect(resend.disabled).to.equal(false);
    expect(resend.textContent?.trim()).to.equal('Pedir un código nuevo');
    await until(() => el.shadowRoot!.activeElement === resend, 'focus on the new-code button');
  });
});

/** `<pay-sca-challenge>` against the sandbox: a two-round (conversion, then payout) EUR quote. */
describe('SCA code entry against the sandbox (<pay-sca-challenge>)', () => {
  const t = setupElementTests();
  const SCA = '123456';

  /** A French customer with an SCA login session and a quote waiting for authorization, created by the platform. */
  async function pendingQuote(options: Parameters<typeof sandboxChain>[1] = {}) {
    const chain = await sandboxChain(
      { region: 'FR', currencies: ['EUR'], fullName: 'Eva Test', phoneNumber: '+33612345678' },
      options,
    );
    const payee = await chain.platform('POST', '/customers', {
      platformCustomerId: `payee-${crypto.randomUUID()}`,
      customerType: 'INDIVIDUAL',
      email: `payee-${crypto.randomUUID()}@example.com`,
      currencies: ['EUR'],
    });
    const payeeAccounts = await chain.platform('GET', `/customers/internal-accounts?customerId=${payee.id}`);
    const login = `/sca/login/%s?customerId=${encodeURIComponent(chain.customerId)}`;
    const start = await chain.platform('POST', login.replace('%s', 'start'), { factor: 'SMS_OTP' });
    await chain.platform('POST', login.replace('%s', 'complete'), {
      factor: 'SMS_OTP',
      challengeId: start.challengeId,
      code: SCA,
      endUserIpAddress: '203.0.113.9',
    });
    const quote: Quote = await chain.platform('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', customerId: chain.customerId, currency: 'EUR' },
      destination: { destinationType: 'ACCOUNT', accountId: payeeAccounts.data[0].id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 150_000,
    });
    chain.quotes.add(quote.id);
    return { chain, quote };
  }

  const render = (chain: SandboxChain, quote: Quote, lang = 'en'): Promise<PayScaChallengeElement> =>
    fixture<PayScaChallengeElement>(
      html`<pay-sca-challenge
        .client=${chain.client}
        .quote=${quote}
        customer-id=${chain.customerId}
        destination="+33 ••• ••• •78"
        payee-name="Café Lumière"
        lang=${lang}
      ></pay-sca-challenge>`,
    );
  const fieldError = (el: Element): string => el.querySelector('.pay-field__error')?.textContent?.trim() ?? '';

  it('focuses the code field, names the payee and where the code went, counts "1 of 2", says the tries left, and focuses the success', async () => {
    const { chain, quote } = await pendingQuote();
    const el = await render(chain, quote);
    const input = lightInput(el);
    await until(() => document.activeElement === input, 'the code field focused when it appears');
    expect(part(el, 'payee').textContent).to.equal('Café Lumière');
    expect(part(el, 'step').textContent).to.equal('Step 1 of 2');
    expect([...el.querySelectorAll('.pay-field__hint')].map((p) => p.textContent)).to.deep.equal([
      'Enter the 6-digit code we sent to +33 ••• ••• •78.',
      'Never share this code. We will never ask you for it.',
    ]);
    await expectAccessible(el, 'step 1 of 2');

    paste(input, WRONG[0]!);
    await until(() => t.leaks.of('pay-error').length === 1, 'the wrong code');
    await el.updateComplete;
    expect(fieldError(el)).to.equal('That code isn’t right. 4 tries left.');
    expect(el.textContent + el.shadowRoot!.textContent!).not.to.contain('Invalid SCA code');
    await until(() => document.activeElement === input, 'focus back in the field');

    paste(input, SCA);
    await until(() => maybePart(el, 'step')?.textContent === 'Step 2 of 2', 'the payout round');
    await until(() => document.activeElement === lightInput(el), 'the field focused for round 2');
    paste(lightInput(el), SCA);
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement, 'focus on the success, not the page body').to.equal(part(el, 'success'));
    t.leaks.assertClean(el);
  });

  it('five wrong codes lock the customer: it says for how long, in Spanish', async () => {
    const { chain, quote } = await pendingQuote();
    const el = await render(chain, quote, 'es');
    for (let i = 0; i < 5; i++) {
      paste(lightInput(el), WRONG[i]!);
      await until(() => t.leaks.of('pay-error').length === i + 1, `wrong code ${i + 1}`);
      await el.updateComplete;
    }
    await until(() => hasState(el, 'locked'), 'locked');
    expect(part(el, 'locked').textContent?.trim()).to.equal(
      'Demasiados intentos. Podrás volver a intentarlo dentro de 30 minutos.',
    );
    expect(el.querySelector('input')).to.equal(null);
    await expectAccessible(el, 'locked');
  });

  it('an expired challenge says to start the payment again (not "wrong code", not "send a new code")', async () => {
    let offset = 0;
    const { chain, quote } = await pendingQuote({ now: () => Date.now() + offset });
    const el = await render(chain, quote);
    offset = 6 * 60_000;
    paste(lightInput(el), SCA);
    await until(() => hasState(el, 'expired'), 'expired');
    expect(part(el, 'locked').textContent?.trim()).to.equal(
      'This confirmation has expired. Please start the payment again.',
    );
    expect(maybePart(el, 'resend-button')).to.equal(null);
  });
});
