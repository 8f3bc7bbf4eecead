/**
 * The hosted KYC page and the end-user terms, served by `kycFetch` on their own origin (their own port
 * under `startSandbox`), as the verification provider's hosted flow would be. `GET /kyc/{token}` shows
 * the flow; its form posts the outcome the tester picks (`complete`: APPROVED, `fail`: REJECTED), which
 * settles the customer's kycStatus (kybStatus for a business) and a Verification exactly as a provider's
 * decision would, spends the single-use link, then redirects to the link's `redirectUri` if it has one.
 * A used, expired or unknown link answers 410. The page is framable by the configured frame ancestors
 * (the embedded flow); strict CSP, `no-store`, `no-referrer`. `GET /terms/{version}` is the terms text.
 */
import { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { newId, randomToken } from '../store/ids.js';
import { END_USER_TERMS_VERSION, isFinal, settleCustomer } from './rules.js';

const STYLE = `
  :root { color-scheme: light dark; font: 16px/1.4 system-ui, sans-serif; }
  body { margin: 0; padding: 16px; max-width: 40rem; }
  button { font: inherit; padding: 6px 12px; margin-inline-end: 8px; }`;

function headers(ctx: SandboxContext, nonce: string): Record<string, string> {
  const ancestors = ctx.config.frameAncestors.length ? ctx.config.frameAncestors.join(' ') : "'none'";
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'self' http: https:`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}

const page = (nonce: string, title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${title}</title><style nonce="${nonce}">${STYLE}</style></head>` +
  `<body>${body}</body></html>`;

const gone = '<main><h1>This link has expired</h1><p>Each verification link works once. Ask for a new one.</p></main>';

export function createKycApp(ctx: SandboxContext): Hono {
  const app = new Hono();

  const live = (token: string) => {
    const link = ctx.state.kycLinks.get(token);
    const customer = link && ctx.state.customers.get(link.customerId);
    return link && customer && !link.used && link.expiresAt > ctx.config.now() ? { link, customer } : undefined;
  };

  app.get('/kyc/:token', (c) => {
    const nonce = randomToken();
    const found = live(c.req.param('token'));
    if (!found) return c.body(page(nonce, 'Link expired', gone), 410, headers(ctx, nonce));
    if (c.req.method === 'HEAD') return c.body(null, 200, headers(ctx, nonce));
    const kind = found.customer.customerType === 'BUSINESS' ? 'business' : 'identity';
    return c.body(
      page(
        nonce,
        'Verify your identity',
        `<main><h1>Sandbox ${kind} verification</h1>` +
          `<p>A real provider would collect documents and a selfie here. Pick the outcome to simulate.</p>` +
          `<form method="post"><button name="outcome" value="complete">Complete verification</button>` +
          `<button name="outcome" value="fail">Fail verification</button></form></main>`,
      ),
      200,
      headers(ctx, nonce),
    );
  });

  app.post('/kyc/:token', async (c) => {
    const nonce = randomToken();
    const found = live(c.req.param('token'));
    if (!found) return c.body(page(nonce, 'Link expired', gone), 410, headers(ctx, nonce));
    const outcome = (await c.req.parseBody())['outcome'];
    if (outcome !== 'complete' && outcome !== 'fail')
      return c.body(
        page(nonce, 'Choose an outcome', '<main><h1>Choose an outcome</h1></main>'),
        400,
        headers(ctx, nonce),
      );
    const { link } = found;
    const customer = ctx.state.customers.get(link.customerId) ?? found.customer; // as it is now, after the await
    ctx.state.kycLinks.put({ ...link, used: true });
    if (!isFinal(customer)) {
      const status = outcome === 'complete' ? 'APPROVED' : 'REJECTED';
      const now = ctx.config.now();
      ctx.state.verifications.put({
        id: newId('Verification'),
        customerId: customer.id,
        verificationStatus: status,
        errors: [],
        createdAt: now,
        updatedAt: now,
      });
      settleCustomer(ctx, customer, status);
    }
    if (link.redirectUri) return c.redirect(link.redirectUri, 303);
    return c.body(
      page(nonce, 'Done', '<main><h1>Thank you</h1><p>You can close this window and return.</p></main>'),
      200,
      headers(ctx, nonce),
    );
  });

  app.get(`/terms/${END_USER_TERMS_VERSION}`, (c) => {
    const nonce = randomToken();
    return c.body(
      page(
        nonce,
        'End User Terms',
        `<main><h1>Sandbox End User Terms (${END_USER_TERMS_VERSION})</h1>` +
          `<p>These are placeholder terms of the sandbox. The service hosts the real terms at the URL it returns.</p></main>`,
      ),
      200,
      headers(ctx, nonce),
    );
  });

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
