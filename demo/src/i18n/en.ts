/**
 * The demo page's own words in English: the typed source every other locale follows (the elements carry
 * their own, in `@paykit/elements/translations/*`). `{name}` marks a value put in by `t()`.
 *
 * @example
 *   t('shell.stepOf', { n: 2, total: 13 }); // "Step 2 of 13"
 */
export const en = {
  'shell.skip': 'Skip to content',
  'shell.brand': 'Paykit Wallet Sandbox, start',
  'shell.sandbox': 'Sandbox',
  'shell.nav': 'Demo steps',
  'shell.walkthrough': 'Walkthrough',
  'shell.codes': 'Sandbox codes',
  'shell.gallery': 'Gallery: every element, every state',
  'shell.csp': 'Strict CSP · no inline script',
  'shell.cspBlocked': 'CSP blocked requests: {count}',
  'shell.starting': 'Starting the sandbox wallet…',
  'shell.language': 'Language',
  'shell.themeDark': 'Switch to dark theme',
  'shell.themeLight': 'Switch to light theme',
  'shell.noCustomer': 'No customer yet',
  'shell.balance': 'Balance',
  'shell.signedIn': 'Signed in',
  'shell.signedOut': 'Signed out',
  'shell.until': 'until {time}',
  'shell.session': 'Session {id}',
  'shell.noSession': 'No wallet session',
  'shell.stepOf': 'Step {n} of {total}',
  'shell.done': 'done',
  'shell.continue': 'Continue',
  'shell.lockedCustomer': 'Create a customer first',
  'shell.lockedCustomerText': 'This step works on a sandbox customer’s wallet. It takes a few seconds to make one.',
  'shell.lockedSession': 'Sign in to continue',
  'shell.lockedSessionText': '“{step}” uses your wallet session. Sign in with the email code (or your passkey) first.',
  'shell.createCustomer': 'Create a customer',
  'shell.goSignin': 'Go to sign-in',
  'shell.how': 'What happens under the hood',
  'shell.bootError': 'The demo could not start',
  'shell.retry': 'Try again',
  'shell.signedInToast': 'Signed in',
  'shell.signedOutToast': 'Signed out. The session key was deleted from this browser.',
  'codes.otpCode': 'Sign-in code (email or text)',
  'codes.contactCode': 'Email and phone verification code',
  'codes.scaCode': 'Payment approval (SCA) code',
  'error.offline': 'Can’t reach the server. Check your connection and try again.',
  'error.rateLimited': 'Too many attempts. Wait a moment, then try again.',
  'error.generic': 'Something went wrong. Please try again.',
  'fact.customer': 'Customer',
  'fact.wallet': 'Wallet',
  'fact.embeddedWallet': 'Embedded wallet',
  'fact.method': 'Sign-in method',
  'fact.methodValue': 'Email code to {email}',
  'fact.balance': 'Balance',
  'fact.email': 'Email',
  'fact.region': 'Region',
  'fact.passkeys': 'Passkeys',
  'fact.session': 'Session',
  'fact.expires': 'Expires',
  'fact.available': 'Available',
  'fact.card': 'Card',
  'fact.state': 'State',
  'fact.type': 'Type',

  'customer.title': 'Create a customer',
  'customer.subtitle': 'Sandbox customer and wallet',
  'customer.lead':
    'Your backend creates a sandbox customer with its platform credential, which never reaches this page. The customer gets an embedded wallet, an email sign-in method and 5,000.00 to spend.',
  'customer.card': 'New sandbox customer',
  'customer.email': 'Email',
  'customer.emailHint': 'The sandbox never sends mail: the code is always shown in the sidebar.',
  'customer.name': 'Full name (optional)',
  'customer.phone': 'Phone (optional)',
  'customer.phoneHint': 'International format. EU customers confirm it during onboarding.',
  'customer.region': 'Region',
  'customer.kind': 'Customer',
  'customer.individual': 'A person',
  'customer.business': 'A business (adds its owners to KYC)',
  'customer.scaEu': 'EU customers confirm payments with Strong Customer Authentication.',
  'customer.scaUs': 'US customers pay without an extra confirmation step.',
  'customer.submit': 'Create customer',
  'customer.invalidEmail': 'Enter a valid email address.',
  'customer.created': 'Customer created with a funded {currency} wallet',
  'customer.inWalkthrough': 'In this walkthrough',
  'customer.plan1': 'EU: accept the terms, verify email and phone, verify identity',
  'customer.plan2': 'Business: add the owners and the control person',
  'customer.plan3': 'Sign in with an email code',
  'customer.plan4': 'Add a passkey and sign in with it',
  'customer.plan5': 'Export the recovery phrase',
  'customer.plan6': 'Issue a card and reveal its number',
  'customer.plan7': 'Pay, with SCA for EU customers, and see the activity',
  'customer.plan8': 'Prove an external wallet is yours, to pay out to it',
  'customer.plan9': 'Rotate the session key, sign out',
  'customer.returning': 'Signed up before? Sign in',
  'customer.sandboxCustomer': 'Sandbox customer',
  'customer.businessBadge': 'Business',
  'customer.sca': 'Strong Customer Authentication',
  'customer.noSca': 'No SCA',
  'customer.continueSignin': 'Continue to sign-in',
  'customer.startOver': 'Start over with a new customer',
  'customer.signOut': 'Sign out of the demo',
  'customer.unknownWallet': 'That wallet is not one of this demo’s customers: create a new one.',
  'customer.welcome': 'Welcome back, {name}',

  'terms.title': 'End-user terms',
  'terms.subtitle': 'Onboarding · accept the terms',
  'terms.lead':
    'Before a customer can hold a wallet or a card, they accept the service’s end-user terms. The element links the current version and records the acceptance.',

  'contact.title': 'Email and phone',
  'contact.subtitle': 'Onboarding · verify contact details',
  'contact.lead':
    'Where the customer’s provider requires it (EU customers), every email address and phone number is confirmed with a code before KYC can start. The sandbox sends nothing: its code is always 123456.',

  'kyc.title': 'Verify identity',
  'kyc.subtitle': 'Onboarding · KYC',
  'kyc.lead':
    'The customer verifies their identity with the provider’s hosted flow, or enters their details and a photo of their ID here. This sandbox’s EU customers start unverified; US customers are approved when created.',
  'kyc.continue': 'Continue to your wallet',

  'owners.title': 'Business owners',
  'owners.subtitle': 'Onboarding · KYB',
  'owners.lead':
    'A business customer names every person who owns 25% or more of it, and one person who controls it. Each of them is then verified like any customer.',
  'owners.individual':
    'This customer is a person, so there are no owners to add. Start over and choose “A business” to see this step.',

  'signin.title': 'Sign in',
  'signin.subtitle': 'Email, phone, passkey or OAuth',
  'signin.lead':
    'The code is sealed to a fresh, non-extractable session key made in this browser. The key signs every wallet action after sign-in; the service never sees it.',
  'signin.card': 'Sign in to your wallet',
  'signin.to': 'Signing in to',
  'signin.done': 'You’re signed in',
  'signin.doneText': '{method} session, expires {when}.',
  'signin.doneRefreshed': '{method} session, expires {when} and is refreshed automatically.',
  'signin.brand': 'Paykit demo wallet',
  'signin.hint': 'Sandbox: use the email you signed up with; the code is always {code}.',

  'passkey.title': 'Passkey',
  'passkey.subtitle': 'Register, then sign in',
  'passkey.lead':
    'Add a passkey to the wallet (signed with the current session), then use it to sign in: a new session, a new key, no code to type.',
  'passkey.create': '1 · Create a passkey',
  'passkey.createText': 'Your browser or password manager stores it; the wallet keeps only its public key.',
  'passkey.signIn': '2 · Sign in with it',
  'passkey.signInText': 'Sign in with the passkey you just made. You get a new session with a new key.',
  'passkey.first': 'Create a passkey first; then sign in with it here.',
  'passkey.added': 'Passkey added to your wallet',
  'passkey.signedIn': 'Signed in with your passkey: new session',

  'export.title': 'Recovery phrase',
  'export.subtitle': 'Export the wallet',
  'export.lead':
    'The recovery phrase is encrypted by the wallet enclave to a one-time key made here, and decrypted only in this page. It is masked until you reveal it and wiped when you are done.',

  'card.title': 'Virtual card',
  'card.subtitle': 'Issue, manage, spend',
  'card.lead':
    'Issue a virtual card funded by the wallet, let it pay from the wallet, then freeze it, set its limits, show its details and watch simulated spending arrive. Number and security code come from the card issuer’s own origin in a sandboxed frame: they never touch this page’s scripts.',

  'pay.title': 'Payment',
  'pay.subtitle': 'Quote, authorize, sign',
  'pay.lead':
    'A payment is a quote, signed by your session key. Customers in the EU then confirm it with Strong Customer Authentication before any money moves.',
  'pay.card': 'New payment',
  'pay.from': 'From',
  'pay.progress': 'Progress',
  'pay.step.quote': 'Quote created',
  'pay.step.signed': 'Signed with your session key',
  'pay.step.sca': 'Strong Customer Authentication',
  'pay.step.confirmed': 'Confirmed',
  'pay.step.waitingCode': 'Waiting for your code',
  'pay.step.afterSigning': 'After signing',
  'pay.step.failed': 'Failed',
  'pay.step.completed': 'Completed',
  'pay.another': 'Make another payment',
  'pay.completed': 'Payment completed',

  'pay.hintUs': 'US customers: no SCA, the payment is signed and sent at once.',
  'pay.hintEu': 'You sign this payment, then confirm it with a text-message code.',
  'pay.sentTo': '{amount} sent to {payee}',
  'pay.newBalance': 'New balance {balance}',
  'pay.cancel': 'Cancel',
  'card.issue': 'Issue virtual card',
  'card.intro': 'A virtual Visa debit card spending from your wallet. Activation takes about a second.',
  'card.activating': 'Activating your card…',
  'card.simulate': 'Simulate spending',
  'card.detailsHint':
    'Card details are shown from {origin} in a sandboxed frame, hidden automatically after two minutes.',
  'card.simulateHint':
    'Card networks, simulated by the sandbox: purchases that settle, a refund, a pending taxi, a decline. Allow card payments first, or every one is declined.',
  'card.issued': 'Card issued and active',
  'card.kycNeeded': 'A card can’t be issued until your identity is verified.',
  'card.kycLink': 'Verify your identity',

  'payees.title': 'Payees',
  'payees.subtitle': 'Trusted payees',
  'payees.lead':
    'The accounts this customer pays. In an SCA region, a trusted payee is paid without a code each time: trusting or untrusting one takes a code sent by text message.',

  'activity.title': 'Activity',
  'activity.subtitle': 'Payments, filter, cancel',
  'activity.lead':
    'Every payment of the wallet, newest first, with its status. A bank transfer still in flight can be cancelled until the bank has processed it.',

  'invite.title': 'Invitation',
  'invite.subtitle': "A friend's UMA invitation",
  'invite.lead':
    "Grace, another customer of this platform, invited this customer with $25.00. The invitation shows who sent it and the amount; accepting it claims it for the customer's own UMA address.",

  'payout.title': 'External wallet',
  'payout.subtitle': 'Prove it is yours, pay out',
  'payout.lead':
    'Before money goes out to a self-custody wallet, the customer proves it is theirs: their wallet signs a message from the service, or they pass a liveness check.',
  'payout.add': 'Add my external wallet',
  'payout.address': 'Wallet address (Base, USDC)',
  'payout.signerNote':
    'Sandbox: the identity check opens in a new tab, where you choose its outcome; this page follows it.',
  'payout.verified': 'The external wallet is yours: payouts to it are allowed',

  'sessions.title': 'Account security',
  'sessions.subtitle': 'Sessions, sign-in, wallet',
  'sessions.lead':
    'What a wallet user manages on their own: where they are signed in, how they sign in, and who may spend from the wallet. Every change is signed by this browser’s session key.',

  'method.EMAIL_OTP': 'Email code',
  'method.SMS_OTP': 'Text code',
  'method.PASSKEY': 'Passkey',
  'method.OAUTH': 'Single sign-on',
  'method.unknown': 'Unknown',
};

/** The demo's message keys; every locale has each one. */
export type DemoMessageKey = keyof typeof en;
/** A locale's table: every key of `en`, nothing else. */
export type DemoMessages = Record<DemoMessageKey, string>;
