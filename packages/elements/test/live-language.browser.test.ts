/**
 * Elements follow the page's language live: changing `<html lang>` or an ancestor's `lang` re-renders
 * the element already on the page (no re-creation) in the new language, through the one page-wide
 * observer in base-element.ts; the `locale` property still wins over both.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '@paykit/test-harness/suite';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import '../src/translations/es.js'; // the page speaks Spanish too
import { de } from '../src/translations/de.js';
import { fr } from '../src/translations/fr.js';
import { it as italian } from '../src/translations/it.js';
import { nl } from '../src/translations/nl.js';
import { pt } from '../src/translations/pt.js';
import { EMAIL_CREDENTIAL } from './helpers/fake-service.js';
import { fixture, html, part, setupElementTests } from './helpers/dom.js';
import '../src/define/pay-otp-login.js';

describe('live language', () => {
  const t = setupElementTests();
  const pageLang = document.documentElement.getAttribute('lang');
  afterEach(() => {
    if (pageLang === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', pageLang);
  });

  const render = (): Promise<PayOtpLoginElement> =>
    fixture<PayOtpLoginElement>(
      html`<pay-otp-login .client=${t.fake.client()} auth-method-id=${EMAIL_CREDENTIAL}></pay-otp-login>`,
    );
  /** The observer's callback is a microtask queued by the change: after it, the render it requested. */
  const settle = async (el: PayOtpLoginElement): Promise<void> => {
    await null;
    await el.updateComplete;
  };
  const sendText = (el: PayOtpLoginElement): string | undefined => part(el, 'send-button').textContent?.trim();

  it('re-renders the same element when <html lang> changes from en to es and back', async () => {
    document.documentElement.lang = 'en';
    const el = await render();
    const button = part(el, 'send-button');
    expect(sendText(el)).to.equal('Send code');

    document.documentElement.lang = 'es';
    await settle(el);
    expect(sendText(el)).to.equal('Enviar código');
    expect(part(el, 'send-button'), 'the same button, updated in place').to.equal(button);
    expect(el.isConnected).to.equal(true);

    document.documentElement.setAttribute('lang', 'en-GB');
    await settle(el);
    expect(sendText(el)).to.equal('Send code');
  });

  it('follows a change of the nearest ancestor lang', async () => {
    document.documentElement.lang = 'en';
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="en">
        <pay-otp-login .client=${t.fake.client()} auth-method-id=${EMAIL_CREDENTIAL}></pay-otp-login>
      </div>`,
    );
    const el = wrapper.querySelector<PayOtpLoginElement>('pay-otp-login')!;
    await el.updateComplete;
    expect(sendText(el)).to.equal('Send code');
    wrapper.lang = 'es-ES';
    await settle(el);
    expect(sendText(el)).to.equal('Enviar código');
  });

  it('keeps the locale property over the page language', async () => {
    document.documentElement.lang = 'en';
    const el = await render();
    el.locale = 'en';
    await el.updateComplete;
    document.documentElement.lang = 'es';
    await settle(el);
    expect(sendText(el)).to.equal('Send code');
    el.locale = undefined;
    await el.updateComplete;
    expect(sendText(el)).to.equal('Enviar código');
  });

  it('switches live between every imported European language, regional tags included', async () => {
    document.documentElement.lang = 'en';
    const el = await render();
    const expected: Array<[string, string]> = [
      ['fr-BE', fr['otp.send']],
      ['de-AT', de['otp.send']],
      ['it', italian['otp.send']],
      ['nl-NL', nl['otp.send']],
      ['pt-PT', pt['otp.send']],
      ['pt-BR', pt['otp.send']],
    ];
    for (const [lang, text] of expected) {
      document.documentElement.lang = lang;
      await settle(el);
      expect(sendText(el), lang).to.equal(text);
    }
    expect(new Set(expected.map(([, text]) => text)).size, 'five different texts').to.equal(5);
  });
});
