import { expect } from 'chai';
import { afterEach, before, beforeEach, describe, it, itWhen } from '@paykit/test-harness/suite';
import '../src/define/pay-oauth-button.js';
import '../src/translations/es.js';
import type { OAuthProviderConfig, PayOAuthButtonElement } from '../src/oauth-button/oauth-button.js';
import type { PayError } from '@paykit/crypto-core';
import { PENDING_KEY, RESULT_KEY } from '../src/oauth-button/oauth-protocol.js';
import { expectAccessible, fixture, hasState, html, part, until, watchForLeaks } from './helpers/dom.js';
import { oauthAccount, popupsAllowed as probePopups, type OAuthSandbox } from '@paykit/test-harness/oauth-sandbox';

/** WebKitGTK under WebDriver blocks windows a script opens without a user gesture: popup tests skip there. */
const popupsAllowed = probePopups();
const POPUPS_BLOCKED = 'this engine blocks script-opened windows under automation (the redirect tests cover it)';

const CLIENT_ID = 'paykit-elements-tests';
const FIXTURES = new URL('./fixtures/', import.meta.url);
const REDIRECT_URI = new URL('oauth-callback.html', FIXTURES).href;

describe('<pay-oauth-button> against the sandbox and its identity provider', () => {
  let started: OAuthSandbox;
  let credentialId: string;
  let requests: string[];
  const sub = `idp-user-${Math.random().toString(36).slice(2)}`;

  const account = oauthAccount({ sub, clientId: CLIENT_ID, redirectUri: REDIRECT_URI }, (request) =>
    requests.push(`${request.method} ${request.path}`),
  );
  const newClient = account.newClient;
  const config = (params: Record<string, string> = {}, endpoint?: string): OAuthProviderConfig => ({
    authorizationEndpoint: endpoint ?? `${started.idpOrigin}/authorize`,
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    params: { login_hint: sub, ...params },
  });
  const verifies = () => requests.filter((r) => / \/auth\/credentials\/[^/]+\/verify$/.test(r));

  /** Records the windows the element opens. */
  let opened: Window[];
  /** The URL each window was opened on. */
  let openedOn: string[];
  const realOpen = window.open;
  beforeEach(() => {
    requests = [];
    opened = [];
    openedOn = [];
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = realOpen.apply(window, args);
      if (popup) opened.push(popup);
      openedOn.push(String(args[0] ?? ''));
      return popup;
    };
  });
  afterEach(async () => {
    window.open = realOpen;
    for (const popup of opened) popup.close();
    // The next test's popup has the same window name: this one must be gone first.
    await until(() => opened.every((popup) => popup.closed), 'the popups to close');
  });

  before(async () => {
    // The account gets an OAUTH credential for `sub` at the sandbox IdP, as a signed-in user would add one.
    requests = [];
    ({ credentialId, ...started } = await account.start());
  });

  const render = async (cfg: OAuthProviderConfig, provider = 'google'): Promise<PayOAuthButtonElement> => {
    const el = await fixture<PayOAuthButtonElement>(
      html`<pay-oauth-button provider=${provider} auth-method-id=${credentialId}></pay-oauth-button>`,
    );
    el.config = cfg;
    el.client = await newClient();
    await el.updateComplete;
    return el;
  };
  const nextOf = (el: Element, type: string) =>
    new Promise<CustomEvent>((resolve) => el.addEventListener(type, (e) => resolve(e as CustomEvent), { once: true }));

  it('is branded and named per provider, translated, and axe clean', async () => {
    const el = await render(config(), 'google');
    expect(part(el, 'oauth-button').textContent!.trim()).to.equal('Continue with Google');
    expect(part(el, 'oauth-button').querySelector('svg.logo')).to.exist;
    await expectAccessible(el, 'google');
    el.provider = 'apple';
    el.locale = 'es';
    await el.updateComplete;
    expect(part(el, 'oauth-button').textContent!.trim()).to.equal('Continuar con Apple');
    await expectAccessible(el, 'apple, es');
  });

  itWhen(
    popupsAllowed,
    POPUPS_BLOCKED,
    'popup: binds the nonce to the session key, takes the token from the callback and signs in',
    async () => {
      const leaks = watchForLeaks();
      const el = await render(config({ auto: '1' }));
      const session = nextOf(el, 'pay-session');
      part(el, 'oauth-button').click();
      const event = await session;
      leaks.stop();
      await el.updateComplete;
      expect(event.detail.session).to.include({ accountId: started.accountId, type: 'OAUTH' });
      expect(hasState(el, 'signed-in')).to.equal(true);
      expect(opened).to.have.length(1);
      // opened on the redirect URI, not about:blank (WebKit cuts off an about:blank popup that changes origin)
      expect(openedOn).to.deep.equal([REDIRECT_URI]);
      expect(verifies()).to.have.length(1);
      // No token in the page's URL, storage or events.
      expect(location.href).not.to.contain('id_token');
      expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
      expect(sessionStorage.getItem(RESULT_KEY)).to.equal(null);
      expect(JSON.stringify(leaks.events)).not.to.match(/eyJ/);
      await expectAccessible(el, 'signed in');
    },
  );

  itWhen(
    popupsAllowed,
    POPUPS_BLOCKED,
    'a token bound to another key (nonce mismatch) is refused by the sandbox: pay-error, no session',
    async () => {
      const el = await render(config({ auto: '1', test_nonce: 'f'.repeat(64) }));
      const error = nextOf(el, 'pay-error');
      part(el, 'oauth-button').click();
      expect((await error).detail.code).to.equal('UNAUTHORIZED');
      await el.updateComplete;
      expect(verifies()).to.have.length(1);
      expect(part(el, 'error').textContent).to.contain('This sign-in wasn’t accepted.');
      expect(part(el, 'error').textContent).not.to.contain('nonce'); // the service's reason is not shown
      expect(hasState(el, 'error')).to.equal(true);
      await expectAccessible(el, 'rejected');
    },
  );

  itWhen(
    popupsAllowed,
    POPUPS_BLOCKED,
    'a closed popup is a cancelled sign-in that deletes its key, and the button works again (with an older client too)',
    async () => {
      const el = await render(config()); // the consent page waits for the user
      const client = el.client!;
      const discarded: string[] = [];
      const discardOAuth = client.discardOAuth.bind(client);
      client.discardOAuth = (keyId) => (discarded.push(keyId), discardOAuth(keyId));
      /** Presses the button, closes the popup it opens (the nth), and waits for the cancel it reports. */
      const cancelPopup = async (nth: number) => {
        const error = nextOf(el, 'pay-error');
        part(el, 'oauth-button').click();
        await until(() => opened.length === nth && hasState(el, 'pending'), `popup ${nth}`);
        opened[nth - 1]!.close();
        expect((await error).detail.code).to.equal('OAUTH_CANCELLED');
        await el.updateComplete;
      };
      await cancelPopup(1);
      expect(part(el, 'error').textContent).to.contain('Sign-in was cancelled.');
      expect(verifies()).to.have.length(0);
      expect(hasState(el, 'idle')).to.equal(true);
      expect(discarded).to.have.length(1);
      const gone = await client.prepareOAuth({ keyId: discarded[0]! }).catch((e: unknown) => e);
      expect((gone as PayError).code, 'the unused key is deleted').to.equal('KEY_NOT_FOUND');

      // a client of an older copy of the core, without discardOAuth: the cancel is still reported
      (client as { discardOAuth?: unknown }).discardOAuth = undefined;
      await cancelPopup(2);
      expect(hasState(el, 'idle')).to.equal(true);
    },
  );

  itWhen(popupsAllowed, POPUPS_BLOCKED, 'leaving the page closes the popup quietly: no error, no request', async () => {
    const leaks = watchForLeaks();
    const el = await render(config()); // the consent page waits for the user
    part(el, 'oauth-button').click();
    await until(() => opened.length === 1 && hasState(el, 'pending'), 'the popup');
    el.remove();
    await until(() => opened[0]!.closed, 'the popup to close');
    leaks.stop();
    expect(leaks.of('pay-error')).to.have.length(0);
    expect(verifies()).to.have.length(0);
  });

  itWhen(
    popupsAllowed,
    POPUPS_BLOCKED,
    'an answer with another state is refused before any request to the service',
    async () => {
      const el = await render(config({ forge: 'state' }, new URL('oauth-forger.html', FIXTURES).href));
      const error = nextOf(el, 'pay-error');
      part(el, 'oauth-button').click();
      expect((await error).detail.code).to.equal('OAUTH_STATE_MISMATCH');
      await el.updateComplete;
      expect(verifies()).to.have.length(0);
    },
  );

  itWhen(
    popupsAllowed,
    POPUPS_BLOCKED,
    'a message from another origin is ignored, even from the popup with the right state',
    async () => {
      const forger = new URL('oauth-forger.html', FIXTURES);
      forger.hostname = forger.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
      const el = await render(config({ forge: 'origin' }, forger.href));
      const error = nextOf(el, 'pay-error');
      part(el, 'oauth-button').click();
      // The forger posts the right state with a token, then closes itself: only the close counts.
      expect((await error).detail.code).to.equal('OAUTH_CANCELLED');
      await el.updateComplete;
      expect(verifies()).to.have.length(0);
    },
  );

  describe('redirect (popups blocked, or mode="redirect")', () => {
    let frame: HTMLIFrameElement | undefined;
    afterEach(() => {
      frame?.remove();
      frame = undefined;
      delete (window as { oauthHost?: unknown }).oauthHost;
      sessionStorage.removeItem(PENDING_KEY);
      sessionStorage.removeItem(RESULT_KEY);
    });

    /** Loads the platform page in a frame; the redirect leaves it and comes back to it. */
    const host = async (cfg: OAuthProviderConfig, mode: 'popup' | 'redirect', query = '') => {
      const state = {
        events: [] as string[],
        loads: 0,
        config: cfg,
        mode,
        authMethodId: credentialId,
        client: await newClient(),
      };
      (window as { oauthHost?: unknown }).oauthHost = state;
      frame = document.createElement('iframe');
      frame.title = 'platform page';
      frame.src = new URL(`oauth-host.html${query}`, FIXTURES).href;
      document.body.append(frame);
      await until(() => state.loads === 1, 'the platform page', 10_000);
      const button = () =>
        frame!
          .contentDocument!.querySelector('pay-oauth-button')!
          .shadowRoot!.querySelector<HTMLButtonElement>('[part~="oauth-button"]')!;
      await until(() => !!button(), 'the button');
      return { state, button };
    };

    it('falls back to the redirect where popups are blocked, and resumes on return', async () => {
      const { state, button } = await host(config({ auto: '1' }), 'popup', '?block-popups');
      button().click();
      await until(() => state.events.length > 0, 'the return', 15_000);
      expect(state.events).to.deep.equal(['pay-session']);
      expect(state.loads).to.equal(2);
      expect(verifies()).to.have.length(1);
      // The stored records are gone, and the fragment with the token left no trace in the frame's URL.
      expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
      expect(sessionStorage.getItem(RESULT_KEY)).to.equal(null);
      expect(frame!.contentWindow!.location.href).not.to.contain('id_token');
    });

    it('mode="redirect": a token bound to another key is refused by the sandbox after the return', async () => {
      const { state, button } = await host(config({ auto: '1', test_nonce: 'f'.repeat(64) }), 'redirect');
      button().click();
      await until(() => state.events.length > 0, 'the return', 15_000);
      expect(state.events).to.deep.equal(['UNAUTHORIZED']);
      expect(verifies()).to.have.length(1);
    });

    it('mode="redirect": a returned answer with another state is refused, and the records are deleted', async () => {
      const forger = new URL('oauth-forger.html', FIXTURES).href;
      const { state, button } = await host(config({ forge: 'redirect-state' }, forger), 'redirect');
      button().click();
      await until(() => state.events.length > 0, 'the return', 15_000);
      expect(state.events).to.deep.equal(['OAUTH_STATE_MISMATCH']);
      expect(verifies()).to.have.length(0);
      expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
      expect(sessionStorage.getItem(RESULT_KEY)).to.equal(null);
    });
  });
});
