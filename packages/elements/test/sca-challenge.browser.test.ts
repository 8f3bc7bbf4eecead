import { expect } from 'chai';
import { nextQuoteStep, passkeysSupported, type Quote } from '@paykit/crypto-core';
import { describe, it, itWhen } from '@paykit/test-harness/suite';
import type { PayScaChallengeElement } from '../src/sca-challenge/sca-challenge.js';
import '../src/translations/es.js'; // the Spanish test: a page that speaks Spanish imports it
import { SCA_CODE, SCA_LOGIN_CHALLENGE, errorBody, pendingQuote, rateLimited } from './helpers/fake-service.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  lightInput,
  maybePart,
  nextEvent,
  part,
  paste,
  pressEnter,
  fakeAssertion,
  stubCredentialsGet,
  typeInto,
  until,
  setupElementTests,
} from './helpers/dom.js';
import '../src/define/pay-sca-challenge.js';

describe('<pay-sca-challenge>', () => {
  const t = setupElementTests();

  const render = (
    quote: Quote | null = pendingQuote(),
    lang = 'en',
    resendSeconds = 30,
  ): Promise<PayScaChallengeElement> =>
    fixture<PayScaChallengeElement>(
      html`<pay-sca-challenge
        .client=${t.fake.client()}
        .quote=${quote ?? undefined}
        customer-id="Customer:0191-cu"
        resend-seconds=${resendSeconds}
        lang=${lang}
      ></pay-sca-challenge>`,
    );

  async function enterCode(el: PayScaChallengeElement, code = SCA_CODE): Promise<HTMLInputElement> {
    const input = lightInput(el);
    await typeInto(input, code);
    return input;
  }

  it('shows the amount and payee being authorized, in the page language', async () => {
    const el = await render();
    expect(part(el, 'amount').textContent).to.equal('€1,234.56');
    expect(part(el, 'payee').textContent).to.equal('Ana López');
    const input = lightInput(el);
    expect(input.getAttribute('autocomplete')).to.equal('one-time-code');
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('Code from the text message');
    expect(hasState(el, 'sms')).to.equal(true);
    await expectAccessible(el, 'SMS challenge');

    const es = await render(
      pendingQuote({ totalSendingAmount: 5_000_000_000, sendingCurrency: { code: 'USDC', decimals: 6 } }),
      'es',
    );
    expect(part(es, 'amount').textContent).to.match(/^5000,000000 USDC$|^5\.000,000000 USDC$/);
    expect(part(es, 'confirm-button').textContent).to.contain('Confirmar pago');
  });

  it('confirms with the SMS code and emits pay-sca-complete with the quote', async () => {
    const el = await render();
    await enterCode(el);
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
    const { quote } = t.leaks.of('pay-sca-complete')[0]!.detail as { quote: Quote };
    expect(quote.status).to.equal('PROCESSING');
    expect(JSON.parse(t.fake.calls('POST /quotes/*/authorize')[0]!.body!)).to.deep.equal({ code: SCA_CODE });
    await el.updateComplete;
    expect(part(el, 'success').textContent).to.contain('Payment confirmed.');
    expect(el.querySelector('input')).to.equal(null);
    await expectAccessible(el, 'complete');
    t.leaks.assertClean(el);
  });

  it('keeps going while the service asks for another confirmation', async () => {
    t.fake.settings.authorizeResults.push(pendingQuote({}, { id: 'ScaChallenge:0191-c2' }));
    const el = await render();
    await enterCode(el);
    await until(() => announced(el).includes('Another confirmation is needed.'), 'the second challenge');
    await el.updateComplete;
    expect(t.leaks.of('pay-sca-complete')).to.have.length(0);
    const input = lightInput(el);
    expect(input.value).to.equal('');
    expect(input.disabled || input.readOnly).to.equal(false);
    paste(input, SCA_CODE.split('').join(' '));
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
    expect(t.fake.calls('POST /quotes/*/authorize')).to.have.length(2);
  });

  it('says a wrong code is wrong, never in the service’s own words', async () => {
    const el = await render();
    await enterCode(el, '135790');
    await until(() => hasState(el, 'error'), 'the error');
    await el.updateComplete;
    const error = el.querySelector('.pay-field__error')!;
    expect(error.textContent).to.equal('That code isn’t right.');
    expect(el.textContent + el.shadowRoot!.textContent).not.to.contain('Invalid SCA code');
    expect(lightInput(el).value).to.equal('');
    await expectAccessible(el, 'wrong code');
  });

  it('on 409 SCA_SESSION_REQUIRED asks for one more texted code as step 2 of 2 (login start, then complete), then sends the same proof once more', async () => {
    t.fake.script('POST /quotes/*/authorize', errorBody(409, 'SCA_SESSION_REQUIRED'));
    const el = await render();
    await enterCode(el);
    await until(() => hasState(el, 'login'), 'the SCA login step');
    await el.updateComplete;
    const start = t.fake.calls('POST /sca/login/start');
    expect(start).to.have.length(1);
    expect(start[0]!.query).to.deep.equal({ customerId: 'Customer:0191-cu' });
    expect(JSON.parse(start[0]!.body!)).to.deep.equal({ factor: 'SMS_OTP' });
    const input = lightInput(el);
    expect(input.value).to.equal('');
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('One more code, from a new text message');
    expect(part(el, 'step').textContent).to.equal('Step 2 of 2');
    expect(announced(el)).to.include('One more code');
    expect(el.textContent + el.shadowRoot!.textContent).not.to.match(/session/i);
    expect(part(el, 'amount').textContent).to.equal('€1,234.56'); // the same summary, shown once
    expect(t.fake.calls('POST /sca/login/complete')).to.have.length(0);
    await expectAccessible(el, 'SCA login');

    await enterCode(el, '246809'); // distinct digits: WebKitWebDriver drops repeated keys
    await until(() => hasState(el, 'error'), 'the wrong login code');
    expect(hasState(el, 'login')).to.equal(true);
    expect(t.fake.calls('POST /quotes/*/authorize')).to.have.length(1);

    await enterCode(el);
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete after the login');
    const complete = t.fake.calls('POST /sca/login/complete');
    expect(complete).to.have.length(2);
    expect(complete[1]!.query).to.deep.equal({ customerId: 'Customer:0191-cu' });
    expect(JSON.parse(complete[1]!.body!)).to.deep.equal({
      code: SCA_CODE,
      factor: 'SMS_OTP',
      challengeId: SCA_LOGIN_CHALLENGE,
    });
    const authorizes = t.fake.calls('POST /quotes/*/authorize');
    expect(authorizes).to.have.length(2);
    expect(authorizes[1]!.body).to.equal(authorizes[0]!.body);
  });

  it('a wrong payment code held through the SCA login is said under the payment code field, with the tries left', async () => {
    t.fake.script('POST /quotes/*/authorize', errorBody(409, 'SCA_SESSION_REQUIRED'), {
      status: 400,
      body: { status: 400, code: 'INVALID_INPUT', message: 'rejected', details: { attemptsRemaining: 2 } },
    });
    const el = await render(pendingQuote(), 'en');
    el.destination = '•••• 5678';
    await enterCode(el, '135790');
    await until(() => hasState(el, 'login'), 'the SCA login step');
    expect(el.querySelector('.pay-field__hint')?.textContent).to.contain('•••• 5678');
    await enterCode(el);
    await until(() => hasState(el, 'error'), 'the wrong payment code');
    await el.updateComplete;
    expect(hasState(el, 'login')).to.equal(false);
    expect(maybePart(el, 'step')).to.equal(null);
    const input = lightInput(el);
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('Code from the text message');
    expect(el.querySelector('.pay-field__error')!.textContent).to.match(/isn’t right.*2/);
    expect(t.fake.calls('POST /quotes/*/authorize')).to.have.length(2);
    expect(t.fake.calls('POST /sca/login/complete')).to.have.length(1);
    expect(t.leaks.of('pay-sca-complete')).to.have.length(0);
    await enterCode(el);
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
    expect(t.fake.calls('POST /sca/login/start')).to.have.length(1); // the session holds: no third code
  });

  it('does not loop when the renewed session is refused again', async () => {
    t.fake.script(
      'POST /quotes/*/authorize',
      errorBody(409, 'SCA_SESSION_REQUIRED'),
      errorBody(409, 'SCA_SESSION_REQUIRED'),
    );
    const el = await render();
    await enterCode(el);
    await until(() => hasState(el, 'login'), 'the SCA login step');
    await enterCode(el);
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(t.fake.calls('POST /quotes/*/authorize')).to.have.length(2);
    expect(t.fake.calls('POST /sca/login/complete')).to.have.length(1);
    expect(part(el, 'error').textContent).to.contain('secure session has ended');
  });

  it('works in the quote-creation order too: the last authorize leaves the quote PENDING, ready to execute', async () => {
    const payload = '{"type":"ACTIVITY_TYPE_SIGN_TRANSACTION_V2"}';
    const { scaChallenge: _answered, ...unchallenged } = pendingQuote();
    t.fake.settings.authorizeResults.push({
      ...unchallenged,
      status: 'PENDING',
      paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: payload } }],
    });
    const el = await render();
    await enterCode(el);
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
    const { quote } = t.leaks.of('pay-sca-complete')[0]!.detail as { quote: Quote };
    expect(nextQuoteStep(quote)).to.equal('execute');
  });

  it('after a network error the confirm button alone says "Try again" and sends the same code; the code is dropped when the element leaves the page', async () => {
    t.fake.script('POST /quotes/*/authorize', 'network-error');
    const el = await render();
    await enterCode(el);
    const retrying = () =>
      el.shadowRoot?.querySelector('[part~="confirm-button"]')?.textContent?.trim() === 'Try again';
    await until(retrying, 'the confirm button to say "Try again"');
    expect(part(el, 'error').textContent).to.contain('Can’t reach the server');
    expect(maybePart(el, 'retry-button'), 'no second button').to.equal(null);
    expect(el.shadowRoot!.querySelectorAll('button:enabled:not([part~="resend-button"])')).to.have.length(1);
    await expectAccessible(el, 'network error');
    await pressEnter(part(el, 'confirm-button'));
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete after "Try again"');
    expect(t.fake.calls('POST /quotes/*/authorize')).to.have.length(2);

    t.fake.script('POST /quotes/*/authorize', 'network-error');
    const moved = await render();
    await enterCode(moved);
    await until(() => part(moved, 'confirm-button').textContent?.trim() === 'Try again', 'the second "Try again"');
    const parent = moved.parentNode!;
    moved.remove();
    parent.appendChild(moved);
    await moved.updateComplete;
    expect(part(moved, 'confirm-button').textContent?.trim(), 'the code held for "Try again" is gone').to.equal(
      'Confirm payment',
    );
    expect(part(moved, 'error').textContent).to.contain('Can’t reach the server');
    expect(t.fake.calls('POST /quotes/*/authorize')).to.have.length(3);
    t.leaks.assertClean(el, moved);
  });

  it('locks on 423 ACCOUNT_LOCKED: no more input', async () => {
    t.fake.script('POST /quotes/*/authorize', errorBody(423, 'ACCOUNT_LOCKED'));
    const el = await render();
    await enterCode(el);
    await until(() => hasState(el, 'locked'), 'the locked state');
    await el.updateComplete;
    expect(el.querySelector('input')).to.equal(null);
    expect(maybePart(el, 'confirm-button')).to.equal(null);
    expect(part(el, 'locked').textContent).to.contain('locked');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'ACCOUNT_LOCKED' }]);
    await expectAccessible(el, 'locked');
  });

  it('counts down a 429 before taking another code', async () => {
    t.fake.script('POST /quotes/*/authorize', rateLimited(1));
    const el = await render();
    const limited = nextEvent(el, 'pay-error');
    const input = lightInput(el);
    paste(input, SCA_CODE); // in-page and synchronous: no driver round trip racing the 1 s wait
    await limited;
    await el.updateComplete;
    expect(input.disabled).to.equal(true);
    expect(el.querySelector('.pay-field__error')?.textContent).to.contain('Too many attempts, try again in 1 s.');
    expect(part<HTMLButtonElement>(el, 'confirm-button').disabled).to.equal(true);
    await until(() => !input.disabled, 'the input back', 3000);
    await enterCode(el);
    await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
  });

  it('resends the code once allowed', async () => {
    const el = await render(pendingQuote(), 'en', 1);
    const resend = part<HTMLButtonElement>(el, 'resend-button');
    expect(resend.disabled).to.equal(true);
    await until(() => !part<HTMLButtonElement>(el, 'resend-button').disabled, 'resend allowed', 3000);
    await pressEnter(part(el, 'resend-button'));
    await until(() => t.fake.calls('POST /quotes/*/authorize/resend').length === 1, 'the resend');
    await until(() => announced(el).includes('We sent a new code.'), 'the announcement');
  });

  it('says so when there is nothing to confirm, or no factor this page can use', async () => {
    const empty = await render(null);
    expect(hasState(empty, 'empty')).to.equal(true);
    expect(part(empty, 'base').textContent).to.contain('There is no payment waiting for confirmation.');
    await expectAccessible(empty, 'empty');
    // PASSKEY without assertion options (and TOTP, which is refused) leave nothing to answer with
    const passkeyOnly = await render(pendingQuote({}, { factor: 'PASSKEY', availableFactors: ['PASSKEY', 'TOTP'] }));
    expect(part(passkeyOnly, 'base').textContent).to.contain('can’t be confirmed here');
    expect(passkeyOnly.querySelector('input')).to.equal(null);
  });

  itWhen(
    passkeysSupported(),
    'no WebAuthn in this engine',
    'switches to a passkey and starts the WebAuthn ceremony inside the click',
    async () => {
      let gets = 0;
      t.cleanup(
        stubCredentialsGet(() => {
          gets++;
          return Promise.resolve(fakeAssertion());
        }),
      );
      const quote = pendingQuote(
        {},
        {
          availableFactors: ['SMS_OTP', 'PASSKEY'],
          passkeyAssertionOptions: { challenge: 'Y2hhbGxlbmdl', rpId: location.hostname, allowCredentials: [] },
        },
      );
      const el = await render(quote);
      const radios = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
      expect(radios.map((r) => r.closest('label')!.textContent!.trim())).to.deep.equal([
        'Text message code',
        'Passkey',
      ]);
      await expectAccessible(el, 'factor switch');
      radios[1]!.click();
      await el.updateComplete;
      expect(hasState(el, 'passkey')).to.equal(true);
      expect(el.querySelector('input')).to.equal(null);
      const button = part<HTMLButtonElement>(el, 'confirm-button');
      expect(button.textContent).to.contain('Confirm with passkey');

      // authorizeQuote(client, …) is a module function: what must happen inside the click (the user's
      // activation) is the WebAuthn get() it starts
      button.click();
      expect(gets, 'navigator.credentials.get ran inside the click').to.equal(1);
      await until(() => t.leaks.of('pay-sca-complete').length === 1, 'pay-sca-complete');
      const body = JSON.parse(t.fake.calls('POST /quotes/*/authorize')[0]!.body!) as {
        passkeyAssertion: { id: string };
        origin: string;
      };
      expect(body.passkeyAssertion.id).to.equal('cred-1');
      expect(body.origin).to.equal(location.origin);
    },
  );
});
