/**
 * The PAN reveal page, served by `panFetch` on its own origin (its own port under `startSandbox`), as
 * the card issuer's hosted page would be. `GET /pan/{token}`: the token is single-use and expires at
 * the reveal's `expiresAt`; a reused, expired or unknown token answers 410 with a page saying so. Only a
 * GET spends the token (a HEAD answers the same status without it).
 * Responses carry a strict CSP (nothing but this page's own nonce'd style and copy script, framable
 * only by the configured origins), `Cache-Control: no-store` and `Referrer-Policy: no-referrer`.
 * The PAN is a test number (4000 00…, Luhn-valid) and moves no money. Number, expiry and CVC each have
 * a copy button; the page speaks the `lang` and wears the `theme` of the URL's fragment and reports its
 * height to the framing element (see `CARD_SCRIPT`).
 */
import { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { mountLivenessPage } from './liveness-page.js';
import { randomToken } from '../store/ids.js';
import type { CardRecord } from '../store/state.js';

const STYLE = `
  :root { color-scheme: light dark; font: 16px/1.4 system-ui, sans-serif; }
  body { margin: 0; padding: 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 12px; }
  dt { opacity: .7; align-self: center; } dd { margin: 0; font-family: ui-monospace, monospace; letter-spacing: .05em; }
  button { font: inherit; font-size: .875em; padding: 2px 10px; margin-inline-start: 8px; }
  p { margin: 4px 0; }`;

/**
 * The card page's script: the copy buttons (number, expiry, security code: each copies its `data-copy`),
 * the language and theme the framing element passes in the URL's fragment (`#lang=es&theme=dark`), and
 * the page's height reported to the parent (`{ type: 'pay-card-frame-height', height }`, not a secret) so
 * the element sizes the frame to it.
 */
const CARD_SCRIPT = `
  const view = new URLSearchParams(location.hash.slice(1));
  const es = (view.get('lang') || '').toLowerCase().split('-')[0] === 'es';
  const theme = view.get('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.style.colorScheme = theme;
  document.documentElement.lang = es ? 'es' : 'en';
  const words = es
    ? { number: 'Número de tarjeta', expiry: 'Caduca', cvc: 'CVC', copy: 'Copiar', copied: 'Copiado', blocked: 'No se permite copiar aquí', note: 'Tarjeta de prueba del sandbox: no mueve dinero.' }
    : { number: 'Card number', expiry: 'Expires', cvc: 'CVC', copy: 'Copy', copied: 'Copied', blocked: 'Copying is not allowed here', note: 'Sandbox test card: moves no money.' };
  for (const node of document.querySelectorAll('[data-word]')) node.textContent = words[node.dataset.word];
  const status = document.getElementById('status');
  for (const button of document.querySelectorAll('button[data-copy]')) {
    const label = words[button.dataset.field];
    button.textContent = words.copy;
    button.setAttribute('aria-label', words.copy + ': ' + label);
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        status.textContent = words.copied + ': ' + label;
      } catch {
        status.textContent = words.blocked;
      }
    });
  }
  const report = () => parent.postMessage({ type: 'pay-card-frame-height', height: document.documentElement.scrollHeight }, '*');
  new ResizeObserver(report).observe(document.body);
  report();`;

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
  const row = (field: string, label: string, shown: string, copy: string, id = ''): string =>
    `<dt data-word="${field}">${label}</dt><dd${id ? ` id="${id}" data-digits="${copy}"` : ''}>${shown} ` +
    `<button type="button" data-field="${field}" data-copy="${copy}">Copy</button></dd>`;
  return page(
    nonce,
    'Card details',
    `<main aria-label="Card details"><dl>` +
      row('number', 'Card number', grouped, card.pan, 'pan') +
      row('expiry', 'Expires', expiry, expiry) +
      row('cvc', 'CVC', card.cvv, card.cvv) +
      `</dl><p id="status" role="status" aria-live="polite"></p>` +
      `<p><small data-word="note">Sandbox test card: moves no money.</small></p></main>`,
    CARD_SCRIPT,
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
