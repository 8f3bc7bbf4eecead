import { expect } from 'chai';
import { describe, it, itWhen } from '@paykit/test-harness/suite';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import '../src/translations/es.js'; // the Spanish test: a page that speaks Spanish imports it
import { ACCOUNT_ID, EMAIL_CREDENTIAL, OTP_CODE, SMS_CREDENTIAL, rateLimited } from './helpers/fake-service.js';
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
  sleep,
  typeInto,
  until,
  setupElementTests,
} from './helpers/dom.js';
import '../src/define/pay-otp-login.js';

describe('<pay-otp-login>', () => {
  const t = setupElementTests();

  async function render(
    attrs: { channel?: string; resendSeconds?: number; accountId?: string; lang?: string } = {},
  ): Promise<PayOtpLoginElement> {
    return fixture<PayOtpLoginElement>(
      html`<pay-otp-login
        .client=${t.fake.client()}
        auth-method-id=${attrs.accountId ? '' : attrs.channel === 'sms' ? SMS_CREDENTIAL : EMAIL_CREDENTIAL}
        account-id=${attrs.accountId ?? ''}
        channel=${attrs.channel ?? 'email'}
        destination="a•••@example.com"
        resend-seconds=${attrs.resendSeconds ?? 30}
        lang=${attrs.lang ?? 'en'}
      ></pay-otp-login>`,
    );
  }

  async function sendCode(el: PayOtpLoginElement): Promise<HTMLInputElement> {
    await pressEnter(part(el, 'send-button'));
    await until(() => hasState(el, 'code-sent'), 'the code step');
    await el.updateComplete;
    return lightInput(el);
  }

  it('offers "Send code" with where the code goes, accessibly', async () => {
    const el = await render();
    expect(part(el, 'send-button').textContent?.trim()).to.equal('Send code');
    expect(part(el, 'intro').textContent).to.contain('a•••@example.com');
    expect(hasState(el, 'idle')).to.equal(true);
    await expectAccessible(el, 'before sending');
  });

  it('sends a code from the keyboard and signs in with a typed code', async () => {
    const el = await render();
    const input = await sendCode(el);

    // one real input, in light DOM, that autofill can see
    expect(input.getRootNode()).to.equal(document);
    expect(input.getAttribute('autocomplete')).to.equal('one-time-code'); // Firefox's IDL property knows no such token
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    expect(input.pattern).to.equal('[0-9]*');
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('Verification code');
    expect(document.activeElement).to.equal(input);
    expect(t.leaks.of('pay-otp-sent')[0]?.detail).to.deep.equal({ channel: 'email' });
    expect(announced(el)).to.contain('We sent a code to a•••@example.com');
    await expectAccessible(el, 'code step');

    await typeInto(input, OTP_CODE);
    await until(() => t.leaks.of('pay-session').length === 1, 'pay-session');
    const { session } = t.leaks.of('pay-session')[0]!.detail as { session: Record<string, unknown> };
    expect(Object.keys(session).sort()).to.deep.equal(['accountId', 'expiresAt', 'id', 'type']);
    expect(session['accountId']).to.equal(ACCOUNT_ID);
    expect(input.value).to.equal('');
    await el.updateComplete;
    expect(hasState(el, 'signed-in')).to.equal(true);
    expect(part(el, 'success').textContent).to.contain('You’re signed in.');
    expect(el.shadowRoot!.activeElement, 'focus on the signed-in message, not the page body').to.equal(
      part(el, 'success'),
    );
    await expectAccessible(el, 'signed in');
    t.leaks.assertClean(el);
  });

  it('accepts a pasted code with spaces and dashes and submits it at once', async () => {
    const el = await render();
    const input = await sendCode(el);
    paste(input, ` ${OTP_CODE.slice(0, 3)} - ${OTP_CODE.slice(3)} `);
    await until(() => t.leaks.of('pay-session').length === 1, 'pay-session after paste');
    expect(input.value).to.equal('');
    const verify = t.fake.calls('POST /auth/credentials/*/verify');
    expect(verify).to.have.length(2); // the sealed code, then the stamped retry
    t.leaks.assertClean(el);
  });

  it('says a wrong code is wrong (never the service’s own words) and lets the user try again', async () => {
    const el = await render();
    const input = await sendCode(el);
    await typeInto(input, '135790'); // no repeated digit: WebKitWebDriver collapses repeats in one sendKeys
    await until(() => hasState(el, 'error'), 'the wrong-code error');
    await el.updateComplete;
    const error = el.querySelector('.pay-field__error')!;
    expect(error.textContent).to.equal('That code isn’t right.');
    expect(el.textContent + el.shadowRoot!.textContent).not.to.contain('Invalid OTP code');
    expect(input.value).to.equal('');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.contain(error.id);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'UNAUTHORIZED' }]);
    await until(() => document.activeElement === input, 'focus back in the input');
    await expectAccessible(el, 'wrong code');

    await typeInto(input, OTP_CODE);
    await until(() => t.leaks.of('pay-session').length === 1, 'pay-session after the retry');
    t.leaks.assertClean(el);
  });

  it('asks for every digit when Enter is pressed early', async () => {
    const el = await render();
    const input = await sendCode(el);
    await typeInto(input, '12');
    await pressEnter(input);
    await el.updateComplete;
    expect(el.querySelector('.pay-field__error')?.textContent).to.contain('Enter all 6 digits');
    expect(t.fake.calls('POST /auth/credentials/*/verify')).to.have.length(0);
  });

  it('on 429 counts down from Retry-After before another code can be sent', async () => {
    t.fake.script('POST /auth/credentials/*/challenge', rateLimited(42));
    const el = await render();
    await pressEnter(part(el, 'send-button'));
    await until(() => maybePart(el, 'error') !== null, 'the rate-limit message');
    expect(part(el, 'error').textContent).to.match(/Too many attempts, try again in (42|41) s\./);
    expect(part<HTMLButtonElement>(el, 'send-button').disabled).to.equal(true);
    expect(hasState(el, 'cooldown') && hasState(el, 'error')).to.equal(true);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'RATE_LIMITED' }]);
    await expectAccessible(el, 'rate limited');
  });

  it('on 429 after a code locks the input until Retry-After has passed', async () => {
    t.fake.script('POST /auth/credentials/*/verify', rateLimited(1));
    const el = await render();
    const input = await sendCode(el);
    const limited = nextEvent(el, 'pay-error');
    paste(input, OTP_CODE); // in-page and synchronous: no driver round trip racing the 1 s wait
    await limited;
    await el.updateComplete;
    expect(input.disabled).to.equal(true);
    expect(el.querySelector('.pay-field__error')?.textContent).to.contain('Too many attempts, try again in 1 s.');
    await until(() => !input.disabled, 'the input to come back', 3000);
    await el.updateComplete;
    expect(el.querySelector('.pay-field__error'), 'no error line, and no empty gap for one').to.equal(null);
    await typeInto(input, OTP_CODE);
    await until(() => t.leaks.of('pay-session').length === 1, 'pay-session after the wait');
  });

  it('says it can’t reach the server; "Send code" is the one way to try again', async () => {
    t.fake.script('POST /auth/credentials/*/challenge', 'network-error');
    const el = await render();
    await pressEnter(part(el, 'send-button'));
    await until(() => maybePart(el, 'error') !== null, 'the network error');
    expect(part(el, 'error').textContent).to.contain('Can’t reach the server');
    expect(maybePart(el, 'retry-button'), 'no second button').to.equal(null);
    expect(el.shadowRoot!.querySelectorAll('button')).to.have.length(1);
    await expectAccessible(el, 'network error');
    await pressEnter(part(el, 'send-button'));
    await until(() => hasState(el, 'code-sent'), 'the code step after retrying');
    expect(t.fake.calls('POST /auth/credentials/*/challenge')).to.have.length(2);
  });

  it('after a network error "Verify" becomes "Try again" (one action) and sends the same code', async () => {
    t.fake.script('POST /auth/credentials/*/verify', 'network-error');
    const el = await render();
    const input = await sendCode(el);
    await typeInto(input, OTP_CODE);
    const verify = () => part<HTMLButtonElement>(el, 'verify-button');
    await until(() => verify().textContent?.trim() === 'Try again', '"Verify" to say "Try again"');
    expect(maybePart(el, 'retry-button'), 'no second button').to.equal(null);
    expect(part(el, 'error').textContent).to.contain('Can’t reach the server');
    await expectAccessible(el, 'network error');
    await pressEnter(verify());
    await until(() => t.leaks.of('pay-session').length === 1, 'signed in with the held code');
    t.leaks.assertClean(el);
  });

  it('holds a code for "Try again" after a network error only while the element is on the page', async () => {
    t.fake.script('POST /auth/credentials/*/verify', 'network-error');
    const el = await render();
    const input = await sendCode(el);
    await typeInto(input, OTP_CODE);
    const verify = () => part<HTMLButtonElement>(el, 'verify-button');
    await until(() => verify().textContent?.trim() === 'Try again', '"Try again"');
    const parent = el.parentNode!;
    el.remove();
    parent.appendChild(el);
    await el.updateComplete;
    expect(verify().textContent?.trim(), 'the code held for "Try again" is gone').to.equal('Verify');
    expect(t.fake.calls('POST /auth/credentials/*/verify')).to.have.length(1);
    t.leaks.assertClean(el);
  });

  it('the right code after the code was used up (another tab) says so, not "wrong", and offers a new code at once', async () => {
    t.fake.script('POST /auth/credentials/*/verify', {
      status: 401,
      body: {
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'The request was not authorized',
        details: { reason: 'The OTP challenge was already used; request a new code' },
      },
    });
    const el = await render(); // resend-seconds 30: the countdown is running
    const input = await sendCode(el);
    await typeInto(input, OTP_CODE);
    await until(() => hasState(el, 'error'), 'the error');
    await el.updateComplete;
    expect(el.querySelector('.pay-field__error')?.textContent).to.equal(
      'This code can’t be used any more. Send a new code.',
    );
    expect(el.textContent + el.shadowRoot!.textContent).not.to.contain('request a new code');
    expect(part<HTMLButtonElement>(el, 'resend-button').disabled).to.equal(false);
    expect(part(el, 'resend-button').textContent?.trim()).to.equal('Send a new code');
    expect(hasState(el, 'cooldown')).to.equal(false);
  });

  it('a locked account says for how long, in the page language', async () => {
    const lockedUntil = new Date(Date.now() + 14.5 * 60_000).toISOString();
    t.fake.script('POST /auth/credentials/*/verify', {
      status: 423,
      body: { status: 423, code: 'ACCOUNT_LOCKED', message: 'Locked', details: { lockedUntil, failedAttempts: 5 } },
    });
    const el = await render({ lang: 'es' });
    const input = await sendCode(el);
    await typeInto(input, OTP_CODE);
    await until(() => hasState(el, 'error'), 'the error');
    await el.updateComplete;
    expect(el.querySelector('.pay-field__error')?.textContent).to.equal(
      'Demasiados intentos. Podrás volver a intentarlo dentro de 15 minutos.',
    );
    expect(input.disabled).to.equal(true);
  });

  it('lets the user resend once the countdown ends', async () => {
    const el = await render({ resendSeconds: 1 });
    await sendCode(el);
    const resend = part<HTMLButtonElement>(el, 'resend-button');
    expect(resend.disabled).to.equal(true);
    expect(resend.textContent).to.contain('Resend code in 1 s');
    await until(() => !part<HTMLButtonElement>(el, 'resend-button').disabled, 'resend to be allowed', 3000);
    await pressEnter(part(el, 'resend-button'));
    await until(() => t.leaks.of('pay-otp-sent').length === 2, 'the second pay-otp-sent');
    expect(t.fake.calls('POST /auth/credentials/*/challenge')).to.have.length(2);
  });

  it('looks up the SMS credential from account-id', async () => {
    const el = await render({ accountId: ACCOUNT_ID, channel: 'sms' });
    el.authMethodId = undefined;
    await sendCode(el);
    expect(t.fake.calls('GET /auth/credentials')).to.have.length(1);
    expect(t.fake.calls(`POST /auth/credentials/${encodeURIComponent(SMS_CREDENTIAL)}/challenge`)).to.have.length(1);
    expect(t.leaks.of('pay-otp-sent')[0]?.detail).to.deep.equal({ channel: 'sms' });
  });

  it('speaks Spanish from lang, and the locale property wins', async () => {
    const el = await render({ lang: 'es' });
    expect(part(el, 'send-button').textContent?.trim()).to.equal('Enviar código');
    el.locale = 'en-GB';
    await el.updateComplete;
    expect(part(el, 'send-button').textContent?.trim()).to.equal('Send code');
  });

  itWhen(
    typeof window !== 'undefined' && 'OTPCredential' in window,
    'no WebOTP in this engine',
    'fills an SMS code through WebOTP and aborts it when removed',
    async () => {
      const calls: Array<{ options: CredentialRequestOptions & { otp?: { transport?: string[] } } }> = [];
      let answer: (value: unknown) => void = () => undefined;
      const original = Object.getOwnPropertyDescriptor(navigator.credentials, 'get');
      Object.defineProperty(navigator.credentials, 'get', {
        configurable: true,
        value: (options: CredentialRequestOptions) => {
          calls.push({ options });
          return new Promise((resolve, reject) => {
            answer = resolve;
            options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        },
      });
      try {
        const el = await render({ channel: 'sms' });
        await sendCode(el);
        await until(() => calls.length === 1, 'the WebOTP request');
        expect(calls[0]!.options.otp?.transport).to.deep.equal(['sms']);
        const signal = calls[0]!.options.signal!;
        answer({ type: 'otp', code: OTP_CODE });
        await until(() => t.leaks.of('pay-session').length === 1, 'pay-session from WebOTP');
        t.leaks.assertClean(el);

        const second = await render({ channel: 'sms' });
        await sendCode(second);
        await until(() => calls.length === 2, 'the second WebOTP request');
        second.remove();
        expect(calls[1]!.options.signal!.aborted).to.equal(true);
        expect(signal).to.not.equal(calls[1]!.options.signal);
      } finally {
        if (original) Object.defineProperty(navigator.credentials, 'get', original);
        else delete (navigator.credentials as { get?: unknown }).get;
      }
    },
  );

  it('never reflects the code to an attribute', async () => {
    const el = await render();
    const input = await sendCode(el);
    await typeInto(input, OTP_CODE.slice(0, 5));
    await sleep(20);
    expect(el.outerHTML).to.not.contain(OTP_CODE.slice(0, 5));
    expect(input.getAttribute('value')).to.equal(null);
  });
});
