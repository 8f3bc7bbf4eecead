'use client';
/**
 * The client side of every fixture page: a WalletClient over a tiny in-page transport (an OTP challenge
 * for "Send code" and for `<PaySignIn>`'s email method, found by an in-page lookup; a 404 for everything else, so each element has something to do after hydration),
 * the provider, and one wrapped element. `control-mismatch` renders different text on the server and in
 * the browser: run.mjs requires a hydration error there, which proves its console check can see one.
 */
import { useEffect } from 'react';
import { WalletClient, memoryKeyStore } from '@paykit/crypto-core';
import {
  PayCardReveal,
  PayOtpLogin,
  PayPasskeyLogin,
  PayScaChallenge,
  PayWalletExport,
  PaySignIn,
  PaykitProvider,
} from '@paykit/react';

const reply = (status, body) => ({ status, headers: {}, body });

async function transport(request) {
  if (request.method === 'POST' && request.path === '/auth/credentials/AuthMethod%3Aemail-1/challenge') {
    return reply(200, {
      id: 'AuthMethod:email-1',
      accountId: 'InternalAccount:fixture',
      type: 'EMAIL_OTP',
      otpEncryptionTargetBundle: '{}',
    });
  }
  return reply(404, { status: 404, code: 'NOT_FOUND', message: 'Not in the fixture' });
}

const client = new WalletClient({
  transport,
  keyStore: memoryKeyStore(),
  autoRefresh: false,
  namespace: 'nextjs-fixture',
});
// a server render never uses it: close its cross-tab channel so it holds nothing open there
if (typeof window === 'undefined') client.close();

/** The platform's lookup, in the page: one account, signing in with the email code. */
const lookup = async ({ email }) =>
  email === 'ada@example.com'
    ? {
        accountId: 'InternalAccount:fixture',
        methods: [{ type: 'EMAIL_OTP', authMethodId: 'AuthMethod:email-1', destination: 'a•••@example.com' }],
      }
    : undefined;

const quote = {
  id: 'Quote:fixture',
  status: 'PENDING_AUTHORIZATION',
  totalSendingAmount: 123456,
  sendingCurrency: { code: 'EUR', decimals: 2 },
  destination: { destinationType: 'ACCOUNT', accountHolderName: 'Ana López', iban: 'DE89370400440532013000' },
  scaChallenge: {
    id: 'ScaChallenge:fixture',
    expiresAt: '2099-01-01T00:00:00.000Z',
    factor: 'SMS_OTP',
    availableFactors: ['SMS_OTP'],
  },
};

function Element({ tag }) {
  switch (tag) {
    case 'pay-otp-login':
      return <PayOtpLogin authMethodId="AuthMethod:email-1" destination="a•••@example.com" />;
    case 'pay-passkey-login':
      return <PayPasskeyLogin authMethodId="AuthMethod:passkey-1" />;
    case 'pay-passkey-login-conditional':
      return <PayPasskeyLogin authMethodId="AuthMethod:passkey-1" conditional />;
    case 'pay-sign-in':
      return <PaySignIn lookup={lookup} noPasskeyPrompt />;
    case 'pay-wallet-export':
      return <PayWalletExport />;
    case 'pay-card-reveal':
      return <PayCardReveal cardId="Card:fixture" allowedOrigins="https://pan.example.test" />;
    case 'pay-sca-challenge':
      return <PayScaChallenge quote={quote} customerId="Customer:fixture" />;
    default:
      return <p id="control">{typeof window === 'undefined' ? 'server' : 'browser'}</p>;
  }
}

export function Fixture({ tag }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <PaykitProvider client={client}>
      <main>
        <h1>{tag}</h1>
        <Element tag={tag} />
      </main>
    </PaykitProvider>
  );
}
