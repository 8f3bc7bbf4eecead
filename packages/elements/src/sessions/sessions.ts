/**
 * `<pay-sessions>`: the signed-in user's active sessions (`GET /auth/sessions`) with this device's
 * marked, each named by its device where it is known (browser and system; the service records none, so
 * only this device's: sessions/device-name.ts) and by its sign-in method and when, each other one revocable (`revokeSession(client, …)`, a signed retry), "Sign out everywhere
 * else", and "Sign out on this device" (`client.logout`: revokes on the service, deletes the key here,
 * and every other tab of the same client namespace hears it through the client's session channel).
 * The current session's auto-refresh state (`client.autoRefresh`: "Renews automatically", or "Expires
 * at …" when the client will not renew it on its own) and its renewals (automatic or "Renew now") are
 * shown live from `client.subscribe`.
 *
 * @example
 *   <pay-sessions></pay-sessions>
 *   document.addEventListener('pay-session-revoked', (e) => e.detail.current && location.assign('/'));
 */
import { html, nothing } from 'lit';
import { listSessions, revokeSession, type AuthSession, type WalletClient } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { credentialTypeKey, formatTime } from '../shared/account-format.js';
import { Action } from '../shared/action.js';
import { SessionLoad } from '../shared/keyed-load.js';
import { deviceOf, timeAgo } from './device-name.js';
import { PaySessionRevokedEvent } from './sessions-events.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { Reconcile } from '../shared/reconcile.js';
import './sessions.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { sessionsMessages } from './sessions.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', sessionsMessages);

type Phase = 'loading' | 'ready' | 'signed-out';

/**
 * Lists the account's active sessions and signs them out: one, every other one, or this device's.
 *
 * @summary Active sessions, with sign-out here, elsewhere and everywhere else.
 *
 * @event {PaySessionRevokedEvent} pay-session-revoked - A session was revoked. `detail: { sessionId, current }` (`current`: it was this page's, now signed out here and in every tab).
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart list - The list of sessions.
 * @csspart session - One session row.
 * @csspart current-badge - The "This device" badge of the current session.
 * @csspart refresh-status - The current session's auto-refresh state ("Renews automatically" or its expiry) and last renewal.
 * @csspart button - Every button.
 * @csspart revoke-button - "Sign out" of another session.
 * @csspart revoke-others-button - "Sign out everywhere else".
 * @csspart renew-button - "Renew now".
 * @csspart sign-out-button - "Sign out on this device".
 * @csspart checking - "Checking…" while the list is read after a revoke whose answer was lost.
 * @csspart error - The error box.
 * @csspart success - The signed-out message.
 *
 * @cssstate loading - The list is being fetched.
 * @cssstate ready - The list is shown.
 * @cssstate busy - A revocation or renewal is running.
 * @cssstate signed-out - There is no session on this page.
 * @cssstate error - An error is shown.
 */
export class PaySessionsElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles];

  #sessions: AuthSession[] = [];
  #loaded = false;
  /** When the client last renewed the current session while this element watched. */
  #renewedAt: number | undefined;
  /** The list, read again when the client or its session changes (a renewal is announced). */
  readonly #load = new SessionLoad(this, {
    key: (session) => [session?.id],
    changed: (session, before) => {
      if (session && before && session.id !== before.id && session.accountId === before.accountId) {
        this.#renewedAt = Date.now();
        this.live.announce(this.t('sessions.renewed', { time: formatTime(this.resolvedLocale, session.expiresAt) }));
      }
    },
    read: (client) => listSessions(client),
    apply: (sessions) => {
      this.#sessions = sessions ?? [];
      this.#loaded = !!sessions;
      if (sessions) this.#action.error = undefined;
    },
    fail: (error) => void (this.#action.error = this.reportError(error)),
  });
  /** One action at a time, with the buttons disabled; failures are shown and reported. */
  readonly #action = new Action(this);
  /** After a revoke whose answer was lost: the list as it is now ("Checking…"). */
  readonly #check = new Reconcile(this);

  protected override get states(): PayStates {
    return [this.#phase, !!this.#action.busy && 'busy', !!this.#action.error && 'error'];
  }

  get #phase(): Phase {
    if (!this.#load.session) return 'signed-out';
    return this.#loaded ? 'ready' : 'loading';
  }

  /** Revokes one session; when the outcome is unknown (its answer lost), done if the list no longer has it. */
  async #revokeOne(client: WalletClient, id: string): Promise<void> {
    try {
      await revokeSession(client, id);
    } catch (error) {
      const sessions = await this.#check.read(error, () => listSessions(client));
      if (!sessions || sessions.some((s) => s.id === id)) throw error;
    }
  }

  #revoke(session: AuthSession): Promise<void> {
    return this.#action.run(async (client) => {
      await this.#revokeOne(client, session.id);
      this.dispatchEvent(new PaySessionRevokedEvent(session.id, false));
      this.live.announce(this.t('sessions.revoked'));
      await this.#load.load();
    });
  }

  #revokeOthers = (): Promise<void> =>
    this.#action.run(async (client) => {
      const here = client.session?.id;
      for (const session of this.#sessions.filter((s) => s.id !== here)) {
        await this.#revokeOne(client, session.id);
        this.dispatchEvent(new PaySessionRevokedEvent(session.id, false));
      }
      this.live.announce(this.t('sessions.revokedOthers'));
      await this.#load.load();
    });

  #renew = (): Promise<void> =>
    this.#action.run(async (client) => {
      await client.refreshSession();
    });

  #signOut = (): Promise<void> =>
    this.#action.run(async (client) => {
      const id = client.session?.id;
      try {
        await client.logout();
      } finally {
        // logout clears the key here and in every tab even when the service could not be told
        if (id && !client.session) this.dispatchEvent(new PaySessionRevokedEvent(id, true));
      }
      this.live.announce(this.t('sessions.signedOut'));
    });

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('sessions.title')}</h2>
      ${this.#renderBody()} ${this.#check.render()}
      ${this.renderErrorBox(this.#action.error, this.#loaded ? {} : { retry: () => this.#load.load() })}
      ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    const phase = this.#phase;
    if (phase === 'signed-out') return this.renderSuccess(this.t('sessions.signedOut'));
    if (phase === 'loading') return html`<p class="text">${this.t('sessions.loading')}</p>`;
    const here = this.#load.session!;
    const others = this.#sessions.filter((s) => s.id !== here.id);
    const mine = this.#sessions.find((s) => s.id === here.id) ?? here;
    return html`
      <ul part="list" class="list">
        ${this.#renderRow(mine, true)} ${others.map((s) => this.#renderRow(s, false))}
      </ul>
      ${others.length ? nothing : html`<p class="text">${this.t('sessions.none')}</p>`}
      <div class="actions">
        ${
          others.length
            ? html`<button
                part="button revoke-others-button"
                class="button button--secondary"
                type="button"
                ?disabled=${this.#action.busy}
                @click=${this.#revokeOthers}
              >
                ${this.t('sessions.revokeOthers')}
              </button>`
            : nothing
        }
        <button
          part="button sign-out-button"
          class="button button--secondary"
          type="button"
          ?disabled=${this.#action.busy}
          @click=${this.#signOut}
        >
          ${this.t('sessions.signOut')}
        </button>
      </div>
    `;
  }

  /** "Chrome on macOS": this device's from its user agent, another's from its record's if it has one. */
  #deviceName(session: object, current: boolean): string {
    const agent = (session as { userAgent?: unknown }).userAgent;
    const { browser, os } = deviceOf(typeof agent === 'string' ? agent : current ? navigator.userAgent : '');
    if (browser && os) return this.t('sessions.device', { browser, os });
    return browser ?? os ?? this.t(current ? 'sessions.thisBrowser' : 'sessions.otherDevice');
  }

  #renderRow(session: Pick<AuthSession, 'id' | 'type' | 'createdAt' | 'expiresAt'>, current: boolean): unknown {
    const locale = this.resolvedLocale;
    const type = this.t(credentialTypeKey(session.type));
    const device = this.#deviceName(session, current);
    const createdAt = Date.parse(session.createdAt ?? '');
    const created = Number.isNaN(createdAt) ? '' : timeAgo(locale, createdAt);
    const expires = formatTime(locale, current ? this.#load.session!.expiresAt : session.expiresAt);
    // read at every render: the client's schedule changes with the session, which re-renders this
    const status = !current
      ? this.t('sessions.expires', { time: expires })
      : this.#load.client?.autoRefresh
        ? this.t('sessions.autoRefresh')
        : this.t('sessions.expiresAt', { time: expires });
    return html`<li part="session" class="row">
      <div class="facts">
        <span class="name"
          >${device}${
            current ? html`<span part="current-badge" class="badge">${this.t('sessions.thisDevice')}</span>` : nothing
          }</span
        >
        <span class="meta"
          >${type}${
            created
              ? html` ·
                  <time datetime=${session.createdAt!} title=${formatTime(locale, session.createdAt)}
                    >${this.t('sessions.created', { time: created })}</time
                  >`
              : nothing
          }</span
        >
        <span class="meta" part=${current ? 'refresh-status' : nothing}
          >${status}${
            current && this.#renewedAt
              ? html`<br />${this.t('sessions.renewedAt', { time: formatTime(locale, new Date(this.#renewedAt).toISOString()) })}`
              : nothing
          }</span
        >
      </div>
      ${
        current
          ? html`<button
              part="button renew-button"
              class="button button--link"
              type="button"
              ?disabled=${this.#action.busy}
              @click=${this.#renew}
            >
              ${this.t('sessions.renew')}
            </button>`
          : html`<button
              part="button revoke-button"
              class="button button--secondary"
              type="button"
              aria-label=${this.t('sessions.revokeLabel', { device, type, time: created })}
              ?disabled=${this.#action.busy}
              @click=${() => this.#revoke(session as AuthSession)}
            >
              ${this.t('sessions.revoke')}
            </button>`
      }
    </li>`;
  }
}
