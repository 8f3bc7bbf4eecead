/**
 * The PAN reveal page, served by `panFetch` on its own origin (its own port under `startSandbox`), as
 * the card issuer's hosted page would be. `GET /pan/{token}`: the token is single-use and expires at
 * the reveal's `expiresAt`; a reused, expired or unknown token answers 410 with a page saying so. Only a
 * GET spends the token (a HEAD answers the same status without it).
 * Responses carry a strict CSP (nothing but this page's own nonce'd style and copy script, framable
 * only by the configured origins), `Cache-Control: no-store` and `Referrer-Policy: no-referrer`.
 * The PAN is a test number (4000 00…, Luhn-valid) and moves no money.
 */
import { Hono } from 'hono';
import type { SandboxContext } from './context.js';
import { mountLivenessPage } from './liveness-page.js';
import { randomToken } from './ids.js';
import type { CardRecord } from './state.js';

const STYLE = `
  :root { color-scheme: light dark; font: 16px/1.4 system-ui, sans-serif; }
  body { margin: 0; padding: 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 12px; }
  dt { opacity: .7; } dd { margin: 0; font-family: ui-monospace, monospace; letter-spacing: .05em; }
  button { font: inherit; padding: 6px 12px; }`;

const COPY_SCRIPT = `
  const button = document.getElementById('copy');
  const status = document.getElementById('status');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(document.getElementById('pan').dataset.digits);
      status.textContent = 'Card number copied';
    } catch {
      status.textContent = 'Copying is not allowed here';
    }
  });`;

function headers(ctx: SandboxContext, nonce: string): Record<string, string> {
  const ancestors = ctx.config.frameAncestors.length ? ctx.config.frameAncestors.join(' ') : "'none'";
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}

const page = (nonce: string, title: string, body: string, script = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${title}</title><style nonce="${nonce}">${STYLE}</style></head>` +
  `<body>${body}${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;

function cardPage(nonce: string, card: CardRecord): string {
  const grouped = card.pan.replace(/(\d{4})(?=\d)/g, '$1 ');
  const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`;
  return page(
    nonce,
    'Card details',
    `<main aria-label="Card details"><dl>` +
      `<dt>Card number</dt><dd id="pan" data-digits="${card.pan}">${grouped}</dd>` +
      `<dt>Expires</dt><dd>${expiry}</dd><dt>CVV</dt><dd>${card.cvv}</dd></dl>` +
      `<button type="button" id="copy">Copy card number</button><p id="status" role="status" aria-live="polite"></p>` +
      `<p><small>Sandbox test card: moves no money.</small></p></main>`,
    COPY_SCRIPT,
  );
}

const goneBody =
  '<main><h1>This link has expired</h1><p>Card details can be shown once per reveal. Ask for a new reveal.</p></main>';

export function createPanApp(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get('/pan/:token', (c) => {
    const nonce = randomToken();
    const record = ctx.state.panTokens.get(c.req.param('token'));
    const card = record && ctx.state.cards.get(record.cardId);
    if (!record || !card || record.used || record.expiresAt <= ctx.config.now() || card.state === 'CLOSED') {
      return c.body(page(nonce, 'Link expired', goneBody), 410, headers(ctx, nonce));
    }
    // Only a GET shows the card, so only a GET spends the token: a HEAD (link checkers, prefetchers)
    // must not burn the single-use URL before the frame loads it.
    if (c.req.method === 'HEAD') return c.body(null, 200, headers(ctx, nonce));
    ctx.state.panTokens.put({ ...record, used: true });
    return c.body(cardPage(nonce, card), 200, headers(ctx, nonce));
  });

  mountLivenessPage(app, ctx); // the hosted liveness check of external wallet ownership shares this origin

  app.notFound((c) => {
    const nonce = randomToken();
    return c.body(page(nonce, 'Not found', '<main><h1>Not found</h1></main>'), 404, headers(ctx, nonce));
  });
  app.onError((error, c) => {
    ctx.config.onInternalError(error);
    const nonce = randomToken();
    return c.body(page(nonce, 'Error', '<main><h1>Something went wrong</h1></main>'), 500, headers(ctx, nonce));
  });
  return app;
}
