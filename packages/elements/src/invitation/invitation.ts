/**
 * `<pay-invitation>`: an UMA invitation by its code (`getInvitation` of `@paykit/crypto-core/activity`): who
 * sent it, the amount it promises if any, and its status. While it is PENDING, "Accept invitation" claims it
 * for the signed-in customer's own UMA address (their `umaAddress`, read from `GET /customers/{id}`;
 * `claimInvitation`). An invitation already accepted, cancelled, expired or not found says so in words; a
 * claim the service refuses for one of those reasons shows that state.
 *
 * @example
 *   <pay-invitation code="019542f5" customer-id="Customer:…"></pay-invitation>
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import { claimInvitation, getInvitation, type Invitation } from '@paykit/crypto-core/activity';
import { Action } from '../shared/action.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { formatTime } from '../shared/account-format.js';
import { getDefaultClient } from '../shared/client-context.js';
import { errorCode } from '../shared/errors.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { KeyedLoad } from '../shared/keyed-load.js';
import { formatAmount } from '../sca-challenge/quote-format.js';
import { PayInvitationClaimedEvent } from './invitation-events.js';
import './invitation.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { invitationMessages } from './invitation.messages.js';
import { invitationStyles } from './invitation.styles.js';

registerMessages('en', invitationMessages);

type Status = Invitation['status'];

/** What a refused claim says about the invitation: the status it has, or that there is none. */
const REFUSED: Record<string, Status | 'NOT_FOUND'> = {
  INVITATION_ALREADY_CLAIMED: 'CLAIMED',
  INVITATION_CANCELLED: 'CANCELLED',
  INVITATION_NOT_FOUND: 'NOT_FOUND',
};

/**
 * Shows an UMA invitation and accepts it for the signed-in customer.
 *
 * @summary An UMA invitation: who sent it, the amount, and "Accept invitation".
 *
 * @event {PayInvitationClaimedEvent} pay-invitation-claimed - The invitation was claimed. `detail: { invitationCode, status }`.
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart inviter - Who sent the invitation (their name, else their UMA address).
 * @csspart amount - The amount the invitation promises (while it can be accepted, and once accepted here).
 * @csspart status - The status word.
 * @csspart button - Every button.
 * @csspart claim-button - "Accept invitation".
 * @csspart message - Why the invitation cannot be accepted (accepted, cancelled, expired, not found).
 * @csspart error - The error box.
 * @csspart success - The accepted message.
 *
 * @cssstate loading - The invitation is being read (`error` alone once the read failed).
 * @cssstate ready - A pending invitation is shown.
 * @cssstate claimed - The person accepted it here.
 * @cssstate already-claimed - It had been accepted before.
 * @cssstate cancelled - The inviter cancelled it.
 * @cssstate expired - It expired.
 * @cssstate not-found - No invitation has this code.
 * @cssstate busy - The claim is being sent.
 * @cssstate error - An error is shown.
 */
export class PayInvitationElement extends PayElement {
  static override styles = [...PayElement.styles, invitationStyles];

  static override properties: PropertyDeclarations = {
    code: {},
    customerId: { attribute: 'customer-id' },
  };

  /** The invitation code (the last part of its link, e.g. `019542f5`). */
  declare code: string | undefined;
  /** The signed-in customer, who accepts the invitation with their own UMA address (required to accept). */
  declare customerId: string | undefined;

  #invitation: Invitation | undefined;
  #missing = false;
  #claimed = false;
  /** The invitation, read again when the client or `code` changes. */
  readonly #load = new KeyedLoad(this, {
    key: () => {
      const client = this.client ?? getDefaultClient();
      return !!client && !!this.code && [client, this.code];
    },
    start: () => {
      this.#invitation = undefined;
      this.#missing = this.#claimed = false;
      this.#action.error = undefined;
    },
    read: () => getInvitation(this.requireClient(), this.code!),
    apply: (invitation) => void (this.#invitation = invitation),
    fail: (error) => {
      if (errorCode(error) === 'INVITATION_NOT_FOUND') this.#missing = true;
      else this.#action.error = this.reportError(error);
    },
  });
  /** The claim, with the button disabled while it runs. */
  readonly #action = new Action(this);

  protected override get states(): PayStates {
    const status = this.#invitation?.status;
    return [
      this.#missing
        ? 'not-found'
        : this.#claimed
          ? 'claimed'
          : status === 'CLAIMED'
            ? 'already-claimed'
            : status === 'CANCELLED' || status === 'EXPIRED'
              ? status.toLowerCase()
              : status
                ? 'ready'
                : this.#action.error
                  ? ''
                  : 'loading',
      !!this.#action.busy && 'busy',
      !!this.#action.error && 'error',
    ];
  }

  #claim(): Promise<void> {
    const current = this.#load.current();
    const invitation = this.#invitation!;
    return this.#action.run(
      async (client) => {
        const id = encodeURIComponent(this.customerId ?? '');
        const { umaAddress } = await client.request<{ umaAddress: string }>('GET', `/customers/${id}`);
        const claimed = await claimInvitation(client, invitation.code, umaAddress);
        if (!current()) return;
        this.#invitation = claimed;
        this.#claimed = true;
        this.dispatchEvent(new PayInvitationClaimedEvent(claimed.code, claimed.status));
        this.live.announce(this.t('invitation.claimed'));
      },
      true,
      (error) => {
        if (!current()) return;
        const details = (error as { details?: { status?: unknown } }).details;
        const refused = details?.status === 'EXPIRED' ? 'EXPIRED' : REFUSED[errorCode(error)];
        if (refused === 'NOT_FOUND') this.#missing = true;
        else if (refused) this.#invitation = { ...invitation, status: refused };
        else return this.reportError(error);
      },
    );
  }

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('invitation.title')}</h2>
      ${this.#renderBody()}
      ${this.renderErrorBox(this.#action.error, this.#invitation ? {} : { retry: () => void this.#load.load() })}
      ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    if (this.#missing) return html`<p part="message" class="text">${this.t('invitation.notFound')}</p>`;
    const invitation = this.#invitation;
    if (!invitation) return this.#action.error ? nothing : html`<p class="text">${this.t('invitation.loading')}</p>`;
    const locale = this.resolvedLocale;
    const money = invitation.amountToSend;
    const status = invitation.status;
    const pending = status === 'PENDING';
    // the amount is the person's only while they can still accept it, or once they did
    const amount = money && (pending || this.#claimed) && formatAmount(money.amount, money.currency, locale);
    const known = ['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED'].includes(status);
    const expires = pending ? formatTime(locale, invitation.expiresAt) : '';
    return html`
      <div class="card">
        <p part="inviter" class="text">
          <strong>${this.t('invitation.from', { name: invitation.firstName || invitation.inviterUma })}</strong>
        </p>
        ${invitation.firstName ? html`<span class="uma">${invitation.inviterUma}</span>` : nothing}
        ${amount ? html`<span part="amount" class="amount">${this.t('invitation.amount', { amount })}</span>` : nothing}
        <span part="status" class="status status--${status}"
          >${known ? this.t(`invitation.status.${status}` as MessageKey) : status}</span
        >
        ${expires ? html`<span class="text">${this.t('invitation.expires', { date: expires })}</span>` : nothing}
      </div>
      ${
        this.#claimed
          ? this.renderSuccess(this.t('invitation.claimed'))
          : pending
            ? html`<div class="actions">
                <button
                  part="button claim-button"
                  class="button button--primary"
                  type="button"
                  ?disabled=${this.#action.busy}
                  @click=${() => void this.#claim()}
                >
                  ${this.t('invitation.claim')}
                </button>
              </div>`
            : html`<p part="message" class="text">
                ${this.t(
                  status === 'CLAIMED'
                    ? 'invitation.alreadyClaimed'
                    : status === 'CANCELLED'
                      ? 'invitation.cancelled'
                      : 'invitation.expired',
                )}
              </p>`
      }
    `;
  }
}
