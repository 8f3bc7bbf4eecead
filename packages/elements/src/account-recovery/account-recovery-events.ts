/**
 * The events of `<pay-account-recovery>`, with the conventions of shared/events.ts (typed, `bubbles` and
 * `composed`, ids and statuses only: never the liveness handles). A module of the element's own;
 * `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-account-recovery-started', (e) => keep(e.detail.resetId));
 */
import type { ScaFactorType } from '@paykit/crypto-core/security';
import { eventInit } from '../shared/events.js';

/** A reset of the lost `factor` started; a page that keeps `resetId` can show it again with `reset-id`. */
export class PayAccountRecoveryStartedEvent extends CustomEvent<{ resetId: string; factor: ScaFactorType }> {
  static readonly eventName = 'pay-account-recovery-started';
  constructor(resetId: string, factor: ScaFactorType) {
    super(PayAccountRecoveryStartedEvent.eventName, eventInit({ resetId, factor }));
  }
}

/** The reset is complete: the lost factor is gone (a TOTP or PASSKEY is then enrolled again) or the new number set. */
export class PayAccountRecoveryCompletedEvent extends CustomEvent<{ resetId: string; factor: ScaFactorType }> {
  static readonly eventName = 'pay-account-recovery-completed';
  constructor(resetId: string, factor: ScaFactorType) {
    super(PayAccountRecoveryCompletedEvent.eventName, eventInit({ resetId, factor }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-account-recovery-started': PayAccountRecoveryStartedEvent;
    'pay-account-recovery-completed': PayAccountRecoveryCompletedEvent;
  }
}
