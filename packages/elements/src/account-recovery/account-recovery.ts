/**
 * `<pay-account-recovery>`: a person who lost a way to confirm it's them (their phone, authenticator app or
 * passkey: an SCA factor) resets it after an identity check (`startScaReset`, `getScaReset`,
 * `completeScaReset` of `@paykit/crypto-core/security`). They choose what they lost among their factors; the
 * check starts (with "Continue the identity check" where the service gives a link to it); the status is read
 * again every `poll-interval` ms while the element is on the page, and says where the check stands. Once it
 * passed, "Finish" completes the reset (a lost phone number takes the new one, in the shared phone field); a
 * rejected or expired check says that nothing changed, with "Start again". A page that keeps the
 * `resetId` of `pay-account-recovery-started` shows that reset again with `reset-id` (after a reload, or
 * when the person comes back from the check). The liveness handles a native SDK takes are never put in
 * an event; a platform with such an SDK calls `startScaReset` itself.
 *
 * @example
 *   <pay-account-recovery customer-id="Customer:…"></pay-account-recovery>
 */
import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import {
  completeScaReset,
  getScaReset,
  listScaFactors,
  startScaReset,
  type ScaFactorType,
  type ScaResetStatus,
} from '@paykit/crypto-core/security';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { Action } from '../shared/action.js';
import { formatTime } from '../shared/account-format.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { CustomerLoad } from '../shared/keyed-load.js';
import { inputStyles, LightDomSlot } from '../shared/light-dom.js';
import { noticeStyles } from '../shared/notice.styles.js';
import { choiceStyles } from '../shared/choice.styles.js';
import { PhoneField } from '../shared/phone-field.js';
import { parsePhone } from '../shared/phone-numbers.js';
import { PayAccountRecoveryCompletedEvent, PayAccountRecoveryStartedEvent } from './account-recovery-events.js';
import './account-recovery.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { accountRecoveryMessages } from './account-recovery.messages.js';
import { accountRecoveryStyles } from './account-recovery.styles.js';

registerMessages('en', accountRecoveryMessages);

type Status = ScaResetStatus['status'];
/** The reset on screen: what `startScaReset` answered, or the `reset-id` the page gave. */
interface Reset {
  id: string;
  customerId: string | undefined;
  factor: ScaFactorType | undefined;
  link?: string | null | undefined;
  expiresAt?: string | null | undefined;
}

/** The order the factors are offered in. */
const FACTORS: ScaFactorType[] = ['SMS_OTP', 'TOTP', 'PASSKEY'];

/**
 * Resets a lost SCA factor after an identity check.
 *
 * @summary Account recovery: reset a lost phone, authenticator app or passkey after an identity check.
 *
 * @event {PayAccountRecoveryStartedEvent} pay-account-recovery-started - The reset started. `detail: { resetId, factor }`.
 * @event {PayAccountRecoveryCompletedEvent} pay-account-recovery-completed - The reset is complete. `detail: { resetId, factor }`.
 *
 * @slot field-input - Reserved: the new phone number's country list and field (in light DOM, so autofill sees it).
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart choices - The list of factors to choose from.
 * @csspart choice - One factor to choose.
 * @csspart status - Where the identity check stands.
 * @csspart verify-link - "Continue the identity check" (where the service gives a link to it).
 * @csspart button - Every button.
 * @csspart start-button - "Check my identity".
 * @csspart finish-button - "Finish".
 * @csspart again-button - "Start again".
 * @csspart notice - Why nothing changed (a rejected or expired check).
 * @csspart error - The error box.
 * @csspart success - The reset, done.
 *
 * @cssstate loading - The factors (or the given reset) are being read.
 * @cssstate choose - The person chooses what they lost.
 * @cssstate waiting - The identity check is running or being reviewed.
 * @cssstate passed - The check passed: "Finish" completes the reset.
 * @cssstate done - The reset is complete.
 * @cssstate rejected - The check did not confirm the person; nothing changed.
 * @cssstate expired - The reset expired; nothing changed.
 * @cssstate busy - A call is running.
 * @cssstate error - An error is shown.
 */
export class PayAccountRecoveryElement extends PayElement {
  static override styles = [...PayElement.styles, noticeStyles, choiceStyles, accountRecoveryStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    resetId: { attribute: 'reset-id' },
    pollInterval: { attribute: 'poll-interval', type: Number },
  };

  /** The customer whose factor is reset (required). */
  declare customerId: string | undefined;
  /** A reset started before (the `resetId` of `pay-account-recovery-started`), to show where it stands. */
  declare resetId: string | undefined;
  /** How often, in ms, the status of a running check is read again. Default 3000. */
  declare pollInterval: number;

  #factors: ScaFactorType[] | undefined;
  #chosen: ScaFactorType | undefined;
  #reset: Reset | undefined;
  #status: Status | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #action = new Action(this);

  readonly #load = new CustomerLoad(this, {
    start: () => {
      // a reset under way stays on screen when the element comes back to the page; another customer's does not
      const customerId = this.customerId;
      if (this.resetId) this.#reset = { id: this.resetId, customerId, factor: undefined };
      else if (this.#reset?.customerId !== customerId) this.#reset = undefined;
      if (!this.#reset) this.#status = undefined;
      this.#factors = undefined;
    },
    read: async () => {
      const client = this.requireClient();
      const id = this.#reset?.id;
      if (id) return getScaReset(client, this.customerId ?? '', id);
      return (await listScaFactors(client, this.customerId ?? '')).factors;
    },
    apply: (answer) => {
      if (Array.isArray(answer)) {
        // SMS_OTP (the verified phone) is always there; a factor type once, however many passkeys
        this.#factors = FACTORS.filter((type) => type === 'SMS_OTP' || answer.some((f) => f.factor === type));
        this.#chosen ??= this.#factors[0];
      } else this.#follow(answer);
      this.#action.error = undefined;
    },
    fail: (error) => void (this.#action.error = this.reportError(error, { CONFLICT: 'recovery.notNeeded' })),
  });

  readonly #phone: PhoneField = new PhoneField(this, {
    t: (key, params) => this.t(key, params),
    locale: () => this.resolvedLocale,
    defaultCountry: () => undefined,
    announce: (text) => this.live.announce(text),
    onSubmit: (e164) => void this.#finish(e164),
  });

  constructor() {
    super();
    this.pollInterval = 3000;
    new LightDomSlot(
      this,
      'field-input',
      () => (this.#phase === 'passed' && this.#reset?.factor === 'SMS_OTP' ? this.#phone.render() : nothing),
      inputStyles,
    );
  }

  get #phase(): string {
    const status = this.#status;
    if (status === 'COMPLETED') return 'done';
    if (status === 'LIVENESS_PASSED') return 'passed';
    if (status === 'REJECTED' || status === 'EXPIRED') return status.toLowerCase();
    if (status) return 'waiting';
    return this.#factors ? 'choose' : 'loading';
  }

  protected override get states(): PayStates {
    return [this.#phase, !!this.#action.busy && 'busy', !!this.#action.error && 'error'];
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('resetId') && this.hasUpdated) this.#load.forget();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.#schedule();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Reads the status again after `poll-interval` while a check runs and the element is on the page. */
  #schedule(): void {
    if (this.#timer || !this.isConnected || this.#phase !== 'waiting') return;
    this.#timer = setTimeout(() => void this.#poll(), Math.max(500, this.pollInterval || 3000));
  }

  async #poll(): Promise<void> {
    const reset = this.#reset;
    const current = this.#load.current();
    try {
      if (reset) {
        const status = await getScaReset(this.requireClient(), this.customerId ?? '', reset.id);
        if (current() && reset === this.#reset) this.#follow(status);
        if (this.#action.error?.retryable) this.#action.error = undefined;
      }
    } catch (error) {
      // a failed read is said once; the next read tries again
      if (current() && !this.#action.error) this.#action.error = this.reportError(error);
    }
    this.#timer = undefined;
    this.requestUpdate();
  }

  /** Takes a status read: announces a change of where the check stands. */
  #follow(status: ScaResetStatus): void {
    const before = this.#status;
    this.#reset = { ...this.#reset!, factor: status.factor, expiresAt: status.expiresAt };
    this.#status = status.status;
    if (before && before !== status.status) {
      const said = this.#statusText();
      if (said) this.live.announce(said);
    }
  }

  #statusText(): string {
    const status = this.#status;
    if (status === 'LIVENESS_PASSED') return this.t('recovery.passed');
    if (status === 'COMPLETED') return this.#doneText();
    return status ? this.t(`recovery.${status}` as MessageKey) : '';
  }

  #doneText(): string {
    return this.t(`recovery.done.${this.#reset?.factor ?? 'SMS_OTP'}` as MessageKey);
  }

  #start = async (): Promise<void> => {
    const factor = this.#chosen;
    if (!factor) return;
    const current = this.#load.current();
    const started = await this.#action.run((client) => startScaReset(client, this.customerId ?? '', factor));
    if (!started || !current()) return;
    this.#reset = {
      id: started.resetId,
      customerId: this.customerId,
      factor,
      link: started.verificationLink,
      expiresAt: started.expiresAt,
    };
    this.#status = 'INITIATED';
    this.live.announce(this.t('recovery.INITIATED'));
    this.dispatchEvent(new PayAccountRecoveryStartedEvent(started.resetId, factor));
  };

  async #finish(e164?: string): Promise<void> {
    const reset = this.#reset!;
    let mobile: { countryCode: string; number: string } | undefined;
    if (e164) {
      const { country, national } = parsePhone(e164);
      mobile = { countryCode: `+${country!.dial}`, number: national };
    }
    const current = this.#load.current();
    const done = await this.#action.run(async (client) => {
      await completeScaReset(client, this.customerId ?? '', reset.id, mobile);
      return true;
    });
    if (!done || !current()) return;
    this.#status = 'COMPLETED';
    this.#action.done(this.#doneText());
    this.dispatchEvent(new PayAccountRecoveryCompletedEvent(reset.id, reset.factor!));
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="success"]')?.focus();
  }

  /** The reset is over: the choice, from the factors read again (a reset shown on its own read none). */
  #again = (): void => {
    this.#reset = undefined;
    this.#status = undefined;
    this.#action.error = undefined;
    this.resetId = undefined;
    this.#load.forget();
    this.requestUpdate();
  };

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('recovery.title')}</h2>
      ${this.#renderBody()}
      ${this.renderErrorBox(this.#action.error, this.#phase === 'loading' ? { retry: () => void this.#load.load() } : {})}
      ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    const busy = !!this.#action.busy;
    const button = (part: string, key: MessageKey, onClick: () => unknown, primary = true) =>
      html`<div class="actions">
        <button
          part="button ${part}"
          class="button ${primary ? 'button--primary' : 'button--secondary'}"
          type="button"
          ?disabled=${busy}
          aria-busy=${busy ? 'true' : 'false'}
          @click=${onClick}
        >
          ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${this.t(key)}
        </button>
      </div>`;
    const reset = this.#reset;
    const expires = reset?.expiresAt ? formatTime(this.resolvedLocale, reset.expiresAt) : '';
    switch (this.#phase) {
      case 'loading':
        return this.#action.error ? nothing : html`<p class="text">${this.t('recovery.loading')}</p>`;
      case 'choose':
        return html`<p class="text">${this.t('recovery.intro')}</p>
          <fieldset part="choices" class="choices">
            <legend class="choices__legend">${this.t('recovery.choose')}</legend>
            ${this.#factors!.map(
              (type) =>
                html`<label part="choice" class="choice">
                  <input
                    type="radio"
                    name="factor"
                    .checked=${type === this.#chosen}
                    @change=${() => ((this.#chosen = type), this.requestUpdate())}
                  />
                  <span>${this.t(`recovery.type.${type}` as MessageKey)}</span>
                </label>`,
            )}
          </fieldset>
          ${button('start-button', 'recovery.start', this.#start)}`;
      case 'waiting':
        return html`<p part="status" class="status" role="status">
            <span class="spinner" aria-hidden="true"></span>${this.#statusText()}
          </p>
          <p class="text">${this.t('recovery.waiting')}</p>
          ${expires ? html`<p class="text">${this.t('recovery.expires', { date: expires })}</p>` : nothing}
          ${
            reset?.link
              ? html`<div class="actions">
                  <a
                    part="button verify-link"
                    class="button button--primary"
                    href=${reset.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    >${this.t('recovery.verify')}</a
                  >
                </div>`
              : nothing
          }`;
      case 'passed':
        return reset?.factor === 'SMS_OTP'
          ? html`<p part="status" class="text">${this.t('recovery.passed')}</p>
              <p class="text">${this.t('recovery.newPhone')}</p>
              <slot name="field-input"></slot>
              ${button('finish-button', 'recovery.finish', () => this.#phone.submit())}`
          : html`<p part="status" class="text">${this.t('recovery.passed')}</p>
              ${button('finish-button', 'recovery.finish', () => void this.#finish())}`;
      case 'done':
        return this.renderSuccess(this.#action.success ?? this.#doneText());
      default:
        // rejected or expired: news that nothing changed, and a way to start over
        return html`<p part="notice" class="notice">${this.#statusText()}</p>
          ${button('again-button', 'recovery.again', this.#again, false)}`;
    }
  }
}
