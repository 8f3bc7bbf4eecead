import { html, nothing, svg, type PropertyValues, type PropertyDeclarations } from 'lit';
import { PayError, type OAuthPreparation, type WalletClient } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import type { ErrorView } from '../shared/errors.js';
import { PaySessionEvent, summarizeSession } from '../shared/events.js';
import type { MessageKey } from '../shared/i18n.js';
import { keyIcon } from '../shared/icons.js';
import { oauthButtonStyles } from './oauth-button.styles.js';
import {
  OAUTH_MESSAGE_TYPE,
  OAUTH_POPUP_NAME,
  PENDING_KEY,
  RESULT_KEY,
  authorizationUrl,
  newOAuthState,
  readRecord,
  removeRecord,
  writeRecord,
  type OAuthPending,
  type OAuthProviderConfig,
  type OAuthResult,
} from './oauth-protocol.js';
import './oauth-button.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { oauthButtonMessages } from './oauth-button.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', oauthButtonMessages);

export type { OAuthProviderConfig } from './oauth-protocol.js';

/** Codes of the OAuth failures the element raises itself (as `PayError`s, heard in `pay-error`). */
export const OAuthErrorCode = {
  /** The popup was closed, or the user declined at the provider. */
  CANCELLED: 'OAUTH_CANCELLED',
  /** The answer's `state` is not the one this sign-in sent. */
  STATE_MISMATCH: 'OAUTH_STATE_MISMATCH',
  /** The provider answered with an error other than a refusal, or without a token. */
  PROVIDER_ERROR: 'OAUTH_PROVIDER_ERROR',
  /** No configuration for this provider (`config` or `registerOAuthProviders`). */
  NOT_CONFIGURED: 'OAUTH_NOT_CONFIGURED',
} as const;

const MESSAGES: Record<string, MessageKey> = {
  [OAuthErrorCode.CANCELLED]: 'oauth.cancelled',
  [OAuthErrorCode.STATE_MISMATCH]: 'oauth.stateMismatch',
  [OAuthErrorCode.PROVIDER_ERROR]: 'oauth.providerError',
  [OAuthErrorCode.NOT_CONFIGURED]: 'oauth.notConfigured',
  UNAUTHORIZED: 'oauth.rejected',
  INVALID_INPUT: 'oauth.rejected',
};

/** A redirect that has not come back within this time is forgotten. */
const PENDING_TTL_MS = 10 * 60 * 1000;

const registry = new Map<string, OAuthProviderConfig>();

/** Registers the configuration of each provider by name, for every `<pay-oauth-button>` without its own `config`. */
export function registerOAuthProviders(configs: Readonly<Record<string, OAuthProviderConfig>>): void {
  for (const [name, config] of Object.entries(configs)) registry.set(name, config);
}

const googleLogo = svg`<svg class="logo" viewBox="0 0 48 48" aria-hidden="true"><path fill="#EA4335" d="M24 9.5c3.5 0 6.7 1.2 9.2 3.6l6.9-6.9C35.9 2.4 30.5 0 24 0 14.6 0 6.5 5.4 2.6 13.2l8 6.2C12.4 13.7 17.7 9.5 24 9.5z"/><path fill="#4285F4" d="M47 24.6c0-1.6-.2-3.1-.4-4.6H24v9h12.9c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 7.2-10.4 7.2-17.6z"/><path fill="#FBBC05" d="M10.5 28.6c-.5-1.5-.8-3-.8-4.6s.3-3.1.8-4.6l-8-6.2C.9 16.5 0 20.1 0 24s.9 7.5 2.6 10.8l7.9-6.2z"/><path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-4.9 2.3-8.2 2.3-6.3 0-11.6-4.2-13.5-9.9l-8 6.2C6.5 42.6 14.6 48 24 48z"/></svg>`;
const appleLogo = svg`<svg class="logo" viewBox="0 0 384 512" aria-hidden="true"><path fill="currentColor" d="M318.7 268.7c-.2-36.7 16.4-64.4 50-84.8-18.8-26.9-47.2-41.7-84.7-44.6-35.5-2.8-74.3 20.7-88.5 20.7-15 0-49.4-19.7-76.4-19.7C63.3 141.2 4 184.8 4 273.5q0 39.3 14.4 81.2c12.8 36.7 59 126.7 107.2 125.2 25.2-.6 43-17.9 75.8-17.9 31.8 0 48.3 17.9 76.4 17.9 48.6-.7 90.4-82.5 102.6-119.3-65.2-30.7-61.7-90-61.7-91.9zm-56.6-164.2c27.3-32.4 24.8-61.9 24-72.5-24.1 1.4-52 16.4-67.9 34.9-17.5 19.8-27.8 44.3-25.6 71.9 26.1 2 49.9-11.4 69.5-34.3z"/></svg>`;
const microsoftLogo = svg`<svg class="logo" viewBox="0 0 20 20" aria-hidden="true"><path fill="#F25022" d="M0 0h9.5v9.5H0z"/><path fill="#7FBA00" d="M10.5 0H20v9.5h-9.5z"/><path fill="#00A4EF" d="M0 10.5h9.5V20H0z"/><path fill="#FFB900" d="M10.5 10.5H20V20h-9.5z"/></svg>`;

/** A one-colour mark drawn in the button's text colour (GitHub, X and Facebook allow only that, or white). */
const mark = (d: string) =>
  svg`<svg class="logo" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d=${d}/></svg>`;
const githubLogo = mark(
  'M12 .3a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2c-3.3.7-4-1.6-4-1.6-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1.1 1.9 2.8 1.3 3.5 1 .1-.8.4-1.3.8-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2-.1-.3-.5-1.5.1-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.6 18.3 5 18.3 5c.7 1.7.2 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.5.4.9 1.1.9 2.2v3.3c0 .3.1.7.8.6A12 12 0 0 0 12 .3',
);
const xLogo = mark(
  'M18.9 1.2h3.7l-8 9.1L24 22.8h-7.4l-5.8-7.6-6.6 7.6H.5L9 13 0 1.2h7.6l5.2 6.9zm-1.3 19.4h2L6.5 3.2H4.3z',
);
const facebookLogo = mark(
  'M9.1 23.7v-8H6.6V12h2.5v-1.6c0-4.1 1.8-6 5.9-6 .8 0 2.1.2 2.6.3V8l-1.4-.1c-2 0-2.7.8-2.7 2.7V12h3.9l-.7 3.7h-3.2v8.2A12 12 0 1 0 9.1 23.7',
);

/**
 * Built-in branding: the provider's name (never translated) and logo, drawn as each provider's brand
 * guidelines ask (colours in oauth-button.styles.ts); any other provider gets a neutral button and a key.
 */
const BRANDS: Record<string, { name: string; logo: unknown }> = {
  google: { name: 'Google', logo: googleLogo },
  apple: { name: 'Apple', logo: appleLogo },
  microsoft: { name: 'Microsoft', logo: microsoftLogo },
  github: { name: 'GitHub', logo: githubLogo },
  x: { name: 'X', logo: xLogo },
  facebook: { name: 'Facebook', logo: facebookLogo },
};

const oauthError = (code: string, message: string): PayError => new PayError(code, message);

/** Deletes the key of a preparation that will not sign in; a client of an older copy (no `discardOAuth`) keeps it. */
const discard = (client: WalletClient, keyId: string): Promise<void> | undefined =>
  client.discardOAuth?.(keyId).catch(() => undefined);

type Phase = 'idle' | 'pending' | 'redirecting' | 'signed-in';

/**
 * "Continue with Google" (or Apple, Microsoft, any OIDC provider): signs in to the wallet with an
 * identity token whose `nonce` binds it to a new session key, as the wallet protocol requires
 * (`client.prepareOAuth()`: the key is made first, nonce = SHA-256 of its hex). The provider's page
 * opens in a popup (opened inside the click, so it is not blocked, on the redirect URI and sent on to the
 * provider once that page shows: WebKit cuts a popup off from the page when it leaves its initial
 * `about:blank` for another origin under COOP `same-origin-allow-popups`); where the browser blocks popups,
 * or with `mode="redirect"`, the whole page goes to the provider and the element resumes when the
 * platform's callback page brings it back. A fresh `state` is sent and checked; the popup's answer is
 * taken only from the redirect URI's origin and from the popup itself; a closed popup is a cancelled
 * sign-in. The token never appears in the page's URL, an event, a log or storage (the redirect
 * fallback keeps it for one page load, see oauth-protocol.ts). The platform hosts
 * `completeOAuthCallback()` (`@paykit/elements/oauth-callback`) at its redirect URI.
 *
 * @summary OAuth / OpenID Connect sign-in button (popup, with a redirect fallback).
 *
 * @event {PaySessionEvent} pay-session - Signed in. `detail.session: { id, accountId, type, expiresAt }`.
 *
 * @csspart base - The surface around everything.
 * @csspart button - Every button.
 * @csspart oauth-button - The "Continue with …" button.
 * @csspart error - The error box.
 * @csspart success - The signed-in message.
 *
 * @cssstate idle - Ready.
 * @cssstate pending - Waiting for the provider's popup, or signing in.
 * @cssstate redirecting - Leaving for the provider's page (redirect mode).
 * @cssstate signed-in - Signed in; `pay-session` was emitted.
 * @cssstate error - An error is shown.
 */
export class PayOAuthButtonElement extends PayElement {
  static override styles = [...PayElement.styles, oauthButtonStyles];

  static override properties: PropertyDeclarations = {
    provider: { reflect: true },
    authMethodId: { attribute: 'auth-method-id' },
    mode: {},
    config: { attribute: false },
  };

  /** The provider: `google`, `apple`, `microsoft`, `github`, `x`, `facebook` (branded) or any name registered by the platform. */
  declare provider: string;

  /** The `AuthMethod` id (`AuthMethod:…`) of the account's OAuth method. */
  declare authMethodId: string | undefined;

  /** `popup` (default: a popup, the redirect where popups are blocked) or `redirect` (always the redirect). */
  declare mode: 'popup' | 'redirect';

  /** The provider's configuration from the platform; default the one given to `registerOAuthProviders`. Not an attribute. */
  declare config: OAuthProviderConfig | undefined;

  constructor() {
    super();
    this.provider = '';
    this.mode = 'popup';
  }

  #phase: Phase = 'idle';
  #error: ErrorView | undefined;
  /** Bumped by every attempt and when the element leaves: a settling attempt that is not current is ignored. */
  #attempt = 0;
  #resumeChecked = false;
  /** Ends the popup wait (listener and poll) of the current attempt. */
  #stopWaiting: (() => void) | undefined;

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  get #config(): OAuthProviderConfig | undefined {
    return this.config ?? registry.get(this.provider);
  }

  get #providerName(): string {
    return BRANDS[this.provider]?.name ?? this.#config?.displayName ?? this.provider;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resumeChecked = false;
    // A popup still open is closed and its sign-in dropped quietly; a sign-in already past the popup
    // finishes, and its pay-session still reaches document.
    if (this.#stopWaiting) {
      this.#attempt++;
      this.#stopWaiting();
      this.#phase = 'idle';
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (!this.#resumeChecked && this.provider && this.hasClient) {
      this.#resumeChecked = true;
      this.#resume();
    }
  }

  protected override render(): unknown {
    if (this.#phase === 'signed-in') {
      return html`<div part="base" class="base">
        ${this.renderSuccess(this.t('oauth.signedIn'))} ${this.live.render()}
      </div>`;
    }
    const busy = this.#phase !== 'idle';
    const provider = this.#providerName;
    return html`<div part="base" class="base">
      <button
        part="button oauth-button"
        class="button button--secondary button--block oauth"
        type="button"
        aria-busy=${busy ? 'true' : 'false'}
        @click=${this.#onClick}
      >
        ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : (BRANDS[this.provider]?.logo ?? keyIcon)}
        <span>${this.t('oauth.continueWith', { provider })}</span>
      </button>
      ${
        busy
          ? html`<p class="text waiting">
              ${this.t(this.#phase === 'redirecting' ? 'oauth.redirecting' : 'oauth.waiting', { provider })}
            </p>`
          : nothing
      }
      ${this.renderErrorBox(this.#error)} ${this.live.render()}
    </div>`;
  }

  /** Opens the popup inside the click (before anything is awaited), so the browser allows it. */
  readonly #onClick = (): void => {
    if (this.#phase !== 'idle') return;
    let client: WalletClient;
    let config: OAuthProviderConfig;
    try {
      client = this.requireClient();
      const found = this.#config;
      if (!found) throw oauthError(OAuthErrorCode.NOT_CONFIGURED, `No OAuth configuration for "${this.provider}"`);
      config = found;
    } catch (error) {
      this.#fail(error);
      return;
    }
    let popup: Window | null = null;
    if (this.mode !== 'redirect') {
      const width = 480;
      const height = 640;
      const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
      const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
      // The popup starts on the redirect URI, not on about:blank: WebKit cuts off a popup whose initial
      // about:blank (which inherits the page's COOP same-origin-allow-popups) goes to another origin.
      popup = window.open(
        config.redirectUri,
        OAUTH_POPUP_NAME,
        `popup,width=${width},height=${height},left=${left},top=${top}`,
      );
    }
    void this.#signIn(client, config, popup);
  };

  async #signIn(client: WalletClient, config: OAuthProviderConfig, popup: Window | null): Promise<void> {
    const attempt = this.#begin('pending');
    this.#stopWaiting = () => popup?.close(); // leaving the page before the wait starts
    let prepared: OAuthPreparation | undefined;
    try {
      prepared = await client.prepareOAuth();
      const state = newOAuthState();
      const url = authorizationUrl(config, { state, nonce: prepared.nonce });
      if (attempt !== this.#attempt) throw oauthError(OAuthErrorCode.CANCELLED, 'The element left the page');
      if (popup?.closed) throw oauthError(OAuthErrorCode.CANCELLED, 'The sign-in window was closed');
      if (!popup) {
        // Popups blocked (or redirect mode): the whole page goes to the provider and comes back.
        const pending: OAuthPending = {
          state,
          keyId: prepared.sessionKey.id,
          provider: this.provider,
          authMethodId: this.authMethodId ?? '',
          returnTo: location.href,
          createdAt: Date.now(),
        };
        writeRecord(PENDING_KEY, pending);
        this.#phase = 'redirecting';
        this.requestUpdate();
        location.assign(url);
        return;
      }
      await popupLeftBlank(popup, () => attempt !== this.#attempt);
      if (attempt !== this.#attempt) throw oauthError(OAuthErrorCode.CANCELLED, 'The element left the page');
      if (popup.closed) throw oauthError(OAuthErrorCode.CANCELLED, 'The sign-in window was closed');
      popup.location.href = url;
      const idToken = await this.#waitForPopup(popup, state, new URL(config.redirectUri).origin);
      await this.#login(client, attempt, idToken, prepared);
    } catch (error) {
      if (attempt === this.#attempt) this.#stopWaiting = undefined;
      popup?.close();
      if (prepared) await discard(client, prepared.sessionKey.id);
      if (attempt === this.#attempt) this.#fail(error);
    }
  }

  /** Resolves with the popup's id token; only a message from the popup, from the redirect URI's origin, counts. */
  #waitForPopup(popup: Window, state: string, origin: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let closedAt = 0;
      const stop = (): void => {
        window.removeEventListener('message', onMessage);
        clearInterval(poll);
        this.#stopWaiting = undefined;
      };
      const onMessage = (event: MessageEvent): void => {
        const data = event.data as Partial<OAuthResult> & { type?: unknown };
        if (event.source !== popup || event.origin !== origin || data?.type !== OAUTH_MESSAGE_TYPE) return;
        stop();
        try {
          resolve(checkResult(data, state));
        } catch (error) {
          reject(error);
        }
      };
      // A closed popup is a cancellation, after a moment's grace for a message already on its way.
      const poll = setInterval(() => {
        if (!popup.closed) return;
        if (!closedAt) closedAt = Date.now();
        else if (Date.now() - closedAt >= 500) {
          stop();
          reject(oauthError(OAuthErrorCode.CANCELLED, 'The sign-in window was closed'));
        }
      }, 250);
      this.#stopWaiting = () => {
        stop();
        reject(oauthError(OAuthErrorCode.CANCELLED, 'The element left the page'));
      };
      window.addEventListener('message', onMessage);
    });
  }

  /** Back from the redirect: takes the stored answer (deleting it first) and finishes the sign-in. */
  #resume(): void {
    const pending = readRecord<OAuthPending>(PENDING_KEY);
    if (!pending || pending.provider !== this.provider) return;
    const result = readRecord<OAuthResult>(RESULT_KEY);
    const expired = Date.now() - pending.createdAt > PENDING_TTL_MS;
    if (!result && !expired) return;
    removeRecord(PENDING_KEY);
    removeRecord(RESULT_KEY);
    const client = this.requireClient();
    const attempt = this.#begin('pending');
    void (async () => {
      try {
        if (!result) throw oauthError(OAuthErrorCode.CANCELLED, 'The sign-in did not come back');
        const idToken = checkResult(result, pending.state);
        const prepared = await client.prepareOAuth({ keyId: pending.keyId });
        this.authMethodId ||= pending.authMethodId;
        await this.#login(client, attempt, idToken, prepared);
      } catch (error) {
        await discard(client, pending.keyId);
        if (attempt === this.#attempt) this.#fail(error);
      }
    })();
  }

  async #login(client: WalletClient, attempt: number, oidcToken: string, prepared: OAuthPreparation): Promise<void> {
    const session = await client.loginWithOAuth({ authMethodId: this.authMethodId ?? '', oidcToken, prepared });
    if (attempt !== this.#attempt) return;
    this.#phase = 'signed-in';
    this.dispatchEvent(new PaySessionEvent(summarizeSession(session)));
    this.live.announce(this.t('oauth.signedIn'));
    this.requestUpdate();
  }

  #begin(phase: Phase): number {
    this.#phase = phase;
    this.#error = undefined;
    this.requestUpdate();
    return ++this.#attempt;
  }

  #fail(error: unknown): void {
    this.#phase = 'idle';
    this.#error = this.reportError(error, MESSAGES);
    this.requestUpdate();
  }
}

/** Resolves once the popup shows the page it was opened on (not its initial about:blank), is closed, or `gone()`. */
async function popupLeftBlank(popup: Window, gone: () => boolean): Promise<void> {
  for (;;) {
    try {
      if (popup.closed || gone() || (popup.location.href !== 'about:blank' && popup.document.readyState !== 'loading'))
        return;
    } catch {
      return; // another origin's page: it left about:blank
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The id token of a callback answer whose state is `state`, or the error it stands for. */
function checkResult(result: Partial<OAuthResult>, state: string): string {
  if (result.state !== state) throw oauthError(OAuthErrorCode.STATE_MISMATCH, 'The answer is not for this sign-in');
  if (result.error === 'access_denied') throw oauthError(OAuthErrorCode.CANCELLED, 'Declined at the provider');
  if (result.error || typeof result.idToken !== 'string' || !result.idToken)
    throw oauthError(OAuthErrorCode.PROVIDER_ERROR, 'The provider did not return an id token');
  return result.idToken;
}
