/**
 * The page's calls to the demo platform's own backend (`/api/demo`). Wallet calls go through the
 * `WalletClient` to `/api/wallet` instead. Same-origin JSON; the session cookie is HttpOnly, so the
 * page never sees it. The shapes exchanged are declared once, in ../wire.ts.
 */
import type { DemoConfig, DemoErrorBody, Profile, SignupInput, SpendingOutcome } from '../wire.js';

export class DemoApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/demo${path}`, {
    method,
    headers: { Accept: 'application/json', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = (json ?? {}) as Partial<DemoErrorBody>;
    throw new DemoApiError(
      response.status,
      error.code ?? 'UNEXPECTED',
      error.message ?? `The demo backend answered ${response.status}`,
    );
  }
  return json as T;
}

export const demoApi = {
  config: () => call<DemoConfig>('GET', '/config'),
  /** The profile of this visitor's demo session, or undefined before sign-up. */
  me: async (): Promise<Profile | undefined> => (await call<Profile | undefined>('GET', '/me')) ?? undefined,
  signup: (input: SignupInput) => call<Profile>('POST', '/signup', input),
  reset: () => call<void>('POST', '/reset'),
  /** Ends the demo session in this browser (the cookie); the customer stays and can sign in again. */
  signout: () => call<void>('POST', '/signout'),
  /** Sandbox only: an identity token of the test IdP for this visitor (to add the OAuth method). */
  oauthToken: async () => (await call<{ idToken: string }>('POST', '/oauth/token')).idToken,
  /** Runs the sandbox card simulators on the visitor's card (purchases, a refund, a decline). */
  simulateSpending: (cardId: string) => call<SpendingOutcome>('POST', '/card/simulate', { cardId }),
  /** Sandbox only: the code of an UMA invitation a friend sent this visitor (made once, then the same). */
  invitationCode: async () => (await call<{ code: string }>('POST', '/invitation')).code,
  /** Sandbox only: gives the visitor a payee (a bank account, added once as a platform's backend would). */
  addPayee: () => call<{ added: boolean }>('POST', '/payee'),
};
