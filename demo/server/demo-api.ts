/**
 * The demo platform's own little API under `/api/demo`: what a real platform backend would do around the
 * wallet. Sign-up creates a sandbox customer with the platform credential (server-side only), finds its
 * embedded wallet and email credential, funds it, and starts the visitor's demo session (cookie).
 *
 *   GET  /api/demo/config      PAN origin, enclave signers, RP id, the sandbox's magic codes, the test IdP
 *   POST /api/demo/signup      {email, region, fullName?, phoneNumber?, customerType?} → the profile, and Set-Cookie
 *   GET  /api/demo/me          the profile of the cookie's session, or 401
 *   POST /api/demo/reset       forgets the visitor and clears the cookie
 *   POST /api/demo/signout     ends the session (its token is dead, also if replayed) and clears the
 *                              cookie: the visitor stays, and signs in again with `<pay-sign-in>` (the
 *                              lookup's grant, then the wallet proxy's onSignIn, which starts a new session)
 *   POST /api/demo/card/simulate  {cardId} → drives the sandbox card simulators on the visitor's own card
 *                              (purchases, clearings, a refund, a decline) so the card's transactions fill
 *   POST /api/demo/csp-report  CSP violation reports (kept in memory, logged without URLs)
 *
 * Bounded per source (an IPv4 address or an IPv6 /64, limits.ts): sign-ups are rate-limited per source and
 * in all before they reach the service, and refused (503 DEMO_FULL) while the store is full of visitors in
 * use; CSP reports are taken only from this origin's pages, as `application/csp-report` or
 * `application/reports+json`, at a per-source rate, and only the newest are kept.
 *
 * @example
 *   const api = createDemoApi({ platform, sessions, origin, panOrigin, signers });
 *   const response = await api(new Request('http://localhost:5173/api/demo/me'));
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readBodyLimited } from '@paykit/proxy';
import type { DemoConfig, DemoErrorBody, OAuthSetup, Profile, Region } from '../wire.js';
import { DEFAULT_LIMITS, RateLimiter, sourceKeyOf, type DemoLimits } from './limits.js';
import { ServiceError, type PlatformClient } from './platform.js';
import { parseCspReports, type CspViolation } from './security.js';
import { simulateSpending } from './card-simulation.js';
import { firstVerified } from './verified-contacts.js';
import { DemoFullError, type DemoSession, type DemoSessions } from './sessions.js';

export const DEMO_PREFIX = '/api/demo';
/** Sandbox money is in minor units: every new wallet gets 5,000.00. */
export const STARTING_BALANCE = 500_000;
const MAX_BODY = 16 * 1024;

/** Regions offered at sign-up; EU/EEA customers go through Strong Customer Authentication. */
export const REGIONS: readonly Region[] = [
  { code: 'US', name: 'United States', currency: 'USD', sca: false },
  { code: 'DE', name: 'Germany', currency: 'EUR', sca: true },
  { code: 'FR', name: 'France', currency: 'EUR', sca: true },
  { code: 'ES', name: 'Spain', currency: 'EUR', sca: true },
  { code: 'NL', name: 'Netherlands', currency: 'EUR', sca: true },
  { code: 'IE', name: 'Ireland', currency: 'EUR', sca: true },
];

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const E164 = /^\+[1-9]\d{1,14}$/;
/** The sandbox creates a customer whose name ends in 003 UNVERIFIED (payments-api.md, sandbox KYC rules). */
const KYC_UNVERIFIED_SUFFIX = '003';

interface Options {
  platform: PlatformClient;
  sessions: DemoSessions;
  /** The demo page's origin: state-changing calls must come from it. */
  origin: string;
  panOrigin: string;
  signers: readonly string[];
  rpId: string;
  otpCode: string;
  scaCode: string;
  /** The code that confirms an email address or phone number (`<pay-contact-verification>`); default: the SCA code's. */
  contactCode?: string;
  cspReports: CspViolation[];
  /** The sandbox's test identity provider as the page uses it. */
  oauth: OAuthSetup;
  log: (line: string) => void;
  limits?: Partial<DemoLimits>;
}

const CSP_REPORT_TYPES = new Set(['application/csp-report', 'application/reports+json']);

export function createDemoApi(options: Options): (request: Request) => Promise<Response> {
  const { platform, sessions } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const signups = new RateLimiter({ burst: limits.signupBurst, perMinute: limits.signupsPerMinute });
  const allSignups = new RateLimiter({ burst: limits.globalSignupBurst, perMinute: limits.globalSignupsPerMinute });
  const cspPosts = new RateLimiter({ burst: limits.cspReportBurst, perMinute: limits.cspReportsPerMinute });

  const routes: Record<string, (request: Request) => Promise<Response>> = {
    'GET /config': async () => {
      const config: DemoConfig = {
        panOrigin: options.panOrigin,
        signers: options.signers,
        rpId: options.rpId,
        hints: {
          otpCode: options.otpCode,
          scaCode: options.scaCode,
          contactCode: options.contactCode ?? options.scaCode,
        },
        regions: REGIONS,
        startingBalance: STARTING_BALANCE,
        oauth: options.oauth,
      };
      return json(200, config);
    },

    'GET /me': async (request) => {
      const session = sessions.fromRequest(request);
      // 204 rather than 401: a first visit is not an error (and browsers log failed loads in the console)
      return session ? json(200, profileOf(session)) : new Response(null, { status: 204 });
    },

    'POST /signup': async (request) => {
      const source = sourceKeyOf(request);
      const wait = signups.take(source);
      if (wait > 0)
        return error(429, 'RATE_LIMITED', 'Too many sign-ups from this address; try again shortly.', {
          'Retry-After': String(wait),
        });
      const waitAll = allSignups.take('all');
      if (waitAll > 0)
        return error(429, 'RATE_LIMITED', 'The demo takes only so many sign-ups a minute; try again shortly.', {
          'Retry-After': String(waitAll),
        });
      if (!sessions.hasRoomFor(source)) return full();
      const body = await readJson(request);
      const email = typeof body?.['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
      const fullName = typeof body?.['fullName'] === 'string' ? body['fullName'].trim().slice(0, 80) : '';
      const region = REGIONS.find((r) => r.code === body?.['region']);
      const business = body?.['customerType'] === 'BUSINESS';
      if (!EMAIL.test(email) || email.length > 254) return error(400, 'INVALID_INPUT', 'Enter a valid email address.');
      if (!region) return error(400, 'INVALID_INPUT', 'Choose one of the offered regions.');
      const phone = typeof body?.['phoneNumber'] === 'string' ? body['phoneNumber'].replace(/[\s()-]/g, '') : '';
      if (phone && !E164.test(phone))
        return error(400, 'INVALID_INPUT', 'Enter the phone number in international format, like +4915112345678.');
      // a verified email or phone number is someone's sign-in: it is not signed up with again
      if (await firstVerified(platform, sessions.withEmail(email), 'email'))
        return error(
          409,
          'IDENTIFIER_TAKEN',
          'This email address belongs to a demo customer already: sign in with it.',
        );
      if (phone && (await firstVerified(platform, sessions.withPhone(phone), 'phone')))
        return error(409, 'IDENTIFIER_TAKEN', 'This phone number belongs to a demo customer already: sign in with it.');

      const customer = await platform.call<{ id: string }>('POST', '/customers', {
        platformCustomerId: `demo-${randomUUID()}`,
        customerType: business ? 'BUSINESS' : 'INDIVIDUAL',
        email,
        // a company: the name given is its legal name (the sandbox's suffix 003 leaves its KYB to do)
        ...(business
          ? {
              businessInfo: {
                legalName: fullName || 'Demo Company',
                country: region.code,
                taxId: `${region.code}-DEMO`,
                incorporatedOn: '2020-01-01',
                registrationNumber: `DEMO-${KYC_UNVERIFIED_SUFFIX}`,
              },
            }
          : {}),
        // EU customers onboard in the demo: the sandbox's name suffix 003 creates them unverified, so KYC has work to do
        ...(!business && (fullName || region.sca)
          ? { fullName: region.sca ? `${fullName || 'Demo Customer'} ${KYC_UNVERIFIED_SUFFIX}` : fullName }
          : {}),
        ...(phone ? { phoneNumber: phone } : {}),
        region: region.code,
        currencies: [region.currency],
      });
      const accounts = await platform.call<{ data: { id: string; type: string }[] }>(
        'GET',
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=EMBEDDED_WALLET`,
      );
      const wallet = accounts.data.find((a) => a.type === 'EMBEDDED_WALLET');
      if (!wallet) return error(502, 'NO_WALLET', 'The sandbox did not provision an embedded wallet.');
      const credentials = await platform.call<{ data: { id: string; type: string }[] }>(
        'GET',
        `/auth/credentials?accountId=${encodeURIComponent(wallet.id)}`,
      );
      const otp = credentials.data.find((c) => c.type === 'EMAIL_OTP');
      if (!otp) return error(502, 'NO_CREDENTIAL', 'The wallet has no email credential.');
      await platform.call('POST', `/sandbox/internal-accounts/${encodeURIComponent(wallet.id)}/fund`, {
        amount: STARTING_BALANCE,
      });

      const previous = sessions.fromRequest(request);
      if (previous) sessions.delete(previous);
      const session = sessions.create(
        {
          customerId: customer.id,
          accountId: wallet.id,
          email,
          fullName,
          region: region.code,
          currency: region.currency,
          otpCredentialId: otp.id,
          ...(business ? { business } : {}),
          ...(phone ? { phoneNumber: phone } : {}),
        },
        source,
      );
      return json(201, profileOf(session), { 'Set-Cookie': sessions.cookieFor(session) });
    },

    'POST /reset': async (request) => {
      const session = sessions.fromRequest(request);
      if (session) sessions.delete(session);
      return new Response(null, { status: 204, headers: { 'Set-Cookie': sessions.clearCookie() } });
    },

    'POST /signout': async (request) => {
      const session = sessions.fromRequest(request);
      if (session) sessions.signOut(session);
      return new Response(null, { status: 204, headers: { 'Set-Cookie': sessions.clearCookie() } });
    },

    // Sandbox only: a fresh identity token of the test IdP for this visitor, so `<pay-auth-methods>` can add
    // the OAuth method (its `getOidcToken`); a real platform gets it from its provider's own SDK or popup.
    // Every demo visitor is the IdP's default user; the token goes to the page only, in a no-store answer.
    'POST /oauth/token': async (request) => {
      const session = sessions.fromRequest(request);
      if (!session) return error(401, 'UNAUTHORIZED', 'Sign up first.');
      const params = new URLSearchParams({
        response_type: 'id_token',
        client_id: options.oauth.clientId,
        redirect_uri: options.oauth.redirectUri,
        state: randomUUID(),
        nonce: randomUUID(),
        auto: '1',
      });
      const answer = await fetch(`${options.oauth.authorizationEndpoint}?${params}`, { redirect: 'manual' });
      const location = answer.headers.get('location');
      const idToken = location ? new URLSearchParams(new URL(location).hash.slice(1)).get('id_token') : null;
      if (!idToken) return error(502, 'NO_TOKEN', 'The sandbox identity provider gave no token.');
      return json(200, { idToken });
    },

    'POST /card/simulate': async (request) => {
      const session = sessions.fromRequest(request);
      if (!session) return error(401, 'UNAUTHORIZED', 'Sign up first.');
      const body = await readJson(request);
      const cardId = typeof body?.['cardId'] === 'string' ? body['cardId'] : '';
      if (!session.cardIds.has(cardId)) return error(403, 'FORBIDDEN', 'That is not your card.');
      // each one adds rows to the sandbox: bounded per visitor
      if (session.simulations >= limits.simulationsPerVisitor)
        return error(429, 'RATE_LIMITED', 'This demo visitor has simulated enough spending.');
      session.simulations += 1;
      return json(200, await simulateSpending(platform, cardId));
    },

    // Sandbox only: an UMA invitation for this visitor from a friend (another customer of the platform), as a
    // platform creates one (`POST /invitations`) when a customer invites someone; one per visitor, so
    // `<pay-invitation>` has a code to show and accept. A real platform mails or texts the invitation's URL.
    'POST /invitation': async (request) => {
      const session = sessions.fromRequest(request);
      if (!session) return error(401, 'UNAUTHENTICATED', 'Sign up first.');
      if (!session.invitationCode) {
        const id = randomUUID().slice(0, 8);
        const friendUma = `$grace.${id}@sandbox.paykit.dev`;
        await platform.call('POST', '/customers', {
          platformCustomerId: `demo-friend-${id}`,
          customerType: 'INDIVIDUAL',
          email: `grace.${id}@example.com`,
          fullName: 'Grace Hopper',
          umaAddress: friendUma,
        });
        const invitation = await platform.call<{ code: string }>('POST', '/invitations', {
          inviterUma: friendUma,
          firstName: 'Grace',
          amountToSend: 2500,
          expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        });
        session.invitationCode = invitation.code;
      }
      return json(200, { code: session.invitationCode });
    },

    // Sandbox only: a payee for this visitor (`POST /customers/external-accounts`, as a platform's backend adds
    // the bank account a customer entered), once per visitor, so `<pay-beneficiaries>` has one to list and trust.
    'POST /payee': async (request) => {
      const session = sessions.fromRequest(request);
      if (!session) return error(401, 'UNAUTHENTICATED', 'Sign up first.');
      if (!session.payeeAdded) {
        await platform.call('POST', '/customers/external-accounts', {
          customerId: session.customerId,
          currency: 'USD',
          accountInfo: {
            accountType: 'USD_ACCOUNT',
            accountNumber: `98765${randomInt(100_000, 1_000_000)}`,
            routingNumber: '021000021',
            bankAccountType: 'CHECKING',
            beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Lena Vogel' },
          },
        });
        session.payeeAdded = true;
      }
      return json(200, { added: true });
    },

    'POST /csp-report': async (request) => {
      // only this origin's pages report here: anything else is refused before the body is read
      const site = request.headers.get('sec-fetch-site');
      const origin = request.headers.get('origin');
      if ((site !== null && site !== 'same-origin') || (origin !== null && origin !== options.origin)) {
        return error(403, 'FORBIDDEN', 'Reports are accepted from this origin only.');
      }
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!CSP_REPORT_TYPES.has(type)) return error(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a CSP report.');
      const wait = cspPosts.take(sourceKeyOf(request));
      if (wait > 0)
        return error(429, 'RATE_LIMITED', 'Too many reports from this address.', { 'Retry-After': String(wait) });
      const text = await readText(request);
      for (const violation of parseCspReports(text)) {
        options.cspReports.push(violation);
        if (options.cspReports.length > limits.maxCspReports) options.cspReports.shift(); // the newest are kept
        options.log(
          `CSP violation reported: ${violation.directive} blocked ${violation.blocked} on ${violation.documentPath}`,
        );
      }
      return new Response(null, { status: 204 });
    },
  };

  return async (request) => {
    const url = new URL(request.url);
    const route = routes[`${request.method} ${url.pathname.slice(DEMO_PREFIX.length)}`];
    if (!route) return error(404, 'NOT_FOUND', 'No such demo endpoint.');
    if (request.method !== 'GET' && !url.pathname.endsWith('/csp-report')) {
      // CSRF backstop on top of SameSite=Strict: same-origin JSON only
      const origin = request.headers.get('origin');
      const site = request.headers.get('sec-fetch-site');
      if ((origin !== null && origin !== options.origin) || site === 'cross-site' || site === 'same-site') {
        return error(403, 'FORBIDDEN', 'Cross-site request refused.');
      }
      if (!(request.headers.get('content-type') ?? '').startsWith('application/json'))
        return error(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON.');
    }
    try {
      return await route(request);
    } catch (cause) {
      if (cause instanceof ServiceError)
        return error(cause.status >= 500 ? 502 : cause.status, cause.code, cause.message);
      if (cause instanceof BodyError) return error(cause.status, 'INVALID_INPUT', cause.message);
      if (cause instanceof DemoFullError) return full();
      options.log(
        `demo API ${request.method} ${url.pathname} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
      return error(500, 'INTERNAL_ERROR', 'The demo backend failed.');
    }
  };
}

/** Every visitor kept is in use: a sign-up waits for one to go idle (a minute is a guess, not a promise). */
function full(): Response {
  return error(503, 'DEMO_FULL', 'The demo is full right now; try again in a few minutes.', { 'Retry-After': '60' });
}

function profileOf(session: DemoSession): Profile {
  const region = REGIONS.find((r) => r.code === session.region);
  return {
    customerId: session.customerId,
    accountId: session.accountId,
    email: session.email,
    emailMasked: maskEmail(session.email),
    fullName: session.fullName,
    region: session.region,
    regionName: region?.name ?? session.region,
    sca: region?.sca ?? false,
    currency: session.currency,
    business: session.business === true,
    otpCredentialId: session.otpCredentialId,
    cardIds: [...session.cardIds],
  };
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The body as text, at most MAX_BODY bytes (the proxy's reader: one bounded read, 413 beyond). */
async function readText(request: Request): Promise<string> {
  const bytes = await readBodyLimited(request, MAX_BODY);
  if (bytes === 'too-large') throw new BodyError(413, 'The request body is too large.');
  return new TextDecoder().decode(bytes);
}

async function readJson(request: Request): Promise<Record<string, unknown> | undefined> {
  const text = await readText(request);
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    throw new BodyError(400, 'The body is not JSON.');
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

function error(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  const body: DemoErrorBody = { status, code, message };
  return json(status, body, headers);
}
