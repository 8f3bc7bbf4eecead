/**
 * The events of `<pay-invitation>`, with the conventions of shared/events.ts (typed, `bubbles` and
 * `composed`, ids and statuses only). A module of the element's own; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-invitation-claimed', (e) => console.log(e.detail.invitationCode));
 */
import { eventInit } from '../shared/events.js';

/** The user claimed the invitation on the service; `status` is its status now (CLAIMED). */
export class PayInvitationClaimedEvent extends CustomEvent<{ invitationCode: string; status: string }> {
  static readonly eventName = 'pay-invitation-claimed';
  constructor(invitationCode: string, status: string) {
    super(PayInvitationClaimedEvent.eventName, eventInit({ invitationCode, status }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-invitation-claimed': PayInvitationClaimedEvent;
  }
}
