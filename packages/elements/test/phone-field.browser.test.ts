import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { WalletClient } from '@paykit/crypto-core';
import { beforeEach, describe, it } from '@paykit/test-harness/suite';
import type { PayAuthMethodsElement } from '../src/auth-methods/auth-methods.js';
import '../src/define/pay-auth-methods.js';
import '../src/translations/es.js';
import { CUSTOMER_ID, withAccountService, type AccountService } from './helpers/account-service.js';
import { ACCOUNT_ID } from './helpers/fake-service.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  part,
  paste,
  pressEnter,
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';

/** The shared phone field (country list with flag, E.164), driven through <pay-auth-methods>' text-message form. */
describe('phone field (in <pay-auth-methods>)', () => {
  const t = setupElementTests();
  let account: AccountService;
  beforeEach(() => void (account = withAccountService(t.fake)));

  const open = async (client: WalletClient, attrs: { country?: string; locale?: string } = {}) => {
    const el = await fixture<PayAuthMethodsElement>(
      html`<pay-auth-methods
        .client=${client}
        customer-id=${CUSTOMER_ID}
        default-country=${attrs.country ?? ''}
        locale=${attrs.locale ?? 'en'}
      ></pay-auth-methods>`,
    );
    await until(() => hasState(el, 'ready'), 'the list');
    const add = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="add-button"]')].find((b) =>
      b.textContent!.includes(attrs.locale?.startsWith('es') ? 'SMS' : 'Text message'),
    )!;
    await pressEnter(add);
    await until(() => !!el.querySelector('input[type="tel"]'), 'the phone form');
    await el.updateComplete;
    const input = el.querySelector<HTMLInputElement>('input[type="tel"]')!;
    const select = el.querySelector('select')!;
    const countryLabel = select.labels![0]!;
    return { el, input, select, countryLabel };
  };
  /** The numbers set on the customer (each signed retry's legs carry the same body). */
  const added = () =>
    t.fake
      .calls(`PATCH /customers/${encodeURIComponent(CUSTOMER_ID)}`)
      .map((c) => JSON.parse(c.body!) as { phoneNumber?: string })
      .filter((body, i, all) => i === 0 || JSON.stringify(body) !== JSON.stringify(all[i - 1]));

  it('starts from default-country, groups the digits when focus leaves, and sends E.164', async () => {
    const { el, input, select, countryLabel } = await open(await account.signedInClient(), { country: 'gb' });
    expect(select.value).to.equal('GB');
    expect(countryLabel.textContent).to.contain('\u{1F1EC}\u{1F1E7}'); // the flag, beside the list's name
    expect(select.selectedOptions[0]!.textContent).to.equal('United Kingdom (+44)');
    expect(input.getRootNode()).to.equal(document); // light DOM: autofill sees it
    expect(input.autocomplete).to.equal('tel');
    await typeInto(input, '07912345678'); // the UK trunk 0, typed at home
    await sendKeys({ press: 'Tab' }); // focus leaves: the number is tidied
    expect(input.value).to.equal('791 234 5678');
    expect(el.ownerDocument.activeElement).to.not.equal(input);
    await pressEnter(input);
    await until(() => hasState(el, 'verify'), 'the code field');
    // a signed retry: both legs carry the same body
    expect(added()[0]).to.deep.equal({ customerType: 'INDIVIDUAL', phoneNumber: '+447912345678' });
  });

  it('takes the default region from the locale, names countries in its language', async () => {
    const { select } = await open(await account.signedInClient(), { locale: 'es-ES' });
    expect(select.value).to.equal('ES');
    expect(select.selectedOptions[0]!.textContent).to.equal('España (+34)');
    expect([...select.options].find((o) => o.value === 'GB')!.textContent).to.equal('Reino Unido (+44)');
    expect(select.labels![0]!.textContent).to.contain('País o región');
    // sorted as Spanish sorts: an accented letter beside its letter ("Túnez" before "Turquía"), not after "z"
    const names = [...select.options].slice(1).map((o) => o.textContent!.replace(/ \(\+\d+\)$/, ''));
    expect(names).to.deep.equal([...names].sort(new Intl.Collator('es-ES').compare));
    expect(names.indexOf('Túnez')).to.be.within(0, names.indexOf('Turquía'));
  });

  it('has no region for a locale without one, until a +number picks it', async () => {
    const { el, input, select, countryLabel } = await open(await account.signedInClient());
    expect(select.value).to.equal('');
    await typeInto(input, '+351');
    await el.updateComplete;
    expect(select.value).to.equal('PT');
    expect(countryLabel.textContent).to.contain('\u{1F1F5}\u{1F1F9}');
  });

  it('a pasted +E.164 number picks its country, even over another chosen one', async () => {
    const { el, input, select } = await open(await account.signedInClient(), { country: 'US' });
    paste(input, '+44 7912 345678');
    await el.updateComplete;
    expect(select.value).to.equal('GB');
    expect(input.value).to.equal('791 234 5678');
    // a shared code keeps the chosen region: Canada stays Canada for +1
    select.value = 'CA';
    select.dispatchEvent(new Event('change'));
    input.value = '';
    paste(input, '+1 (604) 555-0123');
    await el.updateComplete;
    expect(select.value).to.equal('CA');
    expect(input.value).to.equal('604 555 0123');
    await pressEnter(input);
    await until(() => added().length > 0, 'the add call');
    expect(added()[0]!.phoneNumber).to.equal('+16045550123');
  });

  it('says what is wrong under the input, announces it, and calls nothing', async () => {
    const { el, input } = await open(await account.signedInClient(), { country: 'GB' });
    const error = () => el.querySelector<HTMLElement>('.pay-field__error')!.textContent!.trim();
    await pressEnter(input);
    await el.updateComplete;
    expect(error()).to.equal('Enter your mobile number.');
    await typeInto(input, '791234');
    await pressEnter(input);
    await el.updateComplete;
    expect(error()).to.equal('This number is too short for United Kingdom.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(el.querySelector('.pay-field__error')!.id);
    expect(announced(el)).to.contain('too short for United Kingdom');
    expect(el.ownerDocument.activeElement).to.equal(input);
    await expectAccessible(el, 'phone error');
    await typeInto(input, '5678901');
    await el.updateComplete;
    expect(error()).to.equal(''); // an edit clears it
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    await pressEnter(input);
    await el.updateComplete;
    expect(error()).to.equal('This number is too long for United Kingdom.');
    expect(t.fake.calls('POST /auth/credentials')).to.have.length(0);
  });

  it('is keyboard complete: Tab goes from the list to the number, a typed +code picks its country, Enter submits', async () => {
    const { el, input, select } = await open(await account.signedInClient(), { country: 'DE' });
    await expectAccessible(el, 'phone form');
    select.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.ownerDocument.activeElement).to.equal(input);
    await sendKeys({ type: '+34612345678' }); // no key twice in a row: WebKit's driver drops a repeated key
    await el.updateComplete;
    expect(select.value).to.equal('ES');
    await sendKeys({ press: 'Enter' });
    await until(() => added().length > 0, 'the add call');
    expect(added()[0]!.phoneNumber).to.equal('+34612345678');
  });

  it('the arrow keys change the country, its flag follows', async () => {
    const { el, select, countryLabel } = await open(await account.signedInClient(), { country: 'FR' });
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await until(() => select.value !== 'FR', 'the next country');
    await el.updateComplete;
    const next = select.value;
    expect(countryLabel.textContent).to.not.contain('\u{1F1EB}\u{1F1F7}');
    expect(countryLabel.textContent).to.contain(
      String.fromCodePoint(...[...next].map((c) => 0x1f1a5 + c.charCodeAt(0))),
    );
  });

  it('Cancel forgets the number and the chosen country', async () => {
    const { el, input } = await open(await account.signedInClient(), { country: 'GB' });
    paste(input, '+33 6 12 34 56 78');
    await el.updateComplete;
    await pressEnter(part(el, 'cancel-button'));
    await until(() => !el.querySelector('input[type="tel"]'), 'the form closed');
    const add = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="add-button"]')].find((b) =>
      b.textContent!.includes('Text message'),
    )!;
    await pressEnter(add);
    await until(() => !!el.querySelector('input[type="tel"]'), 'the phone form');
    await el.updateComplete;
    expect(el.querySelector('select')!.value).to.equal('GB');
    expect(el.querySelector<HTMLInputElement>('input[type="tel"]')!.value).to.equal('');
  });
});
