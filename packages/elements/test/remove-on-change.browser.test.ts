/**
 * The pattern most pages use: a listener to the client's state change (`client.subscribe`) removes the
 * element (the login once signed in, the export and the card once signed out), and the element's event
 * that goes with that change must still reach `document`. The client tells its subscribers before the
 * element dispatches, so each element is gone by then; every test here fails if the event is only
 * dispatched on the detached element. Each also checks the element's own listener hears the event once.
 */
import { expect } from 'chai';
import { passkeysSupported, type WalletClient } from '@paykit/crypto-core';
import { describe, it, itWhen } from '@paykit/test-harness/suite';
import { PayCardHiddenEvent } from '../src/card-reveal/card-reveal-events.js';
import { PayExportClosedEvent } from '../src/wallet-export/wallet-export-events.js';
import { PayScaCompleteEvent } from '../src/sca-challenge/sca-challenge-events.js';
import { PaySessionEvent } from '../src/shared/events.js';
import type { PayCardRevealElement } from '../src/card-reveal/card-reveal.js';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import type { PayPasskeyLoginElement } from '../src/passkey-login/passkey-login.js';
import type { PayScaChallengeElement } from '../src/sca-challenge/sca-challenge.js';
import type { PayWalletExportElement } from '../src/wallet-export/wallet-export.js';
import {
  EMAIL_CREDENTIAL,
  OTP_CODE,
  PAN_ORIGIN,
  PASSKEY_CREDENTIAL,
  SCA_CODE,
  pendingQuote,
} from './helpers/fake-service.js';
import {
  fixture,
  hasState,
  html,
  lightInput,
  nextEvent,
  part,
  pressEnter,
  setupElementTests,
  stubCredentialsGet,
  typeInto,
  until,
} from './helpers/dom.js';
import '../src/define/pay-card-reveal.js';
import '../src/define/pay-otp-login.js';
import '../src/define/pay-passkey-login.js';
import '../src/define/pay-sca-challenge.js';
import '../src/define/pay-wallet-export.js';

/** What `document` and the element itself heard of `type`: every listener must hear an event once. */
function listen(el: Element, type: string): { onDocument: Event[]; onElement: Event[]; stop(): void } {
  const onDocument: Event[] = [];
  const onElement: Event[] = [];
  const doc = (event: Event): void => void onDocument.push(event);
  const own = (event: Event): void => void onElement.push(event);
  document.addEventListener(type, doc);
  el.addEventListener(type, own);
  return { onDocument, onElement, stop: () => document.removeEventListener(type, doc) };
}

/** Removes `el` from the page when the client's session starts (`signedIn`) or ends. */
function removeOn(client: WalletClient, el: Element, when: 'signed-in' | 'signed-out'): () => void {
  return client.subscribe((session) => {
    if (!!session === (when === 'signed-in')) el.remove();
  });
}

const webAuthn = passkeysSupported();

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** A `navigator.credentials.get` answer the fake service accepts: clientDataJSON carries the challenge. */
function assertionFor(options: CredentialRequestOptions): unknown {
  const challenge = new Uint8Array(options.publicKey!.challenge as ArrayBuffer);
  const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
  return {
    id: 'cred-1',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes(
        JSON.stringify({ type: 'webauthn.get', challenge: base64Url(challenge), origin: location.origin }),
      ),
      authenticatorData: bytes('auth'),
      signature: bytes('sig'),
      userHandle: null,
    },
    getClientExtensionResults: () => ({}),
  };
}

describe('an element removed by a listener to the client state change still reaches document', () => {
  const t = setupElementTests();

  it('<pay-otp-login>: pay-session, when client.subscribe removes the login once signed in', async () => {
    const client = t.fake.client();
    const el = await fixture<PayOtpLoginElement>(
      html`<pay-otp-login .client=${client} auth-method-id=${EMAIL_CREDENTIAL}></pay-otp-login>`,
    );
    const heard = listen(el, 'pay-session');
    t.cleanup(heard.stop);
    t.cleanup(removeOn(client, el, 'signed-in'));
    part(el, 'send-button').click();
    await until(() => hasState(el, 'code-sent'), 'the code step');
    await el.updateComplete;
    await typeInto(lightInput(el), OTP_CODE);
    await until(() => heard.onDocument.length > 0, 'pay-session on document');
    expect(el.isConnected, 'removed by the subscriber').to.equal(false);
    const event = heard.onDocument[0]!;
    expect(event instanceof PaySessionEvent).to.equal(true);
    expect((event as PaySessionEvent).detail.session.id).to.equal(client.session?.id);
    expect(heard.onDocument.length).to.equal(1);
    expect(heard.onElement.length).to.equal(1);
  });

  itWhen(
    webAuthn,
    'no WebAuthn in this engine',
    '<pay-passkey-login>: pay-session, when client.subscribe removes the login once signed in',
    async () => {
      t.cleanup(stubCredentialsGet((options) => Promise.resolve(assertionFor(options))));
      const client = t.fake.client();
      const el = await fixture<PayPasskeyLoginElement>(
        html`<pay-passkey-login .client=${client} auth-method-id=${PASSKEY_CREDENTIAL}></pay-passkey-login>`,
      );
      const heard = listen(el, 'pay-session');
      t.cleanup(heard.stop);
      t.cleanup(removeOn(client, el, 'signed-in'));
      part(el, 'passkey-button').click();
      await until(() => heard.onDocument.length > 0 || t.leaks.of('pay-error').length > 0, 'pay-session on document');
      expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([]);
      expect(el.isConnected).to.equal(false);
      expect(heard.onDocument[0] instanceof PaySessionEvent).to.equal(true);
      expect((heard.onDocument[0] as PaySessionEvent).detail.session.type).to.equal('PASSKEY');
      expect([heard.onDocument.length, heard.onElement.length]).to.deep.equal([1, 1]);
    },
  );

  it('<pay-wallet-export>: pay-export-closed, when client.subscribe removes the export once signed out', async () => {
    const client = await t.fake.signedInClient();
    const el = await fixture<PayWalletExportElement>(html`<pay-wallet-export .client=${client}></pay-wallet-export>`);
    el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await el.updateComplete;
    const complete = nextEvent(el, 'pay-export-complete');
    await pressEnter(part(el, 'start-button')); // a real press: a script's click() does not start an export
    await complete;
    const heard = listen(el, 'pay-export-closed');
    t.cleanup(heard.stop);
    t.cleanup(removeOn(client, el, 'signed-out'));
    await client.logout();
    expect(el.isConnected).to.equal(false);
    expect(heard.onDocument.map((e) => e instanceof PayExportClosedEvent && e.detail)).to.deep.equal([
      { reason: 'closed' },
    ]);
    expect(heard.onElement.length).to.equal(1);
  });

  it('<pay-card-reveal>: pay-card-hidden, when client.subscribe removes the card once signed out', async () => {
    const client = await t.fake.signedInClient();
    const el = await fixture<PayCardRevealElement>(
      html`<pay-card-reveal .client=${client} card-id="Card:0191-c1" allowed-origins=${PAN_ORIGIN}></pay-card-reveal>`,
    );
    const revealed = nextEvent(el, 'pay-card-revealed');
    part(el, 'show-button').click();
    await revealed;
    const heard = listen(el, 'pay-card-hidden');
    t.cleanup(heard.stop);
    t.cleanup(removeOn(client, el, 'signed-out'));
    await client.logout();
    expect(el.isConnected).to.equal(false);
    expect(heard.onDocument.map((e) => e instanceof PayCardHiddenEvent && e.detail)).to.deep.equal([
      { cardId: 'Card:0191-c1', reason: 'closed' },
    ]);
    expect(heard.onElement.length).to.equal(1);
  });

  it('reaches document when the subscriber removes a whole section around the element, and the section hears it once', async () => {
    const client = await t.fake.signedInClient();
    const section = await fixture<HTMLElement>(
      html`<section>
        <div>
          <pay-card-reveal .client=${client} card-id="Card:0191-c1" allowed-origins=${PAN_ORIGIN}></pay-card-reveal>
        </div>
      </section>`,
    );
    const el = section.querySelector<PayCardRevealElement>('pay-card-reveal')!;
    await el.updateComplete;
    const revealed = nextEvent(el, 'pay-card-revealed');
    part(el, 'show-button').click();
    await revealed;
    const heard = listen(el, 'pay-card-hidden');
    t.cleanup(heard.stop);
    const onSection: Event[] = [];
    section.addEventListener('pay-card-hidden', (event) => onSection.push(event));
    t.cleanup(removeOn(client, section, 'signed-out'));
    await client.logout();
    expect(section.isConnected).to.equal(false);
    expect(heard.onDocument.length, 'on document').to.equal(1);
    expect(heard.onDocument[0]!.target === document, 'dispatched from the document: the old parent left too').to.equal(
      true,
    );
    expect([onSection.length, heard.onElement.length], 'the detached section and the element').to.deep.equal([1, 1]);
  });

  it('<pay-sca-challenge>: pay-sca-complete settling after client.subscribe removed it on sign-out', async () => {
    const client = await t.fake.signedInClient();
    const el = await fixture<PayScaChallengeElement>(
      html`<pay-sca-challenge
        .client=${client}
        .quote=${pendingQuote()}
        customer-id="Customer:0191-cu"
      ></pay-sca-challenge>`,
    );
    const heard = listen(el, 'pay-sca-complete');
    t.cleanup(heard.stop);
    t.cleanup(removeOn(client, el, 'signed-out'));
    const gate = t.fake.gate('POST /quotes/*/authorize');
    await typeInto(lightInput(el), SCA_CODE);
    await gate.reached;
    await client.logout();
    expect(el.isConnected).to.equal(false);
    gate.release();
    await until(() => heard.onDocument.length > 0, 'pay-sca-complete on document');
    expect(heard.onDocument[0] instanceof PayScaCompleteEvent).to.equal(true);
    expect([heard.onDocument.length, heard.onElement.length]).to.deep.equal([1, 1]);
  });
});
