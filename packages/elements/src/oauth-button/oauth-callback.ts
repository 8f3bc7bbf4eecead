/**
 * The page the platform hosts at its OAuth redirect URI runs `completeOAuthCallback()`. It takes the
 * identity provider's answer from the URL fragment, removes the fragment from the address bar and
 * history at once, then hands the answer on:
 * - in the popup `<pay-oauth-button>` opened: `postMessage` to the opener, addressed to this page's own
 *   origin only (the element also checks origin and source), then closes the popup;
 * - after the redirect fallback (no opener): stores it for the one hop back, then returns to the page
 *   the sign-in started from, where the element resumes. (See oauth-protocol.ts for what is stored.)
 * Like Auth0's `handleRedirectCallback` and Clerk's SSO callback, the callback page holds no logic of
 * its own and needs neither Lit nor a client.
 *
 * @example
 *   <!-- https://platform.example/oauth/callback.html -->
 *   <script type="module">
 *     import { completeOAuthCallback } from '@paykit/elements/oauth-callback';
 *     completeOAuthCallback();
 *   </script>
 */
import {
  OAUTH_MESSAGE_TYPE,
  OAUTH_POPUP_NAME,
  PENDING_KEY,
  RESULT_KEY,
  parseOAuthFragment,
  readRecord,
  writeRecord,
  type OAuthPending,
} from './oauth-protocol.js';

export { OAUTH_MESSAGE_TYPE, type OAuthProviderConfig, type OAuthResult } from './oauth-protocol.js';

/** What the callback did: posted to the opener, returned to the starting page, or found nothing to do. */
export type OAuthCallbackOutcome = 'posted' | 'redirected' | 'nothing';

export function completeOAuthCallback(win: Window = window): OAuthCallbackOutcome {
  const result = parseOAuthFragment(win.location.hash);
  if (win.location.hash) win.history.replaceState(null, '', win.location.pathname + win.location.search);
  if (!result) return 'nothing';
  const opener = win.opener as Window | null;
  if (opener && !opener.closed && win.name === OAUTH_POPUP_NAME) {
    opener.postMessage({ type: OAUTH_MESSAGE_TYPE, ...result }, win.location.origin);
    win.close();
    return 'posted';
  }
  const pending = readRecord<OAuthPending>(PENDING_KEY);
  // Only a page of this origin that started a redirect sign-in gets the answer back (it checks the state).
  if (!pending) return 'nothing';
  let back: URL;
  try {
    back = new URL(pending.returnTo);
  } catch {
    return 'nothing';
  }
  if (back.origin !== win.location.origin) return 'nothing';
  writeRecord(RESULT_KEY, result);
  win.location.replace(back.href);
  return 'redirected';
}
