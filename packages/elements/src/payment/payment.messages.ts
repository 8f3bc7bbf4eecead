/**
 * The English messages of `<pay-payment>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`). `payment.failure.*` are payments-api.md's failure
 * reasons of a transaction, said for people.
 */
export const paymentMessages = {
  'payment.title': 'Review your payment',
  'payment.send': 'You send',
  'payment.receive': 'They receive',
  'payment.rate': 'Rate',
  'payment.fees': 'Fees',
  'payment.payee': 'To',
  'payment.unknownPayee': 'Recipient',
  'payment.expiresIn': 'Price held for {time}',
  'payment.pay': 'Pay {amount}',
  'payment.paying': 'Sending…',
  'payment.loading': 'Loading the payment…',
  'payment.noQuote': 'There is no payment to review.',
  'payment.expired': 'This price is no longer held. Refresh it to pay.',
  'payment.requote': 'Refresh the price',
  'payment.requoting': 'Getting a new quote…',
  'payment.following': 'Your payment is on its way…',
  'payment.elsewhere': 'This payment is being sent from another window…',
  'payment.funding': 'Confirmed. Waiting for the funds to arrive…',
  'payment.completed': 'Payment sent.',
  'payment.balance': 'Your balance doesn’t cover this payment.',
  'payment.terms': 'Accept the terms of use before paying.',
  'payment.failure.QUOTE_EXECUTION_FAILED':
    'The payment couldn’t be completed. Any amount taken from your wallet is refunded automatically.',
  'payment.failure.LIMIT_EXCEEDED': 'This payment is over your limit.',
  'payment.failure.SCA_NOT_COMPLETED': 'The payment wasn’t confirmed in time, so it was not sent.',
  'payment.failure.PAYOUT_RETURNED': 'The recipient’s bank returned the payment. The amount is refunded.',
  'payment.failure.ACCOUNT_CANNOT_RECEIVE': 'The recipient’s account can’t receive this payment.',
  'payment.failure.ACCOUNT_INVALID': 'The recipient’s account details aren’t valid.',
  'payment.failure.COMPLIANCE_REJECTED': 'The payment was stopped by a compliance review.',
  'payment.failure.QUOTE_EXPIRED': 'The price expired before the payment was made.',
  'payment.failure.FUNDING_AMOUNT_MISMATCH': 'The amount paid in didn’t match the payment.',
  'payment.failure.other': 'The payment failed.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof paymentMessages, string> {}
}
