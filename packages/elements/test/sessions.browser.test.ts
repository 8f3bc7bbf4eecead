import { expect } from 'chai';
import { requireSessionKey, WalletClient } from '@paykit/crypto-core';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { beforeEach, describe, it } from '@paykit/test-harness/suite';
import type { PaySessionsElement } from '../src/sessions/sessions.js';
import '../src/define/pay-sessions.js';
import { withAccountService, type AccountService } from './helpers/account-service.js';
import { walletChain } from './helpers/sandbox-chain.js';
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

describe('<pay-sessions>', () => {
  const t = setupElementTests();
  let account: AccountService;
  beforeEach(() => void (account = withAccountService(t.fake)));

  const render = async (client: WalletClient): Promise<PaySessionsElement> => {
    const el = await fixture<PaySessionsElement>(html`<pay-sessions .client=${client}></pay-sessions>`);
    await until(() => hasState(el, 'ready') || hasState(el, 'error'), 'the list');
    await el.updateComplete;
    return el;
  };
  const rows = (el: PaySessionsElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="session"]')];

  it('lists the active sessions with their type and times, this device marked first', async () => {
    const client = await account.signedInClient();
    account.addOtherSession('SMS_OTP');
    account.addOtherSession('PASSKEY');
    const el = await render(client);
    const [mine, ...others] = rows(el);
    expect(others).to.have.length(2);
    expect(mine!.textContent).to.contain('Email code').and.contain('This device');
    // named by device (this browser's user agent), not by sign-in method; the others' devices are unknown
    const name = (row: HTMLElement) =>
      [...row.querySelector('.name')!.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim();
    expect(name(mine!)).to.match(/^(Chrome|Firefox|Safari|Edge) on (Linux|macOS|Windows)$/);
    for (const row of others) expect(name(row)).to.equal('Another device');
    expect(mine!.querySelector('time')!.textContent).to.match(/^Signed in \d+ minutes? ago$/);
    // signing out is never the loud, primary action
    expect(el.shadowRoot!.querySelector('.button--primary')).to.equal(null);
    expect(part(el, 'sign-out-button').className).to.contain('button--secondary');
    // this test client does not renew on its own (autoRefresh: false)
    expect(part(el, 'refresh-status').textContent).to.contain('Expires at').and.not.contain('Renews automatically');
    for (const row of others) expect(row.textContent).to.contain('Active until');
    expect(mine!.querySelector('[part~="current-badge"]')).to.not.equal(null);
    expect(others.map((r) => r.textContent)).to.satisfy(
      (texts: string[]) =>
        texts.some((x) => x.includes('Text message code')) && texts.some((x) => x.includes('Passkey')),
    );
    for (const row of others) expect(row.querySelector('[part~="current-badge"]')).to.equal(null);
    expect(t.fake.calls('GET /auth/sessions')[0]!.query).to.deep.equal({ accountId: client.session!.accountId });
    await expectAccessible(el, 'list');
  });

  it('revokes another session with a signed retry from the keyboard', async () => {
    const client = await account.signedInClient();
    const other = account.addOtherSession('SMS_OTP');
    const el = await render(client);
    const revoked = nextEvent<CustomEvent>(document, 'pay-session-revoked');
    const button = rows(el)[1]!.querySelector<HTMLButtonElement>('[part~="revoke-button"]')!;
    expect(button.getAttribute('aria-label')).to.contain('Sign out').and.contain('Text message code');
    await pressEnter(button);
    expect((await revoked).detail).to.deep.equal({ sessionId: other.id, current: false });
    await until(() => rows(el).length === 1, 'the revoked row gone');
    expect(account.signed.map((s) => `${s.method} ${s.path}`)).to.deep.equal([
      `DELETE /auth/sessions/${encodeURIComponent(other.id)}`,
    ]);
    expect(client.session).to.not.equal(undefined);
    expect(announced(el)).to.contain('That session is signed out.');
    t.leaks.assertClean(el);
  });

  it('a revoke whose answer was lost is done: the row goes, no error, a retry never meets a 404 (issue 30, case 5)', async () => {
    const chain = await walletChain({ fullName: 'Sam Sessions' });
    const signers = chain.sandbox.enclaveSigners;
    const phone = new WalletClient({
      transport: chain.client.transport,
      keyStore: memoryKeyStore(),
      trustedSigners: { otp: signers, export: signers },
      autoRefresh: false,
    });
    const { accountId } = chain;
    await phone.loginWithOtp({ challenge: await phone.requestOtp({ accountId }), code: '000000' });
    const other = phone.session!.id;
    const el = await render(chain.client);
    expect(rows(el)).to.have.length(2);
    chain.loseNextAnswer(/^\/auth\/sessions\/[^/]+$/, { signed: true }); // revoked on the service, the answer lost
    await pressEnter(rows(el)[1]!.querySelector<HTMLButtonElement>('[part~="revoke-button"]')!);
    await until(() => rows(el).length === 1 && !hasState(el, 'busy'), 'the revoked row gone');
    expect(hasState(el, 'error'), 'no error').to.equal(false);
    expect(t.leaks.of('pay-session-revoked').map((e) => e.detail)).to.deep.equal([
      { sessionId: other, current: false },
    ]);
    expect(typeof chain.sandbox.state.sessions.get(other)?.revokedAt, 'revoked on the service').to.equal('number');
    expect(chain.client.session).to.not.equal(undefined);
    expect(announced(el)).to.contain('That session is signed out.');
    t.leaks.assertClean(el);
  });

  it('signs out everywhere else, keeping this device', async () => {
    const client = await account.signedInClient();
    account.addOtherSession('SMS_OTP');
    account.addOtherSession('OAUTH');
    const el = await render(client);
    await pressEnter(part(el, 'revoke-others-button'));
    await until(() => rows(el).length === 1, 'only this device left');
    expect(account.sessions.map((s) => s.id)).to.deep.equal([client.session!.id]);
    expect(t.leaks.of('pay-session-revoked')).to.have.length(2);
    expect(maybePart(el, 'revoke-others-button')).to.equal(null);
    expect(part(el, 'base').textContent).to.contain('You aren’t signed in anywhere else.');
  });

  it('signs out here: revoked on the service, the key deleted here, and the other tab signed out', async () => {
    const namespace = `tabs-${Math.random()}`;
    const client = await account.signedInClient({ namespace });
    // a second client on the same key store and namespace: another tab of the same page
    const otherTab = account.client({ keyStore: client.keyStore, namespace });
    t.cleanup(() => otherTab.close());
    await otherTab.restore();
    const here = client.session!;
    expect(otherTab.session?.id).to.equal(here.id);
    const el = await render(client);
    const revoked = nextEvent<CustomEvent>(document, 'pay-session-revoked');
    await pressEnter(part(el, 'sign-out-button'));
    expect((await revoked).detail).to.deep.equal({ sessionId: here.id, current: true });
    await until(() => hasState(el, 'signed-out'), 'signed out');
    expect(part(el, 'success').textContent).to.contain('You’re signed out on this device.');
    expect(account.sessions.some((s) => s.id === here.id)).to.equal(false);
    expect(account.signed.at(-1)).to.deep.include({
      method: 'DELETE',
      path: `/auth/sessions/${encodeURIComponent(here.id)}`,
    });
    let deleted = false;
    await requireSessionKey(here.keyId, client.keyStore).catch(() => (deleted = true));
    expect(deleted, 'the session key is deleted').to.equal(true);
    await until(() => otherTab.session === undefined, 'the other tab signed out');
    t.leaks.assertClean(el);
  });

  it('shows a renewal of the current session live, and renews on demand', async () => {
    const client = await account.signedInClient();
    const el = await render(client);
    const before = client.session!.id;
    await pressEnter(part(el, 'renew-button'));
    await until(() => client.session?.id !== before, 'renewed');
    await until(() => part(el, 'refresh-status').textContent!.includes('Renewed'), 'the renewal shown');
    expect(announced(el)).to.contain('Your session was renewed');
    // the replaced session stays active (as on the service) and is now listed as another one
    await until(() => rows(el).length === 2, 'the replaced session listed');
    expect(rows(el)[1]!.querySelector('[part~="current-badge"]')).to.equal(null);
    expect(account.signed.map((s) => s.path)).to.deep.equal([`/auth/sessions/${encodeURIComponent(before)}/refresh`]);
  });

  it('says when the current session renews itself (client.autoRefresh), and when it will expire instead', async () => {
    const client = await account.signedInClient({ autoRefresh: true });
    t.cleanup(() => client.close());
    expect(client.autoRefresh).to.equal(true);
    const el = await render(client);
    const status = () => part(el, 'refresh-status').textContent!.replace(/\s+/g, ' ').trim();
    expect(status()).to.equal('Renews automatically');
    await expectAccessible(el, 'auto-refresh');
    // the renewed session is scheduled again: still renewing itself, with the renewal shown
    const before = client.session!.id;
    await pressEnter(part(el, 'renew-button'));
    await until(() => status().includes('Renewed'), 'the renewal shown');
    expect([client.session!.id === before, client.autoRefresh]).to.deep.equal([false, true]);
    // two phrases on two lines, not one sentence glued from fragments
    expect(part(el, 'refresh-status').innerText).to.match(/^Renews automatically\nRenewed /);

    const manual = await account.signedInClient({ autoRefresh: false });
    const other = await render(manual);
    const expiry = part(other, 'refresh-status').textContent!;
    expect(expiry).to.contain('Expires at').and.not.contain('Renews automatically');
    expect(expiry).to.contain(new Date(manual.session!.expiresAt).getFullYear().toString());
  });

  it('shows the service error and a retry when the list cannot load', async () => {
    const client = await account.signedInClient();
    account.script('GET /auth/sessions', 'network-error');
    const el = await fixture<PaySessionsElement>(html`<pay-sessions .client=${client}></pay-sessions>`);
    await until(() => hasState(el, 'error'), 'the error');
    expect(part(el, 'error').textContent).to.contain('Can’t reach the server');
    await pressEnter(part(el, 'retry-button'));
    await until(() => hasState(el, 'ready'), 'loaded after retry');
    await expectAccessible(el, 'ready');
  });

  it('formats dates in European Portuguese for lang="pt", as its table is written, and Brazilian for pt-BR', async () => {
    await import('../src/translations/pt.js');
    const client = await account.signedInClient();
    const expiry = async (lang: string): Promise<string> => {
      const el = await fixture<PaySessionsElement>(html`<pay-sessions lang=${lang} .client=${client}></pay-sessions>`);
      await until(() => hasState(el, 'ready'), 'the list');
      return part(el, 'refresh-status').textContent!;
    };
    const day = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'medium' }).format(Date.parse(client.session!.expiresAt));
    expect(day, 'pt-PT writes dd/mm/yyyy').to.match(/^\d\d\/\d\d\/\d{4}$/);
    expect(await expiry('pt')).to.contain(day);
    expect(await expiry('pt-PT')).to.contain(day);
    expect(await expiry('pt-BR'), 'pt-BR: the words of the pt table, the dates of Brazil')
      .to.contain(' de ')
      .and.contain('Expira');
  });

  it('speaks Spanish', async () => {
    await import('../src/translations/es.js');
    const client = await account.signedInClient();
    const el = await fixture<PaySessionsElement>(html`<pay-sessions lang="es" .client=${client}></pay-sessions>`);
    await until(() => hasState(el, 'ready'), 'the list');
    expect(part(el, 'sign-out-button').textContent).to.contain('Cerrar sesión en este dispositivo');
    expect(part(el, 'refresh-status').textContent).to.contain('Caduca el');
    const renewing = await account.signedInClient({ autoRefresh: true });
    t.cleanup(() => renewing.close());
    const auto = await fixture<PaySessionsElement>(html`<pay-sessions lang="es" .client=${renewing}></pay-sessions>`);
    await until(() => hasState(auto, 'ready'), 'the list');
    expect(part(auto, 'refresh-status').textContent).to.contain('Se renueva automáticamente');
  });
});
