/**
 * The events of `<pay-kyc>` and `<pay-beneficial-owners>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-kyc-status', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayKycStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** The customer's KYC (or KYB) status as read, and each time it changes. No name, no document, no data. */
export class PayKycStatusEvent extends CustomEvent<{ customerId: string; status: PayKycStatus }> {
  static readonly eventName = 'pay-kyc-status';
  constructor(customerId: string, status: PayKycStatus) {
    super(PayKycStatusEvent.eventName, eventInit({ customerId, status }));
  }
}

/** `POST /verifications` answered: its id and status only (RESOLVE_ERRORS, PENDING_MANUAL_REVIEW, …), never the errors' text. */
export class PayKycSubmittedEvent extends CustomEvent<{
  customerId: string;
  verificationId: string;
  verificationStatus: string;
}> {
  static readonly eventName = 'pay-kyc-submitted';
  constructor(customerId: string, verificationId: string, verificationStatus: string) {
    super(PayKycSubmittedEvent.eventName, eventInit({ customerId, verificationId, verificationStatus }));
  }
}

/** A document was uploaded (`replaced`: an earlier one was replaced with `PUT /documents/{id}`). Ids only. */
export class PayDocumentUploadedEvent extends CustomEvent<{
  customerId: string;
  documentId: string;
  replaced: boolean;
}> {
  static readonly eventName = 'pay-document-uploaded';
  constructor(customerId: string, documentId: string, replaced: boolean) {
    super(PayDocumentUploadedEvent.eventName, eventInit({ customerId, documentId, replaced }));
  }
}

/** A beneficial owner (or control person) was added to the business. Ids only. */
export class PayBeneficialOwnerAddedEvent extends CustomEvent<{ customerId: string; beneficialOwnerId: string }> {
  static readonly eventName = 'pay-beneficial-owner-added';
  constructor(customerId: string, beneficialOwnerId: string) {
    super(PayBeneficialOwnerAddedEvent.eventName, eventInit({ customerId, beneficialOwnerId }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-kyc-status': PayKycStatusEvent;
    'pay-kyc-submitted': PayKycSubmittedEvent;
    'pay-document-uploaded': PayDocumentUploadedEvent;
    'pay-beneficial-owner-added': PayBeneficialOwnerAddedEvent;
  }
}
