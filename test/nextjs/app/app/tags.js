/** The fixture's pages: one per element, and the control page that must fail to hydrate. */
export const FIXTURE_TAGS = [
  'pay-otp-login',
  'pay-sign-in',
  'pay-passkey-login',
  'pay-passkey-login-conditional',
  'pay-wallet-export',
  'pay-card-reveal',
  'pay-sca-challenge',
  'control-mismatch',
];
