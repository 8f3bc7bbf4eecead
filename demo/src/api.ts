/**
 * The page's calls to the demo platform's own backend (`/api/demo`). Wallet calls go through the
 * `WalletClient` to `/api/wallet` instead. Same-origin JSON; the session cookie is HttpOnly, so the
 * page never sees it.
 */
export interface Region {
  code: string;
  name: string;
  currency: string;
  sca: boolean;
}

export interface DemoConfig {
  panOrigin: string;
  signers: string[];
  rpId: string;
  hints: { otpCode: string; scaCode: string };
  regions: Region[];
  startingBalance: number;
}

export interface Profile {
  customerId: string;
  accountId: string;
  email: string;
  emailMasked: string;
  fullName: string;
  region: string;
  regionName: string;
  sca: boolean;
  currency: string;
  otpCredentialId: string;
  cardIds: string[];
}

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
    const error = (json ?? {}) as { code?: string; message?: string };
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
  signup: (input: { email: string; fullName: string; region: string }) => call<Profile>('POST', '/signup', input),
  reset: () => call<void>('POST', '/reset'),
};
