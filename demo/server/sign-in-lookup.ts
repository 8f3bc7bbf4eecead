/**
 * The demo's sign-in lookup, `POST /api/demo/sign-in/lookup` `{email}` or `{phone}`: `@paykit/proxy`'s
 * `createSignInLookup` wired to the demo's users, who are its visitors (one per sign-up). An email, or the
 * phone number given at sign-up, finds the visitor who signed up with it and verified it (the first to, if
 * several did; verified-contacts.ts): an address anybody can type at sign-up finds nobody until its owner
 * proved it, so signing up with someone else's address does not capture their sign-in. A visitor signed in
 * to the demo who asks about their own sign-up email or number finds themselves, verified or not (the
 * first sign-in after sign-up goes through this lookup too). The account's
 * methods come from the service (`GET /auth/credentials`) with the platform credential. A number added
 * later as a text-message method only (it lives on the service) finds nobody.
 *
 * @example
 *   const lookup = createDemoSignInLookup({ sessions, platform });
 *   await lookup(new Request(url, { method: 'POST', headers, body: '{"email":"ada@example.com"}' }));
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createSignInLookup, type SignInGrants, type SignInMethod } from '@paykit/proxy';
import type { PlatformClient } from './platform.js';
import type { DemoSession, DemoSessions } from './sessions.js';
import { firstVerified } from './verified-contacts.js';

export const SIGN_IN_LOOKUP_PATH = '/api/demo/sign-in/lookup';

interface AuthMethod {
  id: string;
  type: string;
  nickname?: string;
  credentialId?: string;
}

/** A service credential as the sign-in contract describes it (unknown types are left out). */
export function toSignInMethod(method: AuthMethod, oauthIssuer?: string): SignInMethod[] {
  switch (method.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return [
        { type: method.type, authMethodId: method.id, ...(method.nickname ? { destination: method.nickname } : {}) },
      ];
    case 'PASSKEY':
      return [
        {
          type: 'PASSKEY',
          authMethodId: method.id,
          ...(method.credentialId ? { webAuthnId: method.credentialId } : {}),
          ...(method.nickname ? { nickname: method.nickname } : {}),
        },
      ];
    case 'OAUTH':
      // the service's AuthMethod does not name the issuer; the demo's one provider is the sandbox IdP
      return [{ type: 'OAUTH', authMethodId: method.id, ...(oauthIssuer ? { issuer: oauthIssuer } : {}) }];
    default:
      return [];
  }
}

export function createDemoSignInLookup(options: {
  sessions: DemoSessions;
  platform: PlatformClient;
  /** The issuer of every OAuth method (the demo has one provider, the sandbox's test IdP). */
  oauthIssuer?: string;
  /** Grants the found wallet's credentials to the browser that asked (the wallet proxy takes the same). */
  grants?: SignInGrants;
  onError?: (error: unknown) => void;
  minimumResponseMs?: number;
}): (request: Request) => Promise<Response> {
  const { sessions, platform } = options;
  /** The demo visitor whose browser asks (by its session cookie), for `findUser`, which sees no request. */
  const asking = new AsyncLocalStorage<DemoSession | undefined>();
  const lookup = createSignInLookup({
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.minimumResponseMs !== undefined ? { minimumResponseMs: options.minimumResponseMs } : {}),
    ...(options.grants ? { grants: options.grants } : {}),
    findUser: async (identifier) => {
      const self = asking.getStore();
      const isSelf =
        self !== undefined &&
        ('email' in identifier ? self.email === identifier.email : self.phoneNumber === identifier.phone);
      const user = isSelf
        ? self
        : 'email' in identifier
          ? await firstVerified(platform, sessions.withEmail(identifier.email), 'email')
          : await firstVerified(platform, sessions.withPhone(identifier.phone), 'phone');
      if (!user) return undefined;
      const credentials = await platform.call<{ data: AuthMethod[] }>(
        'GET',
        `/auth/credentials?accountId=${encodeURIComponent(user.accountId)}`,
      );
      return {
        accountId: user.accountId,
        methods: credentials.data.flatMap((m) => toSignInMethod(m, options.oauthIssuer)),
      };
    },
  });
  return (request) => asking.run(sessions.fromRequest(request), () => lookup(request));
}
