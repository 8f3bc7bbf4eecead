import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { WalletClient } from '@paykit/crypto-core';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayWalletExportElement } from '../src/wallet-export/wallet-export.js';
import { MNEMONIC } from './helpers/fake-service.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  maybePart,
  nextEvent,
  part,
  pressEnter,
  setPageVisibility,
  until,
  setupElementTests,
  typeInto,
} from './helpers/dom.js';
import '../src/define/pay-wallet-export.js';

const WORDS = MNEMONIC.split(' ');

describe('<pay-wallet-export>', () => {
  const t = setupElementTests();

  const render = (client: WalletClient, revealTimeout = 120): Promise<PayWalletExportElement> =>
    fixture<PayWalletExportElement>(
      html`<pay-wallet-export .client=${client} reveal-timeout=${revealTimeout}></pay-wallet-export>`,
    );

  /** Everything a person or a script could read off the element: its shadow and light DOM text. */
  const visibleText = (el: Element): string => `${el.shadowRoot?.textContent ?? ''} ${el.textContent ?? ''}`;

  /**
   * Confirms and exports with the keyboard (a real gesture: a script's click does not start an export).
   * With `hold`, the bundle is held until the key press is over, so a short reveal-timeout cannot run out
   * during the driver's round trip.
   */
  async function exportToReady(el: PayWalletExportElement, options: { hold?: boolean } = {}): Promise<void> {
    const checkbox = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    checkbox.focus();
    await sendKeys({ press: ' ' }); // the space bar ('Space' is not a key name everywhere)
    await el.updateComplete;
    expect(checkbox.checked).to.equal(true);
    const complete = nextEvent(el, 'pay-export-complete');
    const signed = options.hold ? t.fake.gate('POST /internal-accounts/*/export', 2) : undefined;
    await pressEnter(part(el, 'start-button'));
    if (signed) {
      await signed.reached;
      signed.release();
    }
    await complete;
    await el.updateComplete;
    expect(hasState(el, 'ready')).to.equal(true);
  }

  it('asks for an explicit confirmation before exporting', async () => {
    const el = await render(await t.fake.signedInClient());
    expect(part(el, 'warning').textContent).to.contain('Never share it');
    const start = part<HTMLButtonElement>(el, 'start-button');
    expect(start.disabled).to.equal(true);
    const checkbox = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(checkbox.closest('label')!.textContent).to.contain(
      'I understand anyone with these words controls the wallet',
    );
    await expectAccessible(el, 'confirmation');
    expect(t.fake.calls('POST /internal-accounts/*/export')).to.have.length(0);
  });

  /** Ticks the page through a few macrotasks, so a started export would have reached the service. */
  const settle = async (el: PayWalletExportElement): Promise<void> => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await el.updateComplete;
  };

  it("a script cannot start an export: .click(), a dispatched click, or a .click() inside the user's key press", async () => {
    const el = await render(await t.fake.signedInClient());
    el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await el.updateComplete;
    const start = part<HTMLButtonElement>(el, 'start-button');
    expect(start.disabled).to.equal(false);
    start.click();
    start.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await settle(el);
    expect(hasState(el, 'confirm'), 'still asking after scripted clicks').to.equal(true);
    // A page script that clicks for the user while they press a key elsewhere (transient activation is live)
    const elsewhere = document.createElement('input');
    elsewhere.setAttribute('aria-label', 'elsewhere');
    document.body.append(elsewhere);
    const clickForThem = (): void => part(el, 'start-button').click();
    elsewhere.addEventListener('keydown', clickForThem);
    try {
      await typeInto(elsewhere, 'a');
      await settle(el);
    } finally {
      elsewhere.removeEventListener('keydown', clickForThem);
      elsewhere.remove();
    }
    expect(hasState(el, 'confirm'), 'still asking after a click inside a gesture elsewhere').to.equal(true);
    expect(t.fake.calls('POST /internal-accounts/*/export')).to.have.length(0);
    // The person's own press starts it.
    const complete = nextEvent(el, 'pay-export-complete');
    await pressEnter(part(el, 'start-button'));
    await complete;
    expect(t.fake.calls('POST /internal-accounts/*/export')).to.have.length(2);
    t.leaks.assertClean(el);
  });

  it('a press the engine reports without user activation does not start an export', async () => {
    const el = await render(await t.fake.signedInClient());
    el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await el.updateComplete;
    // Stands for an engine whose navigator.userActivation says the activation was used up or never given.
    Object.defineProperty(navigator, 'userActivation', {
      configurable: true,
      value: { isActive: false, hasBeenActive: true },
    });
    try {
      await pressEnter(part(el, 'start-button'));
      await settle(el);
    } finally {
      delete (navigator as { userActivation?: unknown }).userActivation;
    }
    expect(hasState(el, 'confirm')).to.equal(true);
    expect(t.fake.calls('POST /internal-accounts/*/export')).to.have.length(0);
  });

  it('shows progress while the service is PROCESSING, then the phrase masked until Reveal', async () => {
    t.fake.settings.exportProcessingRounds = 3;
    // call 1 is the unsigned leg, 2 the signed one (PROCESSING), 3 the first resend: hold each in turn
    const signed = t.fake.gate('POST /internal-accounts/*/export', 2);
    const el = await render(await t.fake.signedInClient());
    const checkbox = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    checkbox.click();
    await el.updateComplete;
    await pressEnter(part(el, 'start-button'));
    await signed.reached;
    await el.updateComplete;
    expect(hasState(el, 'exporting')).to.equal(true);
    expect(part(el, 'progress').getAttribute('aria-valuetext')).to.contain('Preparing your recovery phrase');
    const resend = t.fake.gate('POST /internal-accounts/*/export', 1);
    signed.release();
    await resend.reached;
    await el.updateComplete;
    expect(part(el, 'progress').getAttribute('aria-valuetext')).to.contain('Still preparing');
    await expectAccessible(el, 'exporting');
    resend.release();
    await until(() => hasState(el, 'ready'), 'the phrase', 8000);
    await el.updateComplete;
    expect(t.fake.calls('POST /internal-accounts/*/export')).to.have.length(5); // 202, 3 × PROCESSING, bundle

    const grid = part(el, 'grid');
    expect(grid.getAttribute('translate')).to.equal('no');
    expect(grid.getAttribute('autocomplete')).to.equal('off');
    expect(grid.querySelectorAll('[part="word"]')).to.have.length(12);
    for (const word of WORDS) expect(visibleText(el)).to.not.contain(word);
    expect(grid.textContent).to.contain('••••');
    expect(t.leaks.of('pay-export-complete').map((e) => e.detail)).to.deep.equal([null]);
    await expectAccessible(el, 'masked');

    await pressEnter(part(el, 'reveal-button'));
    await el.updateComplete;
    expect(hasState(el, 'revealed')).to.equal(true);
    expect([...grid.querySelectorAll('.word__value')].map((n) => n.textContent)).to.deep.equal(WORDS);
    const style = getComputedStyle(grid) as CSSStyleDeclaration & { webkitUserSelect?: string };
    expect(style.userSelect || style.webkitUserSelect).to.equal('all');
    expect(announced(el)).to.contain('Recovery phrase shown');
    await expectAccessible(el, 'revealed');
    t.leaks.assertClean(el);
  });

  it('Escape masks the revealed words again, focus staying on Reveal', async () => {
    const el = await render(await t.fake.signedInClient());
    await exportToReady(el);
    await pressEnter(part(el, 'reveal-button'));
    await el.updateComplete;
    expect(visibleText(el)).to.contain(WORDS[4]!);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    for (const word of WORDS) expect(visibleText(el)).to.not.contain(word);
    expect(hasState(el, 'revealed')).to.equal(false);
    expect(part(el, 'reveal-button').textContent?.trim()).to.equal('Reveal');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'reveal-button'));
    expect(announced(el)).to.contain('Recovery phrase hidden.');
  });

  it('wipes the phrase on Done', async () => {
    const el = await render(await t.fake.signedInClient());
    await exportToReady(el);
    await pressEnter(part(el, 'reveal-button'));
    await el.updateComplete;
    expect(visibleText(el)).to.contain(WORDS[4]!);
    await pressEnter(part(el, 'close-button'));
    await el.updateComplete;
    expect(maybePart(el, 'grid')).to.equal(null);
    for (const word of WORDS) expect(visibleText(el)).to.not.contain(word);
    expect(hasState(el, 'closed')).to.equal(true);
    expect(t.leaks.of('pay-export-closed').map((e) => e.detail)).to.deep.equal([{ reason: 'closed' }]);
    await expectAccessible(el, 'closed');
    // nothing left to copy: the phrase is gone from memory too
    t.leaks.assertClean(el);
  });

  it('wipes the phrase when the element leaves the page', async () => {
    const el = await render(await t.fake.signedInClient());
    await exportToReady(el);
    await pressEnter(part(el, 'reveal-button'));
    await el.updateComplete;
    expect(visibleText(el)).to.contain(WORDS[4]!);
    const parent = el.parentNode!;
    el.remove();
    await el.updateComplete;
    expect(maybePart(el, 'grid') === null, 'no grid while detached').to.equal(true);
    for (const word of WORDS) expect(visibleText(el)).to.not.contain(word);
    parent.appendChild(el);
    await el.updateComplete;
    expect(hasState(el, 'closed')).to.equal(true);
    for (const word of WORDS) expect(visibleText(el)).to.not.contain(word);
    t.leaks.assertClean(el);
  });

  it('moves keyboard focus to the next control when its button goes (Export, Done, Start again)', async () => {
    const el = await render(await t.fake.signedInClient());
    await exportToReady(el);
    expect(
      el.shadowRoot!.activeElement === part(el, 'reveal-button'),
      'focus on Reveal once the phrase is there',
    ).to.equal(true);
    await pressEnter(part(el, 'close-button'));
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement === part(el, 'restart-button'), 'focus on "Start again"').to.equal(true);
    await pressEnter(part(el, 'restart-button'));
    await el.updateComplete;
    expect(
      el.shadowRoot!.activeElement === el.shadowRoot!.querySelector('input[type="checkbox"]'),
      'focus on the confirmation',
    ).to.equal(true);
  });

  it('wipes the phrase after reveal-timeout seconds', async () => {
    const el = await render(await t.fake.signedInClient(), 1);
    await exportToReady(el, { hold: true });
    expect(part(el, 'timer').textContent).to.contain('Hides automatically in 1 s');
    await until(() => hasState(el, 'closed'), 'the timeout', 3000);
    await el.updateComplete;
    expect(maybePart(el, 'grid')).to.equal(null);
    expect(t.leaks.of('pay-export-closed').map((e) => e.detail)).to.deep.equal([{ reason: 'timeout' }]);
  });

  it('wipes the phrase when the tab is hidden', async () => {
    const el = await render(await t.fake.signedInClient());
    await exportToReady(el);
    await pressEnter(part(el, 'reveal-button'));
    await el.updateComplete;
    setPageVisibility('hidden');
    await el.updateComplete;
    expect(maybePart(el, 'grid')).to.equal(null);
    for (const word of WORDS) expect(visibleText(el)).to.not.contain(word);
    expect(t.leaks.of('pay-export-closed').map((e) => e.detail)).to.deep.equal([{ reason: 'hidden' }]);
    expect(part(el, 'base').textContent).to.contain('because you left the page');
  });

  it('copies the phrase to the clipboard and says so, without revealing it', async () => {
    const written: string[] = [];
    const clipboard = { writeText: (text: string) => (written.push(text), Promise.resolve()) };
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
    try {
      const el = await render(await t.fake.signedInClient());
      await exportToReady(el);
      await pressEnter(part(el, 'copy-button'));
      await until(() => written.length === 1, 'the clipboard write');
      expect(written[0]).to.equal(MNEMONIC);
      await el.updateComplete;
      expect(announced(el)).to.contain('Copied');
      expect(hasState(el, 'revealed')).to.equal(false);
      t.leaks.assertClean(el);
    } finally {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it("reports a failed export and asks for a sign-in when there's no session", async () => {
    const el = await render(t.fake.client());
    el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await el.updateComplete;
    await pressEnter(part(el, 'start-button'));
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(part(el, 'error').textContent).to.contain('Sign in first.');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'NO_SESSION' }]);
    expect(hasState(el, 'confirm')).to.equal(true);
    await expectAccessible(el, 'error');

    const signedIn = await render(await t.fake.signedInClient());
    t.fake.script('POST /internal-accounts/*/export', 'network-error');
    signedIn.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await signedIn.updateComplete;
    await pressEnter(part(signedIn, 'start-button'));
    await until(() => maybePart(signedIn, 'error') !== null, 'the network error');
    expect(part(signedIn, 'error').textContent).to.contain('Can’t reach the server');
  });
});
