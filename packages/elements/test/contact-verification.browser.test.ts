import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayContactVerificationElement } from '../src/contact-verification/contact-verification.js';
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
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-contact-verification.js';

const CODE = '123456';

describe('<pay-contact-verification> (against the sandbox, through the proxy)', () => {
  const t = setupElementTests();

  const render = (chain: SandboxChain, resendSeconds = 30): Promise<PayContactVerificationElement> =>
    fixture<PayContactVerificationElement>(
      html`<pay-contact-verification
        .client=${chain.client}
        customer-id=${chain.customerId}
        resend-seconds=${resendSeconds}
      ></pay-contact-verification>`,
    );
  const euChain = () => sandboxChain({ region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster 003' });

  it('verifies email then phone with the keyboard; a wrong code shows under the field; events carry no contact data', async () => {
    const chain = await euChain();
    const el = await render(chain);
    await t.inState(el, 'idle');
    expect(part(el, 'channels').textContent).to.contain('Email address').and.contain('Phone number');
    // each row shows what it verifies, and where the person is in the two
    const before = await chain.platform('GET', `/customers/${chain.customerId}`);
    const values = [...part(el, 'channels').querySelectorAll('.channel__value')].map((v) => v.textContent);
    expect(values).to.deep.equal([before.email, '+4915112345678']);
    expect(part(el, 'step').textContent!.trim()).to.equal('Step 1 of 2');
    expect(part(el, 'intro').textContent).to.contain('email');
    await expectAccessible(el, 'idle');

    await pressEnter(part(el, 'send-button'));
    await t.inState(el, 'code-sent');
    expect(t.leaks.of('pay-otp-sent')[0]!.detail).to.deep.equal({ channel: 'email' });
    expect(document.activeElement).to.equal(lightInput(el));
    await expectAccessible(el, 'email code sent');
    await typeInto(lightInput(el), CODE);
    await until(() => t.leaks.of('pay-contact-verified').length === 1, 'email verified');
    expect(t.leaks.of('pay-contact-verified')[0]!.detail).to.deep.equal({
      customerId: chain.customerId,
      channel: 'email',
    });
    await t.inState(el, 'idle');
    expect(part(el, 'intro').textContent).to.contain('phone');
    expect(part(el, 'step').textContent!.trim()).to.equal('Step 2 of 2');

    await pressEnter(part(el, 'send-button'));
    await t.inState(el, 'code-sent');
    expect(t.leaks.of('pay-otp-sent')[1]!.detail).to.deep.equal({ channel: 'sms' });
    await typeInto(lightInput(el), '654321');
    await until(() => hasState(el, 'error'), 'wrong code error');
    expect(el.textContent).to.contain('That code isn’t right. 4 tries left.');
    expect(t.leaks.of('pay-error').at(-1)!.detail).to.deep.equal({ code: 'INVALID_INPUT' });
    await expectAccessible(el, 'wrong code');
    await typeInto(lightInput(el), CODE);
    await until(() => t.leaks.of('pay-contact-verification-complete').length === 1, 'complete');
    await t.inState(el, 'complete');
    expect(t.leaks.of('pay-contact-verification-complete')[0]!.detail).to.deep.equal({
      customerId: chain.customerId,
      channels: ['email', 'phone'],
    });
    expect(part(el, 'success').textContent).to.contain('contact details are verified');
    expect(maybePart(el, 'send-button')).to.equal(null);
    await expectAccessible(el, 'complete');

    const customer = await chain.platform('GET', `/customers/${chain.customerId}`);
    expect(customer.contactVerification).to.deep.equal({ email: 'VERIFIED', phone: 'VERIFIED' });
    const outside = JSON.stringify(t.leaks.events) + el.outerHTML;
    for (const secret of [CODE, customer.email, customer.phoneNumber]) expect(outside).not.to.contain(secret);
    t.leaks.assertClean(el);
  });

  it('an expired code says so (not "wrong") and "Send a new code" works at once, countdown or not', async () => {
    let offset = 0;
    const chain = await sandboxChain(
      { region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster 003' },
      { now: () => Date.now() + offset },
    );
    const el = await render(chain);
    await t.inState(el, 'idle');
    await pressEnter(part(el, 'send-button'));
    await t.inState(el, 'code-sent');
    offset = 6 * 60_000; // the sandbox's codes live 5 minutes
    await typeInto(lightInput(el), CODE);
    await until(() => hasState(el, 'error'), 'the expired code');
    await el.updateComplete;
    expect(el.querySelector('.pay-field__error')?.textContent).to.equal('This code has expired. Send a new code.');
    const resend = part<HTMLButtonElement>(el, 'resend-button');
    expect(resend.disabled).to.equal(false);
    expect(resend.textContent?.trim()).to.equal('Send a new code');
    await until(() => el.shadowRoot!.activeElement === resend, 'focus on "Send a new code"');
    await expectAccessible(el, 'expired code');
    await pressEnter(resend);
    await until(() => t.leaks.of('pay-otp-sent').length === 2, 'the new code');
    await el.updateComplete;
    await typeInto(lightInput(el), CODE);
    await until(() => t.leaks.of('pay-contact-verified').length === 1, 'verified with the new code');
  });

  it('says how many tries are left, then that the channel is locked and for how long (issue 22)', async () => {
    const chain = await euChain();
    const el = await render(chain);
    await t.inState(el, 'idle');
    await pressEnter(part(el, 'send-button'));
    await t.inState(el, 'code-sent');
    const fieldError = () => el.querySelector('.pay-field__error')?.textContent ?? '';
    for (const [i, message] of [
      'That code isn’t right. 4 tries left.',
      'That code isn’t right. 3 tries left.',
      'That code isn’t right. 2 tries left.',
      'That code isn’t right. 1 try left.',
    ].entries()) {
      await typeInto(lightInput(el), ['102345', '203456', '304567', '405678'][i]!); // distinct digits: WebKitWebDriver drops repeated keys
      await until(() => fieldError() === message, message);
    }
    await expectAccessible(el, 'one try left');
    await typeInto(lightInput(el), '654329');
    await until(() => fieldError().startsWith('Too many attempts.'), 'the lock');
    await el.updateComplete;
    expect(fieldError()).to.equal('Too many attempts. You can try again in 30 minutes.');
    expect(lightInput(el).disabled, 'no more guesses').to.equal(true);
    expect(part<HTMLButtonElement>(el, 'verify-button').disabled).to.equal(true);
    expect(t.leaks.of('pay-error').map((e) => (e.detail as { code: string }).code)).to.deep.equal(
      Array(5).fill('INVALID_INPUT'),
    );
    await expectAccessible(el, 'locked');

    const right = await chain.platform('POST', `/customers/${chain.customerId}/verify-email/confirm`, { code: CODE });
    expect(right, 'the right code cannot verify while locked').to.include({ status: 429, code: 'RATE_LIMITED' });
    expect((await chain.platform('GET', `/customers/${chain.customerId}`)).contactVerification.email).to.equal(
      'PENDING',
    );
    expect(t.leaks.of('pay-contact-verified')).to.have.length(0);
    const outside = JSON.stringify(t.leaks.events) + el.outerHTML;
    expect(outside).not.to.contain('65432');
  });

  it('has nothing to do when the provider requires no contact verification', async () => {
    const chain = await sandboxChain({ region: 'US' });
    const el = await render(chain);
    await t.inState(el, 'complete');
    expect(t.leaks.of('pay-contact-verification-complete')[0]!.detail).to.deep.equal({
      customerId: chain.customerId,
      channels: [],
    });
    expect(part(el, 'success').textContent).to.contain('No contact verification is needed');
    expect(maybePart(el, 'channels')).to.equal(null);
    await expectAccessible(el, 'not required');
  });

  it('a resend beyond the limit waits out Retry-After', async () => {
    const chain = await sandboxChain({ region: 'FR' });
    const el = await render(chain, 0);
    await t.inState(el, 'idle');
    await pressEnter(part(el, 'send-button'));
    await t.inState(el, 'code-sent');
    for (let i = 0; i < 2; i++) {
      await pressEnter(part(el, 'resend-button'));
      await until(() => t.leaks.of('pay-otp-sent').length === i + 2, `resend ${i + 1}`);
    }
    await pressEnter(part(el, 'resend-button'));
    await until(() => t.leaks.of('pay-error').length === 1, 'rate limited');
    await el.updateComplete;
    expect(t.leaks.of('pay-error')[0]!.detail).to.deep.equal({ code: 'RATE_LIMITED' });
    expect(hasState(el, 'cooldown')).to.equal(true);
    expect(part<HTMLButtonElement>(el, 'resend-button').disabled).to.equal(true);
    expect(part(el, 'resend-button').textContent).to.match(/Resend code in \d+ s/);
    expect(announced(el)).to.contain('Too many attempts');
  });

  it('a channel verified elsewhere (409) reloads and moves on', async () => {
    const chain = await euChain();
    const el = await render(chain);
    await t.inState(el, 'idle');
    await chain.platform('POST', `/customers/${chain.customerId}/verify-email`);
    await chain.platform('POST', `/customers/${chain.customerId}/verify-email/confirm`, { code: CODE });
    await pressEnter(part(el, 'send-button'));
    // the element reloads the customer in between (state loading, no intro part): wait through it
    const intro = () => el.shadowRoot?.querySelector('[part~="intro"]')?.textContent ?? '';
    await until(() => intro().includes('phone'), 'moved to phone');
    expect(t.leaks.of('pay-contact-verified')[0]!.detail).to.include({ channel: 'email' });
    expect(t.leaks.of('pay-error')).to.have.length(0);
  });
});
