import { html, nothing, type PropertyDeclarations } from 'lit';
import { PayError, type WalletClient } from '@paykit/crypto-core';
import { Action } from '../shared/action.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { noticeStyles } from '../shared/notice.styles.js';
import { ElementErrorCode } from '../shared/errors.js';
import {
  PayOwnershipFailedEvent,
  PayOwnershipVerifiedEvent,
  type PayOwnershipFailedReason,
} from './wallet-ownership-events.js';
import type { WalletOwnershipSigner } from './signers.js';
import { walletOwnershipStyles } from './wallet-ownership.styles.js';
import './wallet-ownership.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { walletOwnershipMessages } from './wallet-ownership.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', walletOwnershipMessages);

type Phase = 'idle' | 'signing' | 'verifying' | 'liveness' | 'verified' | 'failed' | 'expired';
export type OwnershipMethod = 'WALLET_SIGNATURE' | 'LIVENESS';

interface Challenge {
  method: OwnershipMethod;
  messageToSign?: string;
  verificationLink?: string;
  expiresAt: string;
}

interface ExternalAccount {
  id: string;
  status: string;
}

/** The element's own code when the user's wallet did not sign (refused, closed, or no signer). */
const SIGNING_FAILED = ElementErrorCode.WALLET_SIGNING_FAILED;

/**
 * Proves that an external crypto wallet belongs to the user, for a FIRST_PARTY self-custody external
 * account awaiting ownership verification. `WALLET_SIGNATURE`: the element asks the service for a
 * challenge, has the user's own wallet sign its `messageToSign` exactly as returned (through `signer`:
 * `eip1193Signer` for EVM `personal_sign`, `solanaSigner` for Solana `signMessage`, or your own), and
 * submits the signature before `expiresAt`; an invalid or late signature leaves the account UNVERIFIED
 * and the user starts again. `LIVENESS`: the element offers the hosted identity check
 * (`verificationLink`, opened in a new tab) and follows the asynchronous outcome by reading the account
 * until it is ACTIVE or UNVERIFIED, or the challenge expires. Calls go through `client.request`.
 *
 * @summary Proves ownership of an external wallet by a wallet signature or a liveness check.
 *
 * @event {PayOwnershipVerifiedEvent} pay-ownership-verified - The account is ACTIVE. `detail: { externalAccountId }`.
 * @event {PayOwnershipFailedEvent} pay-ownership-failed - The attempt failed. `detail: { externalAccountId, reason: 'unverified' | 'expired' }`.
 *
 * @csspart base - The surface around everything.
 * @csspart button - Every button.
 * @csspart start-button - "Sign with my wallet" / "Start the identity check".
 * @csspart restart-button - "Start again" after a failed or expired attempt.
 * @csspart link - The link that opens the hosted identity check.
 * @csspart success - The verified line.
 * @csspart error - The error box (also "We couldn’t verify this wallet").
 * @csspart notice - "The verification request expired" (a notice, not an error).
 *
 * @cssstate idle - Ready to start.
 * @cssstate signing - Waiting for the user's wallet.
 * @cssstate verifying - Waiting for the service to check the signature.
 * @cssstate liveness - The identity check is open; following its outcome.
 * @cssstate verified - The account is ACTIVE.
 * @cssstate failed - The account is UNVERIFIED: start again.
 * @cssstate expired - The challenge expired: start again.
 * @cssstate error - An error is shown.
 */
export class PayWalletOwnershipElement extends PayElement {
  static override styles = [...PayElement.styles, noticeStyles, walletOwnershipStyles];

  static override properties: PropertyDeclarations = {
    externalAccountId: { attribute: 'external-account-id' },
    method: {},
    signer: { attribute: false },
    pollInterval: { type: Number, attribute: 'poll-interval' },
  };

  /** The external account (`ExternalAccount:…`) whose ownership to prove. */
  declare externalAccountId: string | undefined;

  /** `WALLET_SIGNATURE` (default) or `LIVENESS`. */
  declare method: OwnershipMethod;

  /** The user's wallet, for `WALLET_SIGNATURE`. Not an attribute. */
  declare signer: WalletOwnershipSigner | undefined;

  /** Milliseconds between reads of the account while a liveness check is open. */
  declare pollInterval: number;

  constructor() {
    super();
    this.method = 'WALLET_SIGNATURE';
    this.pollInterval = 3000;
  }

  #phase: Phase = 'idle';
  #link: string | undefined;
  #abort: AbortController | undefined;
  /** One attempt at a time (a double click starts one); a failure is shown in the error box. */
  readonly #action = new Action(this);

  protected override get states(): PayStates {
    return [this.#phase, !!this.#action.error && 'error'];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
    this.#abort = undefined;
  }

  protected override render(): unknown {
    return html`<div part="base" class="base">
      ${this.#renderPhase()} ${this.renderErrorBox(this.#action.error)} ${this.live.render()}
    </div>`;
  }

  #renderPhase(): unknown {
    const liveness = this.method === 'LIVENESS';
    switch (this.#phase) {
      case 'idle':
        return html`<p class="text">${this.t(liveness ? 'ownership.introLiveness' : 'ownership.intro')}</p>
          <button
            part="button start-button"
            class="button button--primary button--block"
            type="button"
            @click=${this.#onStart}
          >
            ${this.t(liveness ? 'ownership.startLiveness' : 'ownership.start')}
          </button>`;
      case 'signing':
        return html`<p class="text" role="status">${this.t('ownership.signing')}</p>`;
      case 'verifying':
        return html`<p class="text" role="status">${this.t('ownership.verifying')}</p>`;
      case 'liveness':
        return html`<p class="text">${this.t('ownership.livenessOpen')}</p>
          <a
            part="link"
            class="button button--primary link"
            href=${this.#link ?? nothing}
            target="_blank"
            rel="noopener noreferrer"
            >${this.t('ownership.openLiveness')}</a
          >`;
      case 'verified':
        return this.renderSuccess(this.t('ownership.verified'));
      case 'failed':
      case 'expired':
        return html`${
            this.#phase === 'failed'
              ? html`<p part="error" class="alert">${this.t('ownership.failed')}</p>`
              : html`<p part="notice" class="notice">${this.t('ownership.expired')}</p>`
          }
          <button part="button restart-button" class="button button--secondary" type="button" @click=${this.#onStart}>
            ${this.t('ownership.again')}
          </button>`;
    }
  }

  readonly #onStart = (): void => {
    if (this.#action.busy) return; // a double click starts one attempt
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    void this.#action.run(
      (client) => this.#attempt(client, abort),
      true,
      (error) => {
        if (abort.signal.aborted) return;
        this.#phase = 'idle';
        return this.reportError(error, { [SIGNING_FAILED]: 'ownership.signFailed' });
      },
    );
  };

  async #attempt(client: WalletClient, abort: AbortController): Promise<void> {
    const id = this.externalAccountId;
    if (!id) throw new PayError('INVALID_ARGUMENT', 'Set external-account-id');
    const path = `/customers/external-accounts/${encodeURIComponent(id)}`;
    if (this.method !== 'LIVENESS' && !this.signer) throw new PayError(SIGNING_FAILED, 'Set the signer property');
    if (this.method !== 'LIVENESS') this.#set('signing');
    const challenge = await client.request<Challenge>('POST', `${path}/challenge`, {
      body: { method: this.method },
      signal: abort.signal,
    });
    if (abort.signal.aborted) return;
    if (challenge.method === 'LIVENESS') return await this.#followLiveness(path, challenge, abort.signal);

    let signature: string;
    try {
      signature = await this.signer!.signMessage(challenge.messageToSign!); // exactly as returned
    } catch {
      throw new PayError(SIGNING_FAILED, 'The wallet did not sign');
    }
    if (abort.signal.aborted) return;
    if (Date.parse(challenge.expiresAt) <= Date.now()) return this.#fail('expired');
    this.#set('verifying');
    try {
      await client.request<ExternalAccount>('POST', `${path}/verify`, { body: { signature }, signal: abort.signal });
    } catch (error) {
      if (error instanceof PayError && error.status === 400) {
        const expired = (error.details as { reason?: unknown } | undefined)?.reason === 'CHALLENGE_EXPIRED';
        return this.#fail(expired ? 'expired' : 'unverified');
      }
      throw error;
    }
    this.#verified(id);
  }

  /** Shows the hosted check and reads the account until the outcome lands or the challenge expires. */
  async #followLiveness(path: string, challenge: Challenge, signal: AbortSignal): Promise<void> {
    this.#link = challenge.verificationLink;
    this.#set('liveness');
    const expiresAt = Date.parse(challenge.expiresAt);
    for (;;) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollInterval);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (signal.aborted) return;
      const account = await this.requireClient().request<ExternalAccount>('GET', path, { signal });
      if (signal.aborted) return;
      if (account.status === 'ACTIVE') return this.#verified(this.externalAccountId!);
      if (account.status === 'UNVERIFIED') return this.#fail('unverified');
      if (Date.now() >= expiresAt) return this.#fail('expired');
    }
  }

  #set(phase: Phase): void {
    this.#phase = phase;
    const key = (
      { signing: 'ownership.signing', verifying: 'ownership.verifying', liveness: 'ownership.livenessOpen' } as const
    )[phase as 'signing' | 'verifying' | 'liveness'];
    if (key) this.live.announce(this.t(key));
    this.requestUpdate();
  }

  #verified(id: string): void {
    this.#abort = undefined;
    this.#phase = 'verified';
    this.dispatchEvent(new PayOwnershipVerifiedEvent(id));
    this.live.announce(this.t('ownership.verified'));
    this.requestUpdate();
  }

  #fail(reason: PayOwnershipFailedReason): void {
    this.#abort = undefined;
    this.#phase = reason === 'expired' ? 'expired' : 'failed';
    this.dispatchEvent(new PayOwnershipFailedEvent(this.externalAccountId!, reason));
    this.live.announce(this.t(reason === 'expired' ? 'ownership.expired' : 'ownership.failed'));
    this.requestUpdate();
  }
}
