import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayBeneficialOwnersElement } from '../src/kyc/beneficial-owners.js';
import type { PayKycElement } from '../src/kyc/kyc.js';
import {
  expectAccessible,
  fixture,
  hasState,
  html,
  maybePart,
  part,
  pressEnter,
  setupElementTests,
  until,
} from './helpers/dom.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-kyc.js';
import '../src/define/pay-beneficial-owners.js';
import '../src/translations/es.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const KYC_ORIGIN = `${location.origin}/__sandbox-kyc`;
const NAME = 'Eva Muster 003';
const BIRTH = '1990-04-01';
const FIXTURES = new URL('./fixtures/', import.meta.url);

/** What the framed platform page (fixtures/kyc-host.html) reads from the test page, and records for it. */
interface KycHost {
  client: SandboxChain['client'];
  customerId: string;
  redirectUri: string;
  /** Page loads of the frame (the element starts again on each). */
  loads: number;
  /** The window names the element asked `window.open` for (each answered null: blocked). */
  opened: string[];
  events: { type: string; detail: unknown }[];
}

describe('<pay-kyc> (against the sandbox, through the proxy)', () => {
  const t = setupElementTests();

  const render = (
    chain: SandboxChain,
    attrs: { embed?: boolean; flow?: string; lang?: string } = {},
  ): Promise<PayKycElement> =>
    fixture<PayKycElement>(
      html`<pay-kyc
        .client=${chain.client}
        .pollSeconds=${0.05}
        customer-id=${chain.customerId}
        ?embed=${attrs.embed ?? false}
        flow=${attrs.flow ?? 'both'}
        lang=${attrs.lang ?? 'en'}
      ></pay-kyc>`,
    );
  const field = (el: Element, path: string): HTMLInputElement =>
    el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${path}"]`)!;
  const fill = async (el: PayKycElement, values: Record<string, string>): Promise<void> => {
    for (const [path, value] of Object.entries(values)) {
      const input = field(el, path);
      input.value = value;
      input.dispatchEvent(new Event(input.localName === 'select' ? 'change' : 'input', { bubbles: true }));
    }
    await el.updateComplete;
  };
  /** Picks `file` in "Choose a file"; waits for `shown` (the selected name, or the error the checks give). */
  const choose = async (el: PayKycElement, file: File, shown = `Selected: ${file.name}`): Promise<void> => {
    const input = el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type=file]')[1]!;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => !!el.shadowRoot!.textContent?.includes(shown), `file checked: ${shown}`);
    await el.updateComplete;
  };
  const fieldError = (el: Element, id: string): string => el.shadowRoot!.getElementById(id)?.textContent?.trim() ?? '';
  const submit = async (el: PayKycElement, until_: () => boolean, what: string): Promise<void> => {
    await pressEnter(part(el, 'submit-button'));
    await until(until_, what);
    await el.updateComplete;
  };
  /** The person finishes the provider's flow: the sandbox's hosted page, posted as its form would be. */
  const hostedOutcome = (chain: SandboxChain, url: string, outcome: 'complete' | 'fail'): Promise<Response> =>
    chain.sandbox.kycFetch(
      new Request(`http://kyc.test${new URL(url).pathname.slice('/__sandbox-kyc'.length)}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome }),
      }),
    );
  const verifiedEu = async (fields: Record<string, unknown> = {}, options = {}): Promise<SandboxChain> => {
    const chain = await sandboxChain(
      { region: 'DE', phoneNumber: '+4915112345678', fullName: NAME, ...fields },
      { kycOrigin: KYC_ORIGIN, ...options },
    );
    for (const channel of ['email', 'phone']) {
      await chain.platform('POST', `/customers/${chain.customerId}/verify-${channel}`);
      await chain.platform('POST', `/customers/${chain.customerId}/verify-${channel}/confirm`, { code: '123456' });
    }
    return chain;
  };

  it('in page: fields and documents checked, errors field by field, a rejected and a poor document replaced, then approved', async () => {
    const chain = await verifiedEu();
    const el = await render(chain);
    await t.inState(el, 'ready');
    expect(t.leaks.of('pay-kyc-status')[0]!.detail).to.deep.equal({
      customerId: chain.customerId,
      status: 'UNVERIFIED',
    });
    await expectAccessible(el, 'ready');

    await pressEnter(part(el, 'form-button'));
    await t.inState(el, 'form');
    expect(el.shadowRoot!.activeElement).to.equal(field(el, 'fullName'));
    expect(field(el, 'fullName').value).to.equal(NAME); // prefilled from the customer
    expect(field(el, 'birthDate').type).to.equal('date');
    const files = el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type=file]');
    expect(files[0]!.getAttribute('capture')).to.equal('environment');
    expect(files[1]!.hasAttribute('capture')).to.equal(false);
    expect(files[0]!.accept).to.equal('application/pdf,image/jpeg,image/png');
    expect(part(el, 'guidance').textContent).to.contain('four corners').and.contain('focus').and.contain('glare');
    // countries are picked by name, the value stays the ISO code
    const nationality = field(el, 'nationality') as unknown as HTMLSelectElement;
    expect(nationality.localName).to.equal('select');
    expect(nationality.options.length).to.equal(250); // "Choose a country" and the 249 ISO 3166-1 codes
    expect(nationality.selectedOptions[0]!.value).to.equal('');
    expect(el.shadowRoot!.querySelector('label[for="f-nationality"]')!.textContent).to.equal('Nationality');
    expect([...nationality.options].find((o) => o.value === 'DE')!.textContent).to.equal('Germany');
    await expectAccessible(el, 'form');

    // local checks first: nothing is sent while a required field is empty
    const sent = chain.forwarded.length;
    await submit(el, () => field(el, 'birthDate').getAttribute('aria-invalid') === 'true', 'local errors');
    expect(chain.forwarded.length).to.equal(sent);
    expect(fieldError(el, 'f-birthDate-e')).to.equal('Fill in this field.');
    expect(fieldError(el, 'f-nationality-e')).to.equal('Choose a country from the list.');
    expect(el.shadowRoot!.activeElement).to.equal(field(el, 'birthDate'));
    await expectAccessible(el, 'local errors');

    await fill(el, {
      birthDate: BIRTH,
      nationality: 'DE',
      'address.line1': 'Hauptstr. 1',
      'address.city': 'Berlin',
      'address.postalCode': '10115',
      'address.country': 'DE',
    });
    // the service lists what is missing: the identity document, with the types it accepts
    await submit(el, () => t.leaks.of('pay-kyc-submitted').length === 1, 'first submission');
    expect(t.leaks.of('pay-kyc-submitted')[0]!.detail).to.include({ verificationStatus: 'RESOLVE_ERRORS' });
    expect(fieldError(el, 'document-e')).to.equal(
      'Add one of these documents: Passport, Driver’s license, or National ID card.',
    );
    const customer = await chain.platform('GET', `/customers/${chain.customerId}`);
    expect(customer).to.include({ birthDate: BIRTH, nationality: 'DE' });
    expect(customer.address).to.deep.equal({
      line1: 'Hauptstr. 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    });

    // checked by its bytes, before any upload
    await choose(el, new File(['GIF89a…'], 'passport.png', { type: 'image/png' }), 'isn’t a PDF, JPEG or PNG');
    expect(fieldError(el, 'document-e')).to.equal('This file isn’t a PDF, JPEG or PNG.');
    // screening refuses it (422): asked for a new photo, nothing stored
    await choose(el, new File([PNG], 'passport-rejected.png', { type: 'image/png' }));
    await submit(el, () => fieldError(el, 'document-e').includes('wasn’t accepted'), '422 DOCUMENT_REJECTED');
    expect(t.leaks.of('pay-error').at(-1)!.detail).to.deep.equal({ code: 'DOCUMENT_REJECTED' });
    expect(t.leaks.of('pay-document-uploaded')).to.have.length(0);
    await expectAccessible(el, 'document rejected');

    // 003: the document is of poor quality; the next file replaces it (PUT), then the verification passes
    await choose(el, new File([PNG], 'passport.bin', { type: '' }));
    await submit(el, () => fieldError(el, 'document-e').includes('hard to read'), 'POOR_QUALITY_DOCUMENT');
    const [uploaded] = t.leaks.of('pay-document-uploaded');
    expect(uploaded!.detail).to.deep.include({ customerId: chain.customerId, replaced: false });
    const documentId = (uploaded!.detail as { documentId: string }).documentId;
    await choose(el, new File([PNG], 'passport-sharp.png', { type: 'image/png' }));
    await submit(el, () => hasState(el, 'done'), 'approved');
    expect(t.leaks.of('pay-document-uploaded')[1]!.detail).to.deep.equal({
      customerId: chain.customerId,
      documentId,
      replaced: true,
    });
    expect(chain.forwarded).to.include(`PUT /documents/${documentId}`);
    expect(
      t.leaks.of('pay-kyc-submitted').map((e) => (e.detail as { verificationStatus: string }).verificationStatus),
    ).to.deep.equal(['RESOLVE_ERRORS', 'RESOLVE_ERRORS', 'APPROVED']);
    expect(t.leaks.of('pay-kyc-status').at(-1)!.detail).to.deep.equal({
      customerId: chain.customerId,
      status: 'APPROVED',
    });
    expect(part(el, 'success').textContent).to.contain('You’re verified.');
    expect(maybePart(el, 'form')).to.equal(null);
    expect(el.shadowRoot!.activeElement?.className).to.equal('status');
    await expectAccessible(el, 'approved');

    // identity data and documents stay out of events, the console and the markup
    const outside = JSON.stringify(t.leaks.events) + el.outerHTML;
    for (const secret of ['Eva', BIRTH, 'Hauptstr', 'passport']) expect(outside).not.to.contain(secret);
    t.leaks.assertClean(el);
  });

  it('hosted, embedded: the provider’s page in a frame; completing it there approves and the frame goes', async () => {
    const chain = await verifiedEu();
    const el = await render(chain, { embed: true, flow: 'hosted' });
    await t.inState(el, 'ready');
    expect(maybePart(el, 'form-button')).to.equal(null);
    await pressEnter(part(el, 'hosted-button'));
    await until(() => !!maybePart(el, 'frame'), 'frame');
    const frame = part<HTMLIFrameElement>(el, 'frame');
    expect(frame.src.startsWith(`${KYC_ORIGIN}/kyc/`)).to.equal(true);
    expect(frame.title).to.equal('Identity verification');
    expect(hasState(el, 'hosted')).to.equal(true);
    expect(location.href).not.to.contain('/kyc/');
    // the person completes the provider's flow (the sandbox's hosted page, posted as its form would)
    const done = await hostedOutcome(chain, frame.src, 'complete');
    expect(done.status).to.equal(200);
    await t.inState(el, 'done');
    expect(maybePart(el, 'frame')).to.equal(null);
    expect(t.leaks.of('pay-kyc-status').at(-1)!.detail).to.deep.equal({
      customerId: chain.customerId,
      status: 'APPROVED',
    });
    expect(el.shadowRoot!.activeElement?.className).to.equal('status'); // focus moves on, never to the body
  });

  it('hosted, popup: navigated to the link, closed on the decision; a popup closed early leaves it unfinished', async () => {
    const chain = await verifiedEu();
    const opened: { closed: boolean; opener: unknown; location: { href: string }; close(): void }[] = [];
    const original = window.open;
    window.open = (() => {
      const popup = {
        closed: false,
        opener: window as unknown,
        location: { href: '' },
        close: () => (popup.closed = true),
      };
      opened.push(popup);
      return popup as unknown as Window;
    }) as typeof window.open;
    t.cleanup(() => (window.open = original));
    const el = await render(chain);
    await t.inState(el, 'ready');

    await pressEnter(part(el, 'hosted-button'));
    await until(() => opened[0]?.location.href !== '', 'popup navigated');
    expect(opened[0]!.opener).to.equal(null);
    opened[0]!.close(); // the person closes it without finishing
    await t.inState(el, 'ready');
    expect(el.shadowRoot!.textContent).to.contain('isn’t finished');

    el.pollSeconds = 600; // no timed read: coming back to the page reads the status
    await pressEnter(part(el, 'hosted-button'));
    await until(() => opened[1]?.location.href !== '', 'second popup navigated');
    expect(part(el, 'status').textContent).to.contain('in progress').and.not.contain('hasn’t started');
    expect(opened[1]!.location.href).not.to.equal(opened[0]!.location.href); // a fresh single-use link
    await t.inState(el, 'hosted');
    expect((await hostedOutcome(chain, opened[1]!.location.href, 'fail')).status).to.equal(200);
    document.dispatchEvent(new Event('visibilitychange')); // the person is back on the page
    await t.inState(el, 'done');
    expect(opened[1]!.closed).to.equal(true);
    expect(part(el, 'status').textContent).to.contain('couldn’t verify');
    expect(t.leaks.of('pay-kyc-status').at(-1)!.detail).to.deep.include({ status: 'REJECTED' });
    await expectAccessible(el, 'rejected');
  });

  it('hosted, popup blocked: the page goes to the link and, back on redirect-uri, reads the status and resumes', async () => {
    const chain = await verifiedEu();
    // the platform page is a frame, so the element's navigation leaves the frame, not the test page
    const back = new URL('kyc-host.html?returned', FIXTURES).href;
    const host: KycHost = {
      client: chain.client,
      customerId: chain.customerId,
      redirectUri: back,
      loads: 0,
      opened: [],
      events: [],
    };
    (window as { kycHost?: KycHost }).kycHost = host;
    const frame = document.createElement('iframe');
    frame.title = 'platform page';
    frame.src = new URL('kyc-host.html', FIXTURES).href;
    document.body.append(frame);
    t.cleanup(() => {
      frame.remove();
      delete (window as { kycHost?: KycHost }).kycHost;
    });
    const page = (): Window => frame.contentWindow!;
    const kyc = (): PayKycElement => frame.contentDocument!.querySelector<PayKycElement>('pay-kyc')!;
    const status = (status: string) => ({ type: 'pay-kyc-status', detail: { customerId: chain.customerId, status } });
    await until(() => host.loads === 1, 'the platform page', 10_000);
    await t.inState(kyc(), 'ready');
    expect(host.events).to.deep.equal([status('UNVERIFIED')]);

    part(kyc(), 'hosted-button').click();
    await until(() => page().location.href.startsWith(`${KYC_ORIGIN}/kyc/`), 'the page went to the link', 10_000);
    expect(host.opened).to.deep.equal(['pay-kyc']); // a popup was tried first, and blocked
    const link = page().location.href;

    // the person completes the provider's flow there; the link carries redirect-uri, so the provider
    // sends the page back to it (the sandbox's hosted page answers its form with a 303 to redirectUri)
    const done = await hostedOutcome(chain, link, 'complete');
    expect(done.status).to.equal(303);
    expect(done.headers.get('location')).to.equal(back);
    page().location.assign(done.headers.get('location')!);
    await until(() => host.loads === 2, 'back on redirect-uri', 10_000);
    await t.inState(kyc(), 'done');
    expect(page().location.href).to.equal(back);
    expect(host.events).to.deep.equal([status('UNVERIFIED'), status('APPROVED')]);
    expect(part(kyc(), 'success').textContent).to.contain('You’re verified.');
    expect(host.opened).to.have.length(1); // back on the page, nothing is opened again
  });

  it('waits for contact verification first, and speaks Spanish', async () => {
    const chain = await sandboxChain({ region: 'DE', fullName: NAME });
    const el = await render(chain, { lang: 'es' });
    await t.inState(el, 'contact');
    expect(el.shadowRoot!.textContent).to.contain('Primero verifica tu correo');
    await chain.platform('POST', `/customers/${chain.customerId}/verify-email`);
    await chain.platform('POST', `/customers/${chain.customerId}/verify-email/confirm`, { code: '123456' });
    await el.reload();
    await t.inState(el, 'ready');
    expect(part(el, 'hosted-button').textContent).to.contain('Verificar con nuestro socio');
    await pressEnter(part(el, 'form-button'));
    await t.inState(el, 'form');
    const country = field(el, 'address.country') as unknown as HTMLSelectElement;
    expect(el.shadowRoot!.querySelector('label[for="f-address.country"]')!.textContent).to.equal('País');
    expect(country.options[0]!.textContent).to.equal('Elige un país');
    expect([...country.options].find((o) => o.value === 'DE')!.textContent).to.equal('Alemania');
    const names = [...country.options].slice(1).map((o) => o.textContent!);
    expect(names).to.deep.equal([...names].sort(new Intl.Collator('es').compare)); // sorted as Spanish sorts
    await expectAccessible(el, 'es');
  });

  it('KYB: business details, documents and owners of 25% or more; missing owners named by the service', async () => {
    const chain = await sandboxChain({
      customerType: 'BUSINESS',
      businessInfo: {
        legalName: 'Acme GmbH',
        country: 'DE',
        taxId: 'DE1',
        incorporatedOn: '2020-01-01',
        registrationNumber: 'HRB-003',
      },
    });
    const el = await render(chain, { flow: 'form' });
    await t.inState(el, 'ready');
    await pressEnter(part(el, 'form-button'));
    await t.inState(el, 'form');
    expect(field(el, 'businessInfo.legalName').value).to.equal('Acme GmbH');
    await fill(el, {
      'address.line1': 'Ringstr. 2',
      'address.city': 'Köln',
      'address.postalCode': '50667',
      'address.country': 'DE',
    });
    await submit(el, () => t.leaks.of('pay-kyc-submitted').length === 1, 'business submission');
    expect(fieldError(el, 'owners-e')).to.equal('Add the business’s owners and control person.');
    expect(fieldError(el, 'document-e')).to.contain('Add one of these documents');
    await expectAccessible(el, 'kyb errors');

    const owners = el.shadowRoot!.querySelector<PayBeneficialOwnersElement>('pay-beneficial-owners')!;
    await t.inState(owners, 'ready');
    await pressEnter(part(owners, 'add-button'));
    await owners.updateComplete;
    await fill(owners as unknown as PayKycElement, {
      'owner.role': 'UBO',
      'owner.firstName': 'Jana',
      'owner.lastName': 'Novak',
      'owner.birthDate': '1980-02-03',
      'owner.nationality': 'DE',
      'owner.address.line1': 'Ringstr. 2',
      'owner.address.city': 'Köln',
      'owner.address.postalCode': '50667',
      'owner.address.country': 'DE',
      'owner.identifier': 'DE-123',
      'owner.ownershipPercentage': '10',
    });
    await pressEnter(part(owners, 'add-button'));
    await until(() => fieldError(owners, 'f-owner.ownershipPercentage-e') !== '', 'below 25%');
    expect(fieldError(owners, 'f-owner.ownershipPercentage-e')).to.equal('Owners under 25% don’t need to be added.');
    await fill(owners as unknown as PayKycElement, { 'owner.ownershipPercentage': '40' });
    await pressEnter(part(owners, 'add-button'));
    await until(() => t.leaks.of('pay-beneficial-owner-added').length === 1, 'owner added');
    await owners.updateComplete;
    expect(part(owners, 'owners').textContent).to.contain('Jana Novak, 40%').and.contain('Not verified');
    expect(Object.keys(t.leaks.of('pay-beneficial-owner-added')[0]!.detail as object)).to.deep.equal([
      'customerId',
      'beneficialOwnerId',
    ]);
    await expectAccessible(el, 'owner added');
    const listed = await chain.platform('GET', `/beneficial-owners?customerId=${encodeURIComponent(chain.customerId)}`);
    expect(listed.data[0]).to.deep.include({ roles: ['UBO'], ownershipPercentage: 40 });
    expect(listed.data[0].personalInfo).to.deep.include({ idType: 'NON_US_TAX_ID', identifier: 'DE-123' });
  });
});
