import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayAccountRecoveryElement } from '../src/account-recovery/account-recovery.js';
import '../src/define/pay-account-recovery.js';
import '../src/translations/fr.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import {
  expectAccessible,
  fixture,
  hasState,
  html,
  lightInput,
  maybePart,
  nextEvent,
  part,
  pressEnter,
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';

/** The sandbox's liveness status follows its clock: INITIATED, then PENDING_REVIEW, each this long. */
const STEP_MS = 2_100;

describe('<pay-account-recovery>', () => {
  setupElementTests();
  const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
  const settled = async (el: PayAccountRecoveryElement, state: string) => {
    await until(() => hasState(el, state) && !hasState(el, 'busy'), state, 6000);
    await el.updateComplete;
  };
  /** A sandbox on a clock the test moves, and a customer in an SCA region. */
  const setup = async (customer: Record<string, unknown> = {}) => {
    let clock = Date.now();
    const chain = await sandboxChain({ region: 'DE', ...customer }, { now: () => clock });
    return { chain, advance: (ms: number) => void (clock += ms) };
  };
  const mount = (chain: SandboxChain, attrs: { lang?: string; resetId?: string } = {}) =>
    fixture<PayAccountRecoveryElement>(
      html`<pay-account-recovery
        .client=${chain.client}
        customer-id=${chain.customerId}
        reset-id=${attrs.resetId ?? ''}
        poll-interval="500"
        lang=${attrs.lang ?? 'en'}
      ></pay-account-recovery>`,
    );

  it('resets a lost phone number: the check runs, is reviewed, passes, and the new number is set', async () => {
    const { chain, advance } = await setup();
    const el = await mount(chain);
    await settled(el, 'choose');
    const choices = [...el.shadowRoot!.querySelectorAll('[part~="choice"]')].map(text);
    expect(choices, 'only what the customer has: the verified phone').to.deep.equal(['My phone number']);
    await expectAccessible(el, 'choose');

    const started = nextEvent<CustomEvent>(document, 'pay-account-recovery-started');
    await pressEnter(part<HTMLButtonElement>(el, 'start-button'));
    const { resetId, factor } = (await started).detail;
    expect(factor).to.equal('SMS_OTP');
    expect(resetId).to.be.a('string').and.not.equal('');
    await settled(el, 'waiting');
    expect(text(part(el, 'status'))).to.equal('Your identity check has started.');
    expect(maybePart(el, 'verify-link'), 'the sandbox has no liveness page to open').to.equal(null);
    await expectAccessible(el, 'waiting');

    advance(STEP_MS);
    await until(() => text(part(el, 'status')) === 'Your identity check is being reviewed.', 'the review', 4000);
    advance(STEP_MS);
    await settled(el, 'passed');
    expect(text(part(el, 'status'))).to.contain('your identity is confirmed');
    await expectAccessible(el, 'passed');

    // the new number in the shared phone field (light DOM, so autofill sees it); no doubled keys (WebKit)
    await typeInto(lightInput(el, 'field-input'), '+49 170 2345678');
    const completed = nextEvent<CustomEvent>(document, 'pay-account-recovery-completed');
    await pressEnter(part<HTMLButtonElement>(el, 'finish-button'));
    expect((await completed).detail).to.deep.equal({ resetId, factor: 'SMS_OTP' });
    await settled(el, 'done');
    expect(text(part(el, 'success'))).to.equal('Your new phone number is set.');
    expect(el.shadowRoot!.activeElement === part(el, 'success'), 'focus on the outcome').to.equal(true);
    const customer = await chain.platform('GET', `/customers/${chain.customerId}`);
    expect(customer.phoneNumber).to.equal('+491702345678');
  });

  it('removes a lost passkey (chosen among the factors) once the check passed, in French', async () => {
    const { chain, advance } = await setup({ region: 'FR' });
    const passkey = { credentialId: 'cred-9', publicKey: new Uint8Array(65), counter: 0, transports: [] };
    chain.sandbox.state.sca.put({
      id: chain.customerId,
      failures: 0,
      factors: [{ factor: 'PASSKEY', enrolledAt: Date.now(), passkey }],
    });
    const el = await mount(chain, { lang: 'fr' });
    await settled(el, 'choose');
    const radios = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="choice"] input')];
    expect([...el.shadowRoot!.querySelectorAll('[part~="choice"]')].map(text)).to.deep.equal([
      'Mon numéro de téléphone',
      'Ma clé d’accès',
    ]);
    radios[1]!.click();
    await pressEnter(part<HTMLButtonElement>(el, 'start-button'));
    await settled(el, 'waiting');
    advance(2 * STEP_MS);
    await settled(el, 'passed');
    expect(el.querySelector('[slot="field-input"] input'), 'no phone field for a passkey').to.equal(null);
    await pressEnter(part<HTMLButtonElement>(el, 'finish-button'));
    await settled(el, 'done');
    expect(text(part(el, 'success'))).to.equal(
      'Votre ancienne clé d’accès est retirée. Ajoutez-en une nouvelle pour l’utiliser.',
    );
    expect(chain.sandbox.state.sca.get(chain.customerId)!.factors ?? []).to.deep.equal([]);
  });

  it('says nothing changed when the check is rejected, and starts again from the choice (also after a move)', async () => {
    const { chain, advance } = await setup({ platformCustomerId: `page-${crypto.randomUUID()}-liveness-rejected` });
    const el = await mount(chain);
    await settled(el, 'choose');
    await pressEnter(part<HTMLButtonElement>(el, 'start-button'));
    await settled(el, 'waiting');
    // moved in the page (a framework re-parenting it): the reset under way stays, read again by its id
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await settled(el, 'waiting');
    advance(2 * STEP_MS);
    await settled(el, 'rejected');
    expect(text(part(el, 'notice'))).to.match(/^We couldn’t confirm it’s you, so nothing was changed\./);
    expect(maybePart(el, 'error'), 'news, not an error').to.equal(null);
    await expectAccessible(el, 'rejected');
    await pressEnter(part<HTMLButtonElement>(el, 'again-button'));
    await settled(el, 'choose');
  });

  it('shows a reset the page kept (reset-id), which expires; the sixth start in a day is refused with the wait', async () => {
    const { chain, advance } = await setup();
    const query = `?customerId=${encodeURIComponent(chain.customerId)}`;
    const starts = [];
    for (let i = 0; i < 5; i++)
      starts.push(await chain.platform('POST', `/sca/factors/reset${query}`, { factor: 'SMS_OTP' }));
    const el = await mount(chain, { resetId: starts[4].resetId });
    await settled(el, 'waiting');
    expect(text(part(el, 'status'))).to.equal('Your identity check has started.');
    advance(16 * 60_000);
    await settled(el, 'expired');
    expect(text(part(el, 'notice'))).to.equal('This reset expired before it was finished. Nothing was changed.');

    await pressEnter(part<HTMLButtonElement>(el, 'again-button'));
    await settled(el, 'choose');
    expect(el.resetId, 'the kept reset is over').to.equal(undefined);
    await pressEnter(part<HTMLButtonElement>(el, 'start-button'));
    await until(() => hasState(el, 'error') && !hasState(el, 'busy'), 'the refusal');
    expect(text(part(el, 'error'))).to.match(/Too many attempts/i);
    expect(hasState(el, 'choose'), 'still on the choice').to.equal(true);
  });
});
