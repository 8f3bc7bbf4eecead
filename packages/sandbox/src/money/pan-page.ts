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

/**
 * The page's look: the default tokens of the Paykit elements (shared/theme.ts: colours per scheme,
 * 8 px radius and spacing, 44 px controls, the focus ring), since a page on another origin cannot read
 * the host's `--pay-*` properties. Each row is a grid: label over value, the copy button in one column,
 * so the three buttons line up. The number is four-digit groups that never break inside a group.
 */
const STYLE = `
  :root { color-scheme: light dark; --primary: light-dark(#4338ca, #a5b4fc); --on-primary: light-dark(#fff, #111827);
    --surface: light-dark(#fff, #111827); --muted-surface: light-dark(#f3f4f6, #1f2937); --text: light-dark(#111827, #f9fafb);
    --text-muted: light-dark(#4b5563, #d1d5db); --border: light-dark(#6b7280, #9ca3af); --border-subtle: light-dark(#e5e7eb, #374151);
    --success: light-dark(#15803d, #86efac); --focus: light-dark(#2563eb, #93c5fd);
    font: 16px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
  body { margin: 0; padding: 16px; background: var(--muted-surface); color: var(--text); }
  dl { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 12px; margin: 0; }
  .row { display: grid; grid-column: 1 / -1; grid-template-columns: subgrid; align-items: center; row-gap: 2px; }
  dt { grid-column: 1; color: var(--text-muted); font-size: .8125em; }
  dd { grid-column: 1; margin: 0; font: 600 1.125em/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-variant-numeric: tabular-nums; letter-spacing: .04em; }
  .group { white-space: nowrap; }
  button { grid-column: 2; grid-row: 1 / span 2; min-width: 88px; min-height: 44px; padding: 0 16px; border: 1px solid var(--border);
    border-radius: 8px; background: var(--surface); color: var(--text); font: inherit; font-size: .875em; font-weight: 600; cursor: pointer; }
  button:hover { background: var(--muted-surface); }
  button:focus-visible { outline: 2px solid transparent; box-shadow: 0 0 0 2px var(--surface), 0 0 0 4px var(--focus); }
  button[data-copied] { border-color: var(--success); color: var(--success); }
  p { margin: 12px 0 0; font-size: .8125em; color: var(--text-muted); }
  #status:empty { display: none; }
  @media (prefers-reduced-motion: no-preference) { button { transition: background 120ms ease-out; } }`;

/**
 * The card page's script: the copy buttons (number, expiry, security code: each copies its `data-copy`,
 * then reads "Copied" for two seconds, also announced in the status line), the language and theme the
 * framing element passes in the URL's fragment (`#lang=es&theme=dark`) and later in a
 * `{ type: 'pay-card-frame-view', view: 'lang=fr' }` message from the parent window (a live language
 * switch), and the page's height reported to the parent (`{ type: 'pay-card-frame-height', height }`,
 * not a secret) so the element sizes the frame to it.
 */
const CARD_SCRIPT = `
  const WORDS = {
    en: ['Card number', 'Expires', 'Security code', 'Copy', 'Copied', 'Copying is not allowed here', 'Sandbox test card: moves no money.'],
    es: ['Número de tarjeta', 'Caduca', 'Código de seguridad', 'Copiar', 'Copiado', 'No se permite copiar aquí', 'Tarjeta de prueba del sandbox: no mueve dinero.'],
    fr: ['Numéro de carte', 'Expire', 'Code de sécurité', 'Copier', 'Copié', 'La copie n’est pas autorisée ici', 'Carte de test du sandbox : aucun argent n’est déplacé.'],
    de: ['Kartennummer', 'Gültig bis', 'Sicherheitscode', 'Kopieren', 'Kopiert', 'Kopieren ist hier nicht erlaubt', 'Sandbox-Testkarte: bewegt kein Geld.'],
    it: ['Numero della carta', 'Scade', 'Codice di sicurezza', 'Copia', 'Copiato', 'Qui non è consentito copiare', 'Carta di prova della sandbox: non muove denaro.'],
    nl: ['Kaartnummer', 'Geldig tot', 'Beveiligingscode', 'Kopiëren', 'Gekopieerd', 'Kopiëren is hier niet toegestaan', 'Sandbox-testkaart: verplaatst geen geld.'],
    pt: ['Número do cartão', 'Validade', 'Código de segurança', 'Copiar', 'Copiado', 'Não é permitido copiar aqui', 'Cartão de teste do sandbox: não movimenta dinheiro.'],
  };
  const KEYS = ['number', 'expiry', 'cvc', 'copy', 'copied', 'blocked', 'note'];
  const status = document.getElementById('status');
  const buttons = [...document.querySelectorAll('button[data-copy]')];
  let words;
  let current = '';
  const timers = new Map();
  const label = (button) => (button.hasAttribute('data-copied') ? words.copied : words.copy);
  function apply(fragment) {
    current = fragment;
    const view = new URLSearchParams(fragment);
    const lang = (view.get('lang') || '').toLowerCase().split('-')[0];
    const table = WORDS[lang] ? lang : 'en';
    words = Object.fromEntries(KEYS.map((key, i) => [key, WORDS[table][i]]));
    const theme = view.get('theme');
    document.documentElement.style.colorScheme = theme === 'light' || theme === 'dark' ? theme : '';
    document.documentElement.lang = table;
    for (const node of document.querySelectorAll('[data-word]')) node.textContent = words[node.dataset.word];
    for (const button of buttons) {
      button.textContent = label(button);
      button.setAttribute('aria-label', label(button) + ': ' + words[button.dataset.field]);
    }
  }
  apply(location.hash.slice(1));
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === parent && data && data.type === 'pay-card-frame-view' && typeof data.view === 'string') apply(data.view);
  });
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
      } catch {
        status.textContent = words.blocked;
        return;
      }
      for (const other of buttons) other.removeAttribute('data-copied');
      button.setAttribute('data-copied', '');
      status.textContent = words.copied + ': ' + words[button.dataset.field];
      clearTimeout(timers.get(button));
      timers.set(button, setTimeout(() => { button.removeAttribute('data-copied'); apply(current); }, 2000));
      apply(current);
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

/** The card details page of `card` (its number, expiry and security code), its style and script under `nonce`. */
export function cardPage(nonce: string, card: Pick<CardRecord, 'pan' | 'cvv' | 'expiryMonth' | 'expiryYear'>): string {
  // four-digit groups, each unbreakable: a narrow frame wraps the number between groups only
  const grouped = (card.pan.match(/\d{1,4}/g) ?? []).map((g) => `<span class="group">${g}</span>`).join(' ');
  const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`;
  const row = (field: string, label: string, shown: string, copy: string, id = ''): string =>
    `<div class="row"><dt data-word="${field}">${label}</dt><dd${id ? ` id="${id}" data-digits="${copy}"` : ''}>${shown}</dd>` +
    `<button type="button" data-field="${field}" data-copy="${copy}">Copy</button></div>`;
  return page(
    nonce,
    'Card details',
    `<main aria-label="Card details"><dl>` +
      row('number', 'Card number', grouped, card.pan, 'pan') +
      row('expiry', 'Expires', expiry, expiry) +
      row('cvc', 'Security code', card.cvv, card.cvv) +
      `</dl><p id="status" role="status" aria-live="polite"></p>` +
      `<p data-word="note">Sandbox test card: moves no money.</p></main>`,
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
