/**
 * The English messages of `<pay-transactions>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const transactionsMessages = {
  'transactions.title': 'Activity',
  'transactions.loading': 'Loading your activity…',
  'transactions.filter': 'Status',
  'transactions.all': 'All',
  'transactions.empty': 'No payments yet.',
  'transactions.emptyFiltered': 'No payments with this status.',
  'transactions.more': 'Load more',
  'transactions.sent': 'Sent',
  'transactions.received': 'Received',
  'transactions.card': 'Card payment',
  'transactions.cancel': 'Cancel transfer',
  'transactions.cancelConfirm': 'Cancel this transfer of {amount}? The money goes back to your wallet.',
  'transactions.cancelYes': 'Yes, cancel it',
  'transactions.cancelNo': 'Keep it',
  'transactions.cancelled': 'The transfer is cancelled. The money is back in your wallet.',
  'transactions.notCancellable': 'This transfer can no longer be cancelled.',
  'transactions.status.CREATED': 'Created',
  'transactions.status.PENDING': 'Pending',
  'transactions.status.PENDING_AUTHORIZATION': 'Waiting for your approval',
  'transactions.status.PROCESSING': 'In progress',
  'transactions.status.COMPLETED': 'Completed',
  'transactions.status.REJECTED': 'Rejected',
  'transactions.status.FAILED': 'Failed',
  'transactions.status.REFUNDED': 'Refunded',
  'transactions.status.EXPIRED': 'Expired',
  'transactions.status.CANCELLED': 'Cancelled',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof transactionsMessages, string> {}
}
