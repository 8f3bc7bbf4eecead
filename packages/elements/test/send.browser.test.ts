import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PaySendElement } from '../src/send/send.js';
import type { PaySendNewPayeeEvent, PaySendQuotedEvent } from '../src/send/send-events.js';
import '../src/define/pay-send.js';
import { holdTimers } from './helpers/held-timers.js';
import { walletChain, type WalletChain } from './helpers/sandbox-chain.js';
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
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';

// nothing typed here repeats a character twice in a row: WebKit's driver drops the second ('anna' → 'ana')
describe('<pay-send>', () => {
  setupElementTests();
  const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
  const lookups = (chain: WalletChain) => chain.forwarded.filter((p) => p.startsWith('GET /receiver/uma/')).length;
  const select = (el: PaySendElement, id: string, value: string) => {
    const box = el.shadowRoot!.getElementById(id) as HTMLSelectElement;
    box.value = value;
    box.dispatchEvent(new Event('change'));
  };
  async function mount(chain: WalletChain): Promise<PaySendElement> {
    const el = await fixture<PaySendElement>(
      html`<pay-send .client=${chain.client} customer-id=${chain.customerId}></pay-send>`,
    );
    await until(() => hasState(el, 'idle'), 'the wallet');
    return el;
  }
  async function typeAmount(el: PaySendElement, amount: string): Promise<void> {
    const input = part<HTMLInputElement>(el, 'amount-input');
    input.value = '';
    await typeInto(input, amount);
    await el.updateComplete;
  }

  it('looks an UMA address up once typing stops, converts with the live rate either way, and quotes', async () => {
    const chain = await walletChain();
    const el = await mount(chain);
    await typeInto(part(el, 'uma-input'), '$ana@receiver.example');
    await until(() => hasState(el, 'found'), 'the receiver');
    expect(lookups(chain), 'one lookup for the whole address, not one per key').to.equal(1);
    expect(text(part(el, 'status'))).to.equal('$ana@receiver.example receives USD, EUR, MXN.');
    expect(announced(el)).to.equal('$ana@receiver.example receives USD, EUR, MXN.');

    select(el, 'send.currency', 'EUR');
    await until(() => chain.forwarded.some((p) => p.startsWith('GET /exchange-rates')), 'the rate');
    await typeAmount(el, '250');
    await until(() => text(part(el, 'summary')).includes('€231.20'), 'the converted amount');
    const summary = text(part(el, 'summary'));
    expect(summary).to.contain('Balance: $1,000.00').and.contain('Rate: 1 EUR = $1.08').and.contain('Fee: $0.30');
    await expectAccessible(el, 'a payee found, an amount typed');

    // typing the receiving side instead: what was converted becomes the typed amount
    await pressEnter(part(el, 'switch-button'));
    await el.updateComplete;
    expect(part<HTMLInputElement>(el, 'amount-input').value).to.equal('231.20');
    expect(el.shadowRoot!.querySelector('label[for="amount"]')!.textContent).to.equal('Amount in EUR');
    expect(text(part(el, 'summary'))).to.contain('You send about $250.00');

    const quoted = nextEvent<PaySendQuotedEvent>(el, 'pay-send-quoted');
    await pressEnter(part(el, 'continue-button'));
    const { detail } = await quoted;
    expect(detail.quoteId).to.equal(detail.quote.id);
    expect(detail.quote).to.include({ totalReceivingAmount: 23_120, totalSendingAmount: 25_000 });
    expect(detail.quote.receivingCurrency?.code).to.equal('EUR');
    await el.updateComplete;
    expect(hasState(el, 'quoted')).to.equal(true);
    expect(text(part(el, 'success'))).to.equal('Your price is ready: review it to pay.');
  });

  it('says under the field when an address is malformed (no request) or no one receives there', async () => {
    const chain = await walletChain();
    const el = await mount(chain);
    const input = part<HTMLInputElement>(el, 'uma-input');
    await typeInto(input, 'bob@example');
    await until(() => hasState(el, 'missing'), 'the malformed address');
    expect(lookups(chain)).to.equal(0);
    expect(text(part(el, 'field-error'))).to.equal('Enter an address like $name@example.com.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal(part(el, 'field-error').id);

    input.value = '';
    await typeInto(input, '$nobody404@receiver.example');
    await until(() => hasState(el, 'missing') && !!maybePart(el, 'field-error'), 'the lookup');
    expect(text(part(el, 'field-error'))).to.equal('No one receives payments at this address.');
    expect(maybePart(el, 'amount-input'), 'no amount before a payee').to.equal(null);
    await expectAccessible(el, 'an address no one receives at');
  });

  it('refuses an amount over the balance under the field, and Continue stays off', async () => {
    const chain = await walletChain({}, { balance: 5_000 });
    const el = await mount(chain);
    await typeInto(part(el, 'uma-input'), '$ana@receiver.example');
    await until(() => hasState(el, 'found'), 'the receiver');
    await typeAmount(el, '50.01');
    expect(hasState(el, 'invalid')).to.equal(true);
    expect(text(part(el, 'field-error'))).to.equal('That is more than your balance of $50.00.');
    expect(part(el, 'amount-input').getAttribute('aria-invalid')).to.equal('true');
    expect(part<HTMLButtonElement>(el, 'continue-button').disabled).to.equal(true);
    await typeAmount(el, '50');
    expect(hasState(el, 'invalid')).to.equal(false);
    expect(part<HTMLButtonElement>(el, 'continue-button').disabled).to.equal(false);
  });

  it('pays a saved external account in its currency; a lost lookup or rate answer is the error box with Try again', async () => {
    const chain = await walletChain();
    const bank = await chain.platform('POST', '/customers/external-accounts', {
      customerId: chain.customerId,
      currency: 'EUR',
      accountInfo: {
        accountType: 'EUR_ACCOUNT',
        iban: 'DE89370400440532013000',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Lena Vogel', countryOfResidence: 'DE' },
      },
    });
    const el = await mount(chain);
    chain.loseNextAnswer(/^\/receiver\/external-account\//);
    const modes = el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="modes"] input');
    modes[1]!.click();
    await until(() => !!el.shadowRoot!.getElementById('send.account'), 'the saved accounts');
    expect(text(el.shadowRoot!.getElementById('send.account')!)).to.contain('Lena Vogel •••• 3000 (EUR)');
    select(el, 'send.account', bank.id);
    await until(() => hasState(el, 'error'), 'the lost lookup');
    expect(text(part(el, 'error'))).to.contain('Can’t reach the server');
    chain.loseNextAnswer(/^\/exchange-rates/);
    await pressEnter(part(el, 'retry-button'));
    await until(() => hasState(el, 'found') && hasState(el, 'error'), 'the account found, then the lost rate');
    await pressEnter(part(el, 'retry-button'));
    await until(() => !hasState(el, 'error') && !!maybePart(el, 'amount-input'), 'the rate again');
    await typeAmount(el, '21.90');
    await until(() => text(part(el, 'summary')).includes('€20.00'), 'the converted amount');
    const quoted = nextEvent<PaySendQuotedEvent>(el, 'pay-send-quoted');
    await pressEnter(part(el, 'continue-button'));
    const { quote } = (await quoted).detail;
    expect(quote.destination).to.deep.include({ destinationType: 'ACCOUNT', accountId: bank.id });
    expect(quote).to.include({ totalSendingAmount: 2_190, totalReceivingAmount: 2_000 });
  });

  it('offers the discovered institutions, and hands the chosen one to the page to add the account', async () => {
    const chain = await walletChain();
    const el = await mount(chain);
    el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="modes"] input')[2]!.click();
    await until(() => !!el.shadowRoot!.getElementById('send.bank'), 'the institutions');
    expect(part<HTMLButtonElement>(el, 'add-button').disabled).to.equal(true);
    const banks = el.shadowRoot!.getElementById('send.bank') as HTMLSelectElement;
    const bpi = [...banks.options].find((o) => o.textContent!.includes('Bank of the Philippine Islands'))!;
    select(el, 'send.bank', bpi.value);
    await el.updateComplete;
    const wanted = nextEvent<PaySendNewPayeeEvent>(el, 'pay-send-new-payee');
    await pressEnter(part(el, 'add-button'));
    expect((await wanted).detail).to.deep.equal({ bankName: 'BPI', country: 'PH', currency: 'PHP' });
  });
  it('reads a rate again, quietly, once it is 5 minutes old: a lost refresh keeps the rate and shows nothing', async () => {
    // the sandbox's clock 290 s behind: each rate is about 10 s from its 5 minutes when it arrives. The
    // element's timers are held and fired here, not waited for: a real timer can take seconds under load
    const chain = await walletChain({}, { now: () => Date.now() - 290_000 });
    const reads = () => chain.forwarded.filter((p) => p.startsWith('GET /exchange-rates')).length;
    const timers = holdTimers(1000);
    try {
      const el = await mount(chain);
      await typeInto(part(el, 'uma-input'), '$ana@receiver.example');
      await until(() => hasState(el, 'found'), 'the receiver');
      select(el, 'send.currency', 'EUR');
      const refresh = (ms: number) => ms > 8_000 && ms <= 10_000;
      await until(() => timers.delays().some(refresh), 'a refresh planned for when the rate is 5 minutes old');
      expect(reads()).to.equal(1);
      chain.loseNextAnswer(/^\/exchange-rates/);
      timers.fire(refresh);
      await until(() => reads() === 2, 'the refresh');
      await until(() => timers.delays().includes(2000), 'another try 2 s after the lost refresh');
      await typeAmount(el, '250');
      await el.updateComplete;
      expect(hasState(el, 'error'), 'a lost refresh is not an error').to.equal(false);
      expect(text(part(el, 'summary')))
        .to.contain('€231.20')
        .and.contain('Rate: 1 EUR = $1.08');
      timers.fire(2000);
      await until(() => reads() === 3, 'the refresh again');
      await until(() => timers.delays().some(refresh), 'the next refresh, planned from the new rate');
      expect(maybePart(el, 'error')).to.equal(null);
    } finally {
      timers.restore();
    }
  });

  it('estimates the network fee of a USDC payment to a saved Solana wallet', async () => {
    const chain = await walletChain({ currencies: ['USDC'] }, { balance: 50_000_000 });
    const wallet = await chain.platform('POST', '/customers/external-accounts', {
      customerId: chain.customerId,
      currency: 'USDC',
      accountInfo: {
        accountType: 'SOLANA_WALLET',
        address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Lena Vogel' },
      },
    });
    expect(wallet.id, JSON.stringify(wallet)).to.be.a('string');
    const el = await mount(chain);
    el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="modes"] input')[1]!.click();
    await until(() => !!el.shadowRoot!.getElementById('send.account'), 'the saved accounts');
    select(el, 'send.account', wallet.id);
    await until(() => hasState(el, 'found'), 'the wallet looked up');
    await typeAmount(el, '12');
    await until(() => text(part(el, 'summary')).includes('Network fee'), 'the estimate');
    expect(text(part(el, 'summary'))).to.contain('Network fee (estimate): 0.005000 USDC');
  });
});
