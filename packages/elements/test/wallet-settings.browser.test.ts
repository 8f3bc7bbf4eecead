import { expect } from 'chai';
import { createDelegatedKey, type WalletClient } from '@paykit/crypto-core';
import { beforeEach, describe, it } from '@paykit/test-harness/suite';
import type { PayWalletSettingsElement } from '../src/wallet-settings/wallet-settings.js';
import '../src/define/pay-wallet-settings.js';
import { CARD_ID, CUSTOMER_ID, withAccountService, type AccountService } from './helpers/account-service.js';
import { ACCOUNT_ID, EMAIL_CREDENTIAL } from './helpers/fake-service.js';
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
  until,
} from './helpers/dom.js';

describe('<pay-wallet-settings>', () => {
  const t = setupElementTests();
  let account: AccountService;
  beforeEach(() => void (account = withAccountService(t.fake)));

  const render = async (client: WalletClient, cardId?: string): Promise<PayWalletSettingsElement> => {
    const el = await fixture<PayWalletSettingsElement>(
      html`<pay-wallet-settings
        .client=${client}
        customer-id=${CUSTOMER_ID}
        card-id=${cardId ?? ''}
      ></pay-wallet-settings>`,
    );
    await until(() => hasState(el, 'ready') || hasState(el, 'error'), 'the settings');
    await el.updateComplete;
    return el;
  };
  const keyRows = (el: PayWalletSettingsElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="key"]')];

  it('switches wallet privacy with a signed retry, from the keyboard', async () => {
    const el = await render(await account.signedInClient());
    const toggle = part<HTMLButtonElement>(el, 'privacy-switch');
    expect(toggle.getAttribute('role')).to.equal('switch');
    expect(toggle.getAttribute('aria-checked')).to.equal('false');
    expect(t.fake.calls('GET /customers/internal-accounts')[0]!.query).to.deep.equal({ customerId: CUSTOMER_ID });
    await expectAccessible(el, 'off');
    const heard = nextEvent<CustomEvent>(document, 'pay-wallet-privacy'); // bubbles out to document
    await pressEnter(toggle);
    expect((await heard).detail).to.deep.equal({ accountId: ACCOUNT_ID, privateEnabled: true });
    await until(() => hasState(el, 'private'), 'private');
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
    expect(account.account.privateEnabled).to.equal(true);
    expect(account.signed).to.deep.equal([
      { method: 'PATCH', path: `/internal-accounts/${encodeURIComponent(ACCOUNT_ID)}`, authMethodId: EMAIL_CREDENTIAL },
    ]);
    expect(t.leaks.of('pay-wallet-privacy').map((e) => e.detail)).to.deep.equal([
      { accountId: ACCOUNT_ID, privateEnabled: true },
    ]);
    expect(announced(el)).to.contain('Your wallet is now private.');
    await until(() => !hasState(el, 'busy'), 'idle');
    await pressEnter(toggle);
    await until(() => !hasState(el, 'private'), 'public again');
    expect(account.account.privateEnabled).to.equal(false);
    await expectAccessible(el, 'after');
  });

  it('creates the delegated key a card needs through the three signed legs, then lists it', async () => {
    const el = await render(await account.signedInClient(), CARD_ID);
    expect(part(el, 'base').textContent).to.contain('No card can pay from this wallet yet.');
    await pressEnter(part(el, 'create-key-button'));
    await until(() => keyRows(el).length === 1, 'the key listed');
    expect(account.signed.map((s) => `${s.method} ${s.path}`)).to.deep.equal([
      'POST /auth/delegated-keys',
      'POST /auth/delegated-keys',
    ]);
    expect(t.fake.calls('POST /auth/delegated-keys')).to.have.length(3);
    const bodies = new Set(t.fake.calls('POST /auth/delegated-keys').map((r) => r.body));
    expect(bodies.size, 'the same body on every leg').to.equal(1);
    expect(JSON.parse([...bodies][0]!)).to.include({ cardId: CARD_ID, internalAccountId: ACCOUNT_ID });
    expect(keyRows(el)[0]!.textContent).to.contain('Active').and.contain(CARD_ID);
    expect(maybePart(el, 'create-key-button'), 'one ACTIVE key per card').to.equal(null);
    const [event] = t.leaks.of('pay-delegated-key');
    expect(event!.detail).to.deep.equal({ keyId: account.delegatedKeys[0]!.id, cardId: CARD_ID, status: 'ACTIVE' });
    await expectAccessible(el, 'key');
    t.leaks.assertClean(el);
  });

  it('revokes a key after a confirmation', async () => {
    const client = await account.signedInClient();
    await createDelegatedKey(client, { cardId: CARD_ID });
    const el = await render(client, CARD_ID);
    await pressEnter(part(el, 'revoke-key-button'));
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'confirm-revoke-button'));
    await expectAccessible(el, 'confirm');
    await pressEnter(part(el, 'cancel-button'));
    await el.updateComplete;
    expect(t.fake.calls('DELETE /auth/delegated-keys/*')).to.have.length(0);
    await pressEnter(part(el, 'revoke-key-button'));
    await el.updateComplete;
    await pressEnter(part(el, 'confirm-revoke-button'));
    await until(() => keyRows(el).length === 0, 'the key gone');
    expect((account.delegatedKeys[0] as { status?: string }).status).to.equal('REVOKED');
    expect(t.leaks.of('pay-delegated-key').at(-1)!.detail).to.include({ status: 'REVOKED' });
    expect(maybePart(el, 'create-key-button')).to.not.equal(null);
  });

  it('shows the service error in the error box', async () => {
    const el = await render(await account.signedInClient());
    account.script('PATCH /internal-accounts/*', {
      status: 500,
      body: { status: 500, code: 'INTERNAL_ERROR', message: 'x' },
    });
    await pressEnter(part(el, 'privacy-switch'));
    await until(() => hasState(el, 'error'), 'the error');
    expect(part(el, 'error').textContent).to.contain('Something went wrong');
    expect(part(el, 'privacy-switch').getAttribute('aria-checked')).to.equal('false');
  });

  it('speaks Spanish', async () => {
    await import('../src/translations/es.js');
    const client = await account.signedInClient();
    const el = await fixture<PayWalletSettingsElement>(
      html`<pay-wallet-settings lang="es" .client=${client} customer-id=${CUSTOMER_ID}></pay-wallet-settings>`,
    );
    await until(() => hasState(el, 'ready'), 'ready');
    expect(part(el, 'privacy').textContent).to.contain('Monedero privado');
  });
});
