/**
 * The English messages of `<pay-send>`: built in, registered when the element's module loads, so a page
 * ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const sendMessages = {
  'send.title': 'Send money',
  'send.loading': 'Loading your wallet…',
  'send.to': 'Send to',
  'send.byUma': 'UMA address',
  'send.byAccount': 'Saved account',
  'send.byBank': 'New bank account',
  'send.umaHint': 'Like $name@example.com',
  'send.looking': 'Looking up {address}…',
  'send.found': '{address} receives {currencies}.',
  'send.umaMalformed': 'Enter an address like $name@example.com.',
  'send.umaMissing': 'No one receives payments at this address.',
  'send.umaUnavailable': 'This address’s provider can’t take payments right now.',
  'send.account': 'Account',
  'send.pick': 'Choose…',
  'send.noAccounts': 'You have no saved accounts yet.',
  'send.bank': 'Bank',
  'send.addBank': 'Add an account at this bank',
  'send.currency': 'They receive',
  'send.amount': 'Amount in {currency}',
  'send.switch': 'Type the amount in {currency}',
  'send.balance': 'Balance: {amount}',
  'send.theyGet': 'They receive about {amount}',
  'send.youPay': 'You send about {amount}',
  'send.rate': 'Rate: 1 {currency} = {amount}',
  'send.fee': 'Fee: {amount}',
  'send.withdrawalFee': 'Network fee (estimate): {amount}',
  'send.overBalance': 'That is more than your balance of {amount}.',
  'send.badAmount': 'Enter an amount, like 12.50.',
  'send.minAmount': 'Send at least {amount}.',
  'send.maxAmount': 'Send at most {amount}.',
  'send.selfPayment': 'You can’t send money to yourself.',
  'send.continue': 'Continue',
  'send.quoted': 'Your price is ready: review it to pay.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof sendMessages, string> {}
}
