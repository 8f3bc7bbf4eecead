/**
 * Compile-time checks of the wrappers in JSX, type-checked with `npx tsc -p packages/react-bindings/test`
 * and never run: each `on…` prop receives its element's event class, element properties keep their
 * types, and a wrong value, a foreign event or a non-`pay-*` event name is an error.
 */
import type { WalletClient } from '@paykit/crypto-core';
import type { PayOtpLogin as PayOtpLoginElement } from '@paykit/elements';
import {
  PayOtpLogin,
  PayPasskeyLogin,
  PayScaChallenge,
  PaykitProvider,
  usePayEvent,
  useSession,
  type PayOtpLoginProps,
} from '@paykit/react';
import { useRef, type ReactElement } from 'react';

export function Checks({ client }: { client: WalletClient }): ReactElement {
  const ref = useRef<PayOtpLoginElement>(null);
  const { status, session } = useSession();
  const loading: boolean = status === 'loading';
  // @ts-expect-error the session in React state has no key id
  void session?.keyId;
  usePayEvent('pay-session', (event) => event.detail.session.expiresAt.toUpperCase());
  usePayEvent('pay-error', (event) => event.detail.code.toUpperCase(), ref);
  // @ts-expect-error only pay-* events
  usePayEvent('click', () => undefined);
  const props: PayOtpLoginProps = { accountId: 'InternalAccount:1', channel: 'sms' };

  const result = useSession();
  if (result.status === 'signed-in') void result.session.accountId.toUpperCase();
  // @ts-expect-error the session may be missing unless the status is signed-in
  void result.session.accountId;

  return (
    <PaykitProvider client={client} onRestoreError={(error) => console.warn(error)}>
      <PayOtpLogin
        ref={ref}
        accountId="InternalAccount:1"
        channel="email"
        resendSeconds={30}
        className={loading ? 'busy' : undefined}
        onPaySession={(event) => event.detail.session.id.toUpperCase()}
        onPayOtpSent={(event) => event.detail.channel satisfies 'email' | 'sms'}
        onPayError={(event) => event.detail.code.toUpperCase()}
      />
      <PayOtpLogin {...props} />
      {/* @ts-expect-error channel is 'email' | 'sms' */}
      <PayOtpLogin channel="fax" />
      {/* @ts-expect-error pay-sca-complete is not an event of <pay-otp-login> */}
      <PayOtpLogin onPayScaComplete={() => undefined} />
      {/* @ts-expect-error onPaySession receives a PaySessionEvent, which has no quote */}
      <PayPasskeyLogin onPaySession={(event) => event.detail.quote} />
      <PayPasskeyLogin mode="register" onPayPasskeyRegistered={(event) => event.detail.authMethodId.toUpperCase()} />
      <PayScaChallenge onPayScaComplete={(event) => event.detail.quote.id.toUpperCase()} />
    </PaykitProvider>
  );
}

/** The README's example: destructured, `status` still narrows `session`. */
export function Account({ accountId }: { accountId: string }): ReactElement {
  const { status, session, logout } = useSession();
  usePayEvent('pay-error', (event) => console.info(event.detail.code));
  if (status === 'loading') return <p>Loading</p>;
  if (status === 'signed-out') return <PayOtpLogin accountId={accountId} />;
  return <button onClick={() => void logout()}>Sign out of {session.accountId}</button>;
}
