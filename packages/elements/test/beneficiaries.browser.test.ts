import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayBeneficiariesElement } from '../src/beneficiaries/beneficiaries.js';
import '../src/define/pay-beneficiaries.js';
import '../src/translations/fr.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  lightInput,
  maybePart,
  nextEvent,
  paste,
  part,
  pressEnter,
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';

/** A customer (in `region`) with two bank-account payees: Lena Vogel (…0142) and Omar Haddad (…7781). */
async function payees(region?: string): Promise<SandboxChain> {
  const chain = await sandboxChain(region ? { region } : {});
  for (const [fullName, accountNumber] of [
    ['Lena Vogel', '123450142'],
    ['Omar Haddad', '123457781'],
  ])
    await chain.platform('POST', '/customers/external-accounts', {
      customerId: chain.customerId,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber,
        routingNumber: '021000021',
        bankAccountType: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName },
      },
    });
  return chain;
}

describe('<pay-beneficiaries>', () => {
  setupElementTests();
  const rows = (el: PayBeneficiariesElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="payee"]')];
  const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
  const idle = async (el: PayBeneficiariesElement) => {
    await until(() => !hasState(el, 'loading') && !hasState(el, 'busy'), 'the element to settle');
    await el.updateComplete;
  };

  it('lists payees masked, trusts one with the texted code (a wrong code first), then stops trusting it', async () => {
    const chain = await payees('DE');
    const el = await fixture<PayBeneficiariesElement>(
      html`<pay-beneficiaries .client=${chain.client} customer-id=${chain.customerId}></pay-beneficiaries>`,
    );
    await idle(el);
    expect(rows(el).map(text)).to.deep.equal(['Lena Vogel •••• 0142 · USD Trust', 'Omar Haddad •••• 7781 · USD Trust']);
    expect(el.shadowRoot!.innerHTML).to.not.contain('123450142'); // masked: the full number is never in the page
    await expectAccessible(el, 'list');

    await pressEnter(part<HTMLButtonElement>(el, 'trust-button'));
    await idle(el);
    expect(hasState(el, 'confirming')).to.equal(true);
    expect(text(part(el, 'confirm'))).to.contain('Trust Lena Vogel?');
    expect(part(el, 'confirm-button').className).to.contain('button--primary');
    await expectAccessible(el, 'confirming');
    await typeInto(lightInput(el), '654321');
    await idle(el);
    await until(() => hasState(el, 'error'), 'the wrong code');
    expect(text(el)).to.contain('That code isn’t right. 4 tries left.');

    const changed = nextEvent<CustomEvent>(document, 'pay-beneficiary-trust-changed');
    paste(lightInput(el), '123456');
    expect((await changed).detail).to.deep.equal({ externalAccountId: (await list(chain))[0].id, trusted: true });
    await idle(el);
    expect(text(rows(el)[0]!))
      .to.contain('Lena Vogel Trusted')
      .and.contain('Lena Vogel is now trusted.');
    expect(announced(el)).to.contain('Lena Vogel is now trusted.');
    expect((await list(chain))[0].trusted).to.equal(true);

    // untrust: never the primary style, neither the row's button nor the confirmation's
    const untrust = part<HTMLButtonElement>(el, 'untrust-button');
    expect(untrust.className).to.not.contain('button--primary');
    await pressEnter(untrust);
    await idle(el);
    expect(text(part(el, 'confirm'))).to.contain('Stop trusting Lena Vogel?');
    expect(part(el, 'confirm-button').className).to.not.contain('button--primary');
    paste(lightInput(el), '123456');
    await until(() => !!maybePart(el, 'success') && !hasState(el, 'confirming'), 'the untrust');
    expect(text(part(el, 'success'))).to.equal('Lena Vogel is no longer trusted.');
    expect((await list(chain)).map((p: { trusted: boolean }) => p.trusted)).to.deep.equal([false, false]);
    expect(chain.forwarded.filter((p) => /trust/.test(p))).to.have.length(5);
  });

  it('says when trusting is not needed (outside SCA regions), in French; shows the empty list', async () => {
    const chain = await payees();
    const el = await fixture<PayBeneficiariesElement>(
      html`<pay-beneficiaries .client=${chain.client} customer-id=${chain.customerId} lang="fr"></pay-beneficiaries>`,
    );
    await idle(el);
    await pressEnter(part<HTMLButtonElement>(el, 'trust-button'));
    await idle(el);
    expect(hasState(el, 'confirming')).to.equal(false);
    expect(text(part(el, 'error'))).to.equal(
      'Votre compte n’a pas besoin de bénéficiaires de confiance : les paiements ne demandent pas de code.',
    );
    const empty = await sandboxChain();
    const none = await fixture<PayBeneficiariesElement>(
      html`<pay-beneficiaries .client=${empty.client} customer-id=${empty.customerId}></pay-beneficiaries>`,
    );
    await idle(none);
    expect(hasState(none, 'empty')).to.equal(true);
    expect(text(part(none, 'empty'))).to.equal('No payees yet.');
  });
});

async function list(chain: SandboxChain) {
  return (
    await chain.platform('GET', `/customers/external-accounts?customerId=${encodeURIComponent(chain.customerId)}`)
  ).data;
}
