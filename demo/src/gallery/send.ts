/** `<pay-send>`: a payee by UMA address, an amount with the live rate, and the quote it makes. */
import { galleryCustomer } from './sandbox.js';
import { hold, offline, part, payElement, press, reach, type GallerySection } from './section.js';

const UMA_LOOKUP = /^GET \/receiver\/uma\//;
const RATES = /^GET \/exchange-rates$/;

type Faults = Parameters<Awaited<ReturnType<typeof galleryCustomer>>['signedIn']>[0];

/** A signed-in customer with 250.00 in the wallet, and its `<pay-send>`. */
async function send(faults?: Faults): Promise<HTMLElement> {
  const customer = await galleryCustomer({ fullName: 'Ada Lovelace' });
  await customer.platform('POST', `/sandbox/internal-accounts/${customer.accountId}/fund`, { amount: 25_000 });
  return payElement('pay-send', await customer.signedIn(faults), { 'customer-id': customer.customerId });
}

/** Types `value` into the field `::part(name)`, as a person would (input events). */
async function fill(element: HTMLElement, name: string, value: string): Promise<void> {
  const input = (await part(element, name)) as HTMLInputElement;
  input.focus();
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: value }));
}

/** Picks `value` in the list labelled by message key `id`. */
async function choose(element: HTMLElement, id: string, value: string): Promise<void> {
  const list = element.shadowRoot!.getElementById(id) as HTMLSelectElement;
  list.value = value;
  list.dispatchEvent(new Event('change'));
}

/** The address typed, the receiver found, EUR chosen and `amount` typed in USD. */
async function composed(element: HTMLElement, amount: string, address = '$anna@receiver.example'): Promise<void> {
  await reach(element, 'idle');
  await fill(element, 'uma-input', address);
  await reach(element, 'found');
  await choose(element, 'send.currency', 'EUR');
  await fill(element, 'amount-input', amount);
}

export const sendSection: GallerySection = {
  tag: 'pay-send',
  summary: 'Send money: a payee by UMA address, saved account or bank, an amount in either currency, the quote.',
  states: [
    {
      name: 'idle',
      kind: 'idle',
      expect: 'idle',
      note: 'Ready: who to pay, by UMA address (the default), saved account or a new bank account.',
      render: () => send(),
    },
    {
      name: 'looking-up',
      kind: 'loading',
      expect: 'looking',
      note: 'The address is looked up once the person stops typing.',
      async render() {
        const element = await send({ faults: [hold(UMA_LOOKUP)] });
        void (async () => {
          await reach(element, 'idle');
          await fill(element, 'uma-input', '$anna@receiver.example');
        })();
        return element;
      },
    },
    {
      name: 'payee-found',
      kind: 'idle',
      expect: 'found',
      note: 'Found: the currencies the receiver takes; 100.00 USD typed, about 92.31 EUR arrive, with the rate and fee.',
      async render() {
        const element = await send();
        void composed(element, '100');
        return element;
      },
    },
    {
      name: 'not-found',
      kind: 'error',
      expect: 'missing',
      note: 'No one receives at this address: said under the field, which is marked invalid.',
      async render() {
        const element = await send();
        void (async () => {
          await reach(element, 'idle');
          await fill(element, 'uma-input', '$nobody404@receiver.example');
        })();
        return element;
      },
    },
    {
      name: 'over-balance',
      kind: 'error',
      expect: 'invalid',
      note: 'More than the balance: said under the amount, and Continue stays off.',
      async render() {
        const element = await send();
        void composed(element, '300');
        return element;
      },
    },
    {
      name: 'quote-created',
      kind: 'success',
      expect: 'quoted',
      note: 'Continue made the quote: the page hands its id to <pay-payment> (pay-send-quoted).',
      async render() {
        const element = await send();
        void (async () => {
          await composed(element, '100');
          await press(element, 'continue-button');
        })();
        return element;
      },
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The rate could not be read: no connection (with “Try again”).',
      async render() {
        const element = await send({ faults: [offline(RATES)] });
        void composed(element, '100');
        return element;
      },
    },
  ],
};
