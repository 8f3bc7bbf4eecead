/**
 * The hosted liveness check of an external wallet's ownership verification, served on the sandbox's
 * second origin (beside the PAN page) as the verification provider's page would be. `GET
 * /liveness/{token}` shows the check with two outcomes a tester can pick; `POST
 * /liveness/{token}/complete` (`{"outcome":"PASS"|"FAIL"}`) finishes it. The account's status changes
 * asynchronously, `LIVENESS_COMPLETION_MS` later (money/lifecycle.ts): poll the external account. An
 * unknown, replaced or expired token answers 410.
 *
 * @example
 *   mountLivenessPage(app, ctx); // app: the PAN origin's Hono app
 */
import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { randomToken } from '../store/ids.js';
import type { ExternalAccountRecord } from '../store/state.js';

/** From the end of the hosted check to the account's new status. */
export const LIVENESS_COMPLETION_MS = 2_000;

const SCRIPT = `
  const status = document.getElementById('status');
  for (const button of document.querySelectorAll('button[data-outcome]')) {
    button.addEventListener('click', async () => {
      const res = await fetch(location.pathname + '/complete', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ outcome: button.dataset.outcome }),
      });
      status.textContent = res.ok ? 'Done. You can close this page.' : 'This check has expired. Start again.';
      for (const b of document.querySelectorAll('button')) b.disabled = true;
    });
  }`;

function headers(nonce: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}

const page = (nonce: string, body: string, script = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>Identity check</title><style nonce="${nonce}">:root{color-scheme:light dark;font:16px/1.4 system-ui,sans-serif}body{margin:0;padding:16px}button{font:inherit;padding:6px 12px;margin-right:8px}</style></head>` +
  `<body>${body}${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;

function liveChallenge(ctx: SandboxContext, token: string): ExternalAccountRecord | undefined {
  const account = ctx.state.externalAccounts.list(
    (a) => a.challenge?.method === 'LIVENESS' && a.challenge.token === token,
  )[0];
  const challenge = account?.challenge;
  if (!challenge || challenge.outcome !== undefined || challenge.expiresAt <= ctx.config.now()) return undefined;
  return account;
}

export function mountLivenessPage(app: Hono, ctx: SandboxContext): void {
  app.get('/liveness/:token', (c) => {
    const nonce = randomToken();
    if (!liveChallenge(ctx, c.req.param('token')))
      return c.body(
        page(nonce, '<main><h1>This link has expired</h1><p>Start the check again.</p></main>'),
        410,
        headers(nonce),
      );
    return c.body(
      page(
        nonce,
        '<main><h1>Identity check</h1><p>Sandbox liveness check: choose the outcome.</p>' +
          '<button type="button" data-outcome="PASS">Complete the check</button>' +
          '<button type="button" data-outcome="FAIL">Fail the check</button>' +
          '<p id="status" role="status" aria-live="polite"></p></main>',
        SCRIPT,
      ),
      200,
      headers(nonce),
    );
  });

  app.post('/liveness/:token/complete', async (c) => {
    const account = liveChallenge(ctx, c.req.param('token'));
    let outcome: unknown;
    try {
      outcome = ((await c.req.json()) as { outcome?: unknown }).outcome;
    } catch {
      outcome = undefined;
    }
    if (outcome !== 'PASS' && outcome !== 'FAIL') return c.json({ error: 'outcome must be PASS or FAIL' }, 400);
    if (!account) return c.json({ error: 'expired' }, 410);
    const now = ctx.config.now();
    ctx.state.externalAccounts.put({
      ...account,
      challenge: {
        ...account.challenge!,
        outcome: outcome === 'PASS' ? 'ACTIVE' : 'UNVERIFIED',
        completesAt: now + LIVENESS_COMPLETION_MS,
      },
      updatedAt: now,
    });
    return c.body(null, 204);
  });
}
