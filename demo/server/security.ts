/**
 * Response headers of the demo origin. The page gets a strict Content-Security-Policy: scripts, styles
 * and fetches from this origin only (no inline script or style, no eval), the card-details frame from
 * the sandbox's PAN origin only, nothing may frame the page, violations are reported to
 * `/api/demo/csp-report`. Where the browser has Trusted Types, only Lit's policy may create HTML.
 * Every answer also gets `nosniff`, `no-referrer` and a same-origin opener policy (pages: same-origin but
 * for the OAuth popup they open; the OAuth callback page: none, see `securityHeaders`).
 *
 * @example
 *   const headers = securityHeaders({ panOrigin: 'http://localhost:41234', page: true });
 */
import { stripControl } from './limits.js';

export const CSP_REPORT_PATH = '/api/demo/csp-report';
/** The page the OAuth provider returns to (demo/oauth-callback.html): it runs `completeOAuthCallback()`. */
export const OAUTH_CALLBACK_PATH = '/oauth-callback.html';

export function contentSecurityPolicy(panOrigin: string, kycOrigin?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    // the card issuer's PAN page, and the verification provider's hosted KYC flow (<pay-kyc embed>)
    `frame-src ${panOrigin}${kycOrigin ? ` ${kycOrigin}` : ''}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/** Headers for one answer; `page` adds the page CSP, else a CSP that allows nothing (API answers). */
export function securityHeaders(options: {
  panOrigin: string;
  kycOrigin?: string;
  page: boolean;
  /** The OAuth callback page: it must stay in its popup's browsing context group to reach its opener. */
  oauthCallback?: boolean;
}): Record<string, string> {
  return {
    'Content-Security-Policy': options.page
      ? contentSecurityPolicy(options.panOrigin, options.kycOrigin)
      : "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // the page keeps its handle on the OAuth popup (same-origin-allow-popups); the callback page, loaded in
    // that popup after the provider's page, sets no isolation of its own (unsafe-none), or the browser would
    // cut it off from the page it posts the result to
    'Cross-Origin-Opener-Policy': options.oauthCallback
      ? 'unsafe-none'
      : options.page
        ? 'same-origin-allow-popups'
        : 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/**
 * A CSP violation as kept and logged: the directive and the blocked origin, never a full URL (a PAN URL
 * is a secret), with control characters removed so a report cannot forge or split a log line.
 */
export interface CspViolation {
  directive: string;
  blocked: string;
  documentPath: string;
  at: string;
}

/** Reads a `report-uri` (application/csp-report) or Reporting API (application/reports+json) body. */
export function parseCspReports(text: string): CspViolation[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const bodies: Record<string, unknown>[] = [];
  if (Array.isArray(json)) {
    for (const report of json)
      if (report && typeof report === 'object' && 'body' in report)
        bodies.push((report as { body: Record<string, unknown> }).body);
  } else if (json && typeof json === 'object' && 'csp-report' in json) {
    bodies.push((json as { 'csp-report': Record<string, unknown> })['csp-report']);
  }
  return bodies
    .filter((body) => body !== null && typeof body === 'object')
    .slice(0, 20)
    .map((body) => ({
      directive: stripControl(
        String(body['effective-directive'] ?? body['effectiveDirective'] ?? body['violated-directive'] ?? 'unknown'),
      ).slice(0, 60),
      blocked: stripControl(originOnly(body['blocked-uri'] ?? body['blockedURL'])).slice(0, 60),
      documentPath: stripControl(pathOnly(body['document-uri'] ?? body['documentURL'])).slice(0, 120),
      at: new Date().toISOString(),
    }));
}

function originOnly(value: unknown): string {
  if (typeof value !== 'string') return 'unknown';
  if (/^(inline|eval|self|data|blob|trusted-types-policy|trusted-types-sink|wasm-eval)$/.test(value)) return value;
  try {
    return new URL(value).origin;
  } catch {
    return value.slice(0, 30);
  }
}

function pathOnly(value: unknown): string {
  try {
    return new URL(String(value)).pathname;
  } catch {
    return 'unknown';
  }
}
