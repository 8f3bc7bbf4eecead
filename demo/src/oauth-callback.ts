/**
 * The demo's OAuth redirect URI (`/oauth-callback.html`): hands the identity provider's answer to the
 * `<pay-oauth-button>` that asked (its popup's opener, or the page it left for the redirect fallback).
 * No Lit, no client, nothing kept.
 *
 * @example
 *   <script type="module" src="/src/oauth-callback.ts"></script>
 */
import { completeOAuthCallback } from '@paykit/elements/oauth-callback';

completeOAuthCallback();
