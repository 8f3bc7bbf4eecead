/**
 * The English messages of `<pay-card>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const cardMessages = {
  'cardView.loading': 'Loading your card…',
  'cardView.art': '{brand} card ending in {last4}, {state}',
  'cardView.state.PROCESSING': 'Being set up',
  'cardView.state.ACTIVE': 'Active',
  'cardView.state.FROZEN': 'Frozen',
  'cardView.state.CLOSED': 'Closed',
  'cardView.state.other': 'Unavailable',
  'cardView.ready': 'Your card is ready.',
  'cardView.slow': 'Your card is taking longer than usual to set up. Check again in a few minutes.',
  'cardView.checkAgain': 'Check again',
  'cardView.freeze': 'Freeze card',
  'cardView.unfreeze': 'Unfreeze card',
  'cardView.frozen': 'Card frozen. New payments will be declined until you unfreeze it.',
  'cardView.unfrozen': 'Card unfrozen. It can pay again.',
  'cardView.activateTitle': 'Let this card pay from your wallet',
  'cardView.activateHint':
    'Your wallet funds this card. Allow it once to create the card’s spending key; the key stays with the payment service.',
  'cardView.activate': 'Allow card payments',
  'cardView.keyName': 'Card spending key',
  'cardView.activated': 'The card can now pay from your wallet.',
  'cardView.limits': 'Spending limits',
  'cardView.limit.maxSpendPerTransaction': 'Per payment',
  'cardView.limit.maxSpendPerDay': 'Per day',
  'cardView.limit.maxTransactionsPerDay': 'Payments per day',
  'cardView.noLimit': 'No limit',
  'cardView.limitHint': 'Leave empty for no limit.',
  'cardView.editLimits': 'Change limits',
  'cardView.saveLimits': 'Save limits',
  'cardView.cancel': 'Cancel',
  'cardView.limitsSaved': 'Spending limits saved.',
  'cardView.invalidAmount': 'Enter an amount above zero, such as {example}.',
  'cardView.tooManyDecimals': 'Use at most {n} decimals, such as {example}.',
  'cardView.invalidWholeAmount': 'Enter a whole amount above zero.',
  'cardView.invalidCount': 'Enter a whole number above zero.',
  'cardView.transactions': 'Transactions',
  'cardView.showDeclined': 'Show declined payments',
  'cardView.noTransactions': 'No transactions yet.',
  'cardView.loadMore': 'Load more',
  'cardView.moreLoaded': 'More transactions shown: {n}.',
  'cardView.txn.AUTHORIZED': 'Pending',
  'cardView.txn.PARTIALLY_SETTLED': 'Partly settled',
  'cardView.txn.SETTLED': 'Completed',
  'cardView.txn.DECLINED': 'Declined',
  'cardView.txn.EXCEPTION': 'Under review',
  'cardView.txn.other': 'In progress',
  'cardView.refund': 'Refund',
  'cardView.refundOf': 'Refund of a purchase on {date}',
  'cardView.refundOfEarlier': 'Refund of an earlier purchase',
  'cardView.refunded': '{amount} refunded',
  'cardView.showPurchase': 'Show purchase',
  'cardView.error.state': 'This card can’t be changed in its current state.',
  'cardView.error.closed': 'This card is closed and can no longer be changed.',
  'cardView.error.platform': 'This was set by your card provider, so it can’t be changed here. Contact their support.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof cardMessages, string> {}
}
