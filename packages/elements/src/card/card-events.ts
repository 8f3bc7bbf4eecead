/**
 * The events of `<pay-card>`, with the conventions of events.ts (typed, `bubbles` and `composed`, ids
 * and the card's own settings only: never a PAN, a reveal URL or a key). A module apart so other
 * elements do not ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-card-frozen', (e) => audit('frozen', e.detail.cardId));
 */
import { eventInit } from '../shared/events.js';

/** The card's spend limits after a change (`null`: no limit), in the currency's smallest unit. */
export interface PayCardLimits {
  maxSpendPerTransaction: number | null;
  maxSpendPerDay: number | null;
  maxTransactionsPerDay: number | null;
}

/** The card is FROZEN on the service: new authorizations are declined. */
export class PayCardFrozenEvent extends CustomEvent<{ cardId: string }> {
  static readonly eventName = 'pay-card-frozen';
  constructor(cardId: string) {
    super(PayCardFrozenEvent.eventName, eventInit({ cardId }));
  }
}

/** The card is ACTIVE again on the service. */
export class PayCardUnfrozenEvent extends CustomEvent<{ cardId: string }> {
  static readonly eventName = 'pay-card-unfrozen';
  constructor(cardId: string) {
    super(PayCardUnfrozenEvent.eventName, eventInit({ cardId }));
  }
}

/** The card's spend limits changed on the service. */
export class PayCardLimitsChangedEvent extends CustomEvent<{ cardId: string; limits: PayCardLimits }> {
  static readonly eventName = 'pay-card-limits-changed';
  constructor(cardId: string, limits: PayCardLimits) {
    super(PayCardLimitsChangedEvent.eventName, eventInit({ cardId, limits }));
  }
}

/** The card can pay from its embedded-wallet funding source: its delegated key is ACTIVE. */
export class PayCardActivatedEvent extends CustomEvent<{ cardId: string; keyId: string }> {
  static readonly eventName = 'pay-card-activated';
  constructor(cardId: string, keyId: string) {
    super(PayCardActivatedEvent.eventName, eventInit({ cardId, keyId }));
  }
}

/** A card `<pay-card>` followed while it was being set up (PROCESSING) is ready: ACTIVE, or FROZEN. */
export class PayCardReadyEvent extends CustomEvent<{ cardId: string; state: string }> {
  static readonly eventName = 'pay-card-ready';
  constructor(cardId: string, state: string) {
    super(PayCardReadyEvent.eventName, eventInit({ cardId, state }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-card-ready': PayCardReadyEvent;
    'pay-card-frozen': PayCardFrozenEvent;
    'pay-card-unfrozen': PayCardUnfrozenEvent;
    'pay-card-limits-changed': PayCardLimitsChangedEvent;
    'pay-card-activated': PayCardActivatedEvent;
  }
}
