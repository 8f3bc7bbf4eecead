/**
 * What `<pay-oauth-button>` and the callback page (`oauth-callback.ts`) agree on: the provider
 * configuration the platform gives, the authorization URL (OIDC implicit `response_type=id_token`, the
 * nonce bound to the session key, a fresh `state`), the message the popup posts to its opener, and the
 * two `sessionStorage` records of the redirect fallback. Kept apart so the callback page ships without
 * Lit or the element.
 *
 * Storage, decided: the popup path stores nothing (the token travels by `postMessage` to the opener
 * only). The redirect path must survive two page loads, so it keeps in `sessionStorage` (this tab and
 * origin only) the pending request `{ state, session key id, provider, AuthMethod id, return URL }` (the
 * key itself stays non-extractable in IndexedDB) and, for the one hop from the callback page back to
 * the element's page, the result `{ state, id token }`. The element deletes both before it uses them,
 * whatever the outcome; the token is bound by its nonce to a key that never leaves this browser and
 * expires within minutes.
 *
 * @example
 *   const url = authorizationUrl(config, { state: newOAuthState(), nonce });
 */

/** Where and how to ask the identity provider, from the platform's OAuth app registration. */
export interface OAuthProviderConfig {
  /** The provider's authorization endpoint (for Google `https://accounts.google.com/o/oauth2/v2/auth`). */
  authorizationEndpoint: string;
  /** The platform's OAuth client id at the provider (the token's `aud`). */
  clientId: string;
  /** The platform page that runs `completeOAuthCallback()` (registered at the provider). */
  redirectUri: string;
  /** Scopes; default `openid email`. */
  scopes?: readonly string[] | undefined;
  /** More authorization parameters (`prompt`, `login_hint`, `hd`…). Cannot replace the ones set here. */
  params?: Readonly<Record<string, string>> | undefined;
  /** Name on the button for a provider without built-in branding. */
  displayName?: string | undefined;
}

/** `data.type` of the popup's message to its opener. */
export const OAUTH_MESSAGE_TYPE = 'paykit:oauth-result';
/** `window.name` of the popups the element opens: the callback answers only such a window's opener. */
export const OAUTH_POPUP_NAME = 'paykit-oauth';
/**
 * sessionStorage key of the redirect path's pending request. `<pay-sign-in>` reads it up front with its own
 * copy of the key (a shared module would be a chunk of its own); its resume test holds the two equal.
 */
export const PENDING_KEY = 'paykit:oauth:pending';

/** JSON from sessionStorage (undefined when absent, unreadable or storage is refused). */
export function readRecord<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}
/** sessionStorage key of the redirect path's result, from the callback page to the element. */
export const RESULT_KEY = 'paykit:oauth:result';

/** The callback's answer: an id token, or the provider's error code; always the echoed state. */
export interface OAuthResult {
  state: string;
  idToken?: string | undefined;
  error?: string | undefined;
}

/** The redirect path's pending request. */
export interface OAuthPending {
  state: string;
  keyId: string;
  provider: string;
  authMethodId: string;
  returnTo: string;
  createdAt: number;
}

/** 32 random bytes as hex: unguessable, checked on return. */
export function newOAuthState(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The authorization request URL. */
export function authorizationUrl(config: OAuthProviderConfig, request: { state: string; nonce: string }): string {
  const url = new URL(config.authorizationEndpoint);
  const own: Record<string, string> = {
    response_type: 'id_token',
    response_mode: 'fragment',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: (config.scopes ?? ['openid', 'email']).join(' '),
    state: request.state,
    nonce: request.nonce,
  };
  for (const [name, value] of Object.entries({ ...config.params, ...own })) url.searchParams.set(name, value);
  return url.href;
}

/** Reads the callback result from a URL fragment (`#id_token=…&state=…` or `#error=…&state=…`). */
export function parseOAuthFragment(hash: string): OAuthResult | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = params.get('state');
  if (!state) return undefined;
  const idToken = params.get('id_token') ?? undefined;
  const error = params.get('error') ?? (idToken ? undefined : 'invalid_response');
  return { state, idToken, error };
}

export function writeRecord(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}

export function removeRecord(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // storage refused: nothing was kept
  }
}
