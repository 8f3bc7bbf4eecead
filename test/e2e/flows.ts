/**
 * Every flow of the demo, in order, written once against the `Driver` interface and run in each engine:
 * the served CSP, the theme switch's palettes, sign-up, email OTP sign-in, restore after reload, passkey register and sign-in,
 * recovery-phrase export, card issue and PAN reveal, a US payment without SCA, session refresh and
 * logout, then an EU customer's payments (signed, then one SCA confirmation each; the first also signs in
 * to SCA), and CSP enforcement at the end.
 * Tests share one page (and one `FlowState`); a test whose prerequisite did not pass is skipped.
 *
 * @example
 *   for (const test of FLOWS) await test.run({ d, demo, state, console: [] });
 */
import assert from 'node:assert/strict';
import type { Driver } from './driver.js';

export interface DemoUnderTest {
  url: string;
  origin: string;
  panOrigin: string;
  /** CSP violation reports the server received while this engine ran. */
  cspReports(): { directive: string; blocked: string }[];
}

export interface FlowState {
  sessionId?: string;
  usEmail?: string;
  euEmail?: string;
}

export interface FlowContext {
  d: Driver;
  demo: DemoUnderTest;
  state: FlowState;
  /** Console lines the engine's automation reports (Chromium and Firefox), as `type: text`. */
  console: string[];
}

export interface FlowTest {
  name: string;
  /** Names of earlier tests that must have passed. */
  needs?: string[];
  /** Needs a virtual WebAuthn authenticator. */
  passkey?: boolean;
  timeoutMs?: number;
  run(ctx: FlowContext): Promise<void>;
}

/** Pushed into `FlowContext.console` before the deliberate CSP violation; the runner reports only what came before. */
export const INJECTION_MARK = 'mark: deliberate CSP violation follows';

// ---- selectors -----------------------------------------------------------------------------------

const S = {
  ready: 'html[data-ready="true"]',
  signupForm: '[data-testid="signup-form"]',
  sessionStatus: '[data-testid="session-status"]',
  balance: '[data-testid="balance"]',
  otp: '[data-testid="otp-login"]',
  otpSend: '[data-testid="otp-login"] >>> [part~="send-button"]',
  otpInput: '[data-testid="otp-login"] input[autocomplete="one-time-code"]',
  signedIn: '[data-testid="signed-in"]',
  currentSessionId: '[data-testid="current-session-id"]',
  nav: (step: string) => `[data-testid="nav-${step}"]`,
  panel: (step: string) => `[data-testid="panel-${step}"]`,
};

const SIGNUP = 'US sign-up creates a funded customer';
const OTP = 'US email OTP sign-in shows the session';
const PASSKEY_REGISTER = 'passkey: register';
const LOGOUT = 'logout clears the session (also after reload)';
const EU_SIGNUP = 'EU sign-up and email OTP sign-in';
const EU_PAY = 'EU payment with SCA reaches COMPLETED';

// ---- helpers --------------------------------------------------------------------------------------

async function open(d: Driver, step: string): Promise<void> {
  await d.click(S.nav(step));
  await d.waitFor(S.panel(step), { message: `the ${step} panel` });
}

async function signUp(d: Driver, email: string, name: string, region: string): Promise<void> {
  await d.waitFor(S.signupForm);
  await d.fill('#signup-email', email);
  await d.fill('#signup-name', name);
  await d.select('#signup-region', region);
  await d.click('[data-testid="signup-submit"]');
  await d.waitFor(S.otp, { message: 'the OTP sign-in element after sign-up' });
}

async function signInWithOtp(d: Driver): Promise<string> {
  await d.click(S.otpSend);
  await d.waitFor(S.otpInput, { message: 'the code input after "Send code"' });
  await d.fill(S.otpInput, '000000');
  await d.waitFor(S.signedIn, { message: 'the signed-in card after the code' });
  assert.equal(await d.attribute(S.sessionStatus, 'data-state'), 'signed-in');
  const id = await d.text('[data-testid="signin-session-id"]');
  assert.match(id, /^Session:/);
  return id;
}

async function sessionIdInHeader(d: Driver): Promise<string | null> {
  return d.attribute(S.sessionStatus, 'data-session-id');
}

async function paymentStatus(d: Driver): Promise<string | null> {
  return d.attribute('[data-testid="payment-status"]', 'data-status');
}

async function waitForStatus(d: Driver, status: string, timeoutMs = 20_000): Promise<void> {
  await d
    .until(
      async () =>
        (await paymentStatus(d)) === status ||
        ((await d.exists('[data-testid="panel-pay"] .form-error:not(:empty)')) &&
          `error: ${await d.text('[data-testid="panel-pay"] .form-error')}`),
      `payment status ${status}`,
      timeoutMs,
    )
    .then((result) => {
      if (typeof result === 'string') throw new Error(`the payment failed: ${result}`);
    });
}

async function review(d: Driver, amount: string): Promise<void> {
  if (await d.exists('[data-testid="pay-new"]')) await d.click('[data-testid="pay-new"]');
  await d.waitFor('#pay-amount');
  await d.fill('#pay-amount', amount);
  await d.click('[data-testid="pay-review"]');
  await d.waitFor('[data-testid="payment-status"]', { message: 'the quote after "Review payment"' });
}

function scaChallengeId(d: Driver): Promise<string | null> {
  return d.evaluate(
    () =>
      (document.querySelector('pay-sca-challenge') as (Element & { quote?: { scaChallenge?: { id?: string } } }) | null)
        ?.quote?.scaChallenge?.id ?? null,
    null,
  );
}

// ---- the flows ------------------------------------------------------------------------------------

export const FLOWS: FlowTest[] = [
  {
    name: 'page is served with a strict CSP and security headers',
    async run({ d, demo }) {
      const response = await fetch(demo.url);
      assert.equal(response.status, 200);
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.ok(csp, 'Content-Security-Policy header present');
      const directives = new Map(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter((words) => words[0])
          .map(([name, ...values]) => [name!, values]),
      );
      assert.doesNotMatch(
        csp,
        /unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|\*/,
        'no unsafe keywords or wildcards',
      );
      assert.deepEqual(directives.get('default-src'), ["'none'"]);
      assert.deepEqual(directives.get('script-src'), ["'self'"]);
      assert.deepEqual(directives.get('style-src'), ["'self'"]);
      assert.deepEqual(directives.get('connect-src'), ["'self'"]);
      assert.deepEqual(directives.get('frame-src'), [demo.panOrigin]);
      assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
      assert.deepEqual(directives.get('object-src'), ["'none'"]);
      assert.deepEqual(directives.get('base-uri'), ["'none'"]);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      const html = await response.text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, 'no inline <script> in the page');
      assert.doesNotMatch(html, /\sstyle=|<style/i, 'no inline styles in the page');
      const script = /<script[^>]*src="([^"]+)"/.exec(html)?.[1];
      assert.ok(script, 'the page loads its script from a file');
      const asset = await fetch(new URL(script, demo.url));
      assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
      assert.match(asset.headers.get('content-type') ?? '', /^text\/javascript/);

      await d.goto(demo.url);
      await d.waitFor(S.ready, { message: 'the page to finish booting' });
      await d.waitFor(S.signupForm);
    },
  },
  {
    name: 'theme switch: one palette, the dark colours through light-dark()',
    needs: ['page is served with a strict CSP and security headers'],
    async run({ d }) {
      const look = () =>
        d.evaluate(
          () => ({
            theme: document.documentElement.dataset['theme'],
            scheme: getComputedStyle(document.documentElement).colorScheme,
            text: getComputedStyle(document.body).color,
            surface: getComputedStyle(document.querySelector('kbd')!).backgroundColor,
          }),
          undefined,
        );
      // text #111827, surface (the sidebar's <kbd>) #ffffff in the light palette; #eef1f8 and #131a2c in the dark one
      const expected = {
        light: { scheme: 'light', text: 'rgb(17, 24, 39)', surface: 'rgb(255, 255, 255)' },
        dark: { scheme: 'dark', text: 'rgb(238, 241, 248)', surface: 'rgb(19, 26, 44)' },
      };
      const first = await look();
      const other = first.theme === 'dark' ? 'light' : 'dark';
      assert.deepEqual(first, { theme: first.theme, ...expected[first.theme === 'dark' ? 'dark' : 'light'] });
      await d.click('[data-action="theme"]');
      assert.deepEqual(await look(), { theme: other, ...expected[other] });
      await d.click('[data-action="theme"]');
      assert.deepEqual(await look(), first);
    },
  },
  {
    name: SIGNUP,
    async run({ d, state }) {
      state.usEmail = `${Date.now().toString(36)}.us@example.com`;
      await signUp(d, state.usEmail, 'Alex Morgan', 'US');
      await d.until(async () => (await d.text(S.balance)).includes('5,000.00'), 'the funded balance in the header');
      assert.equal(await d.attribute(S.sessionStatus, 'data-state'), 'signed-out');
    },
  },
  {
    name: OTP,
    needs: [SIGNUP],
    async run({ d, state }) {
      state.sessionId = await signInWithOtp(d);
      assert.equal(await sessionIdInHeader(d), state.sessionId);
      assert.match(await d.text(S.sessionStatus), /Signed in · Email code/);
    },
  },
  {
    name: 'no secret in the URL, web storage or a readable cookie',
    needs: [OTP],
    async run({ d }) {
      const found = await d.evaluate(
        () => ({
          href: location.href,
          local: Object.keys(localStorage),
          session: Object.keys(sessionStorage),
          cookie: document.cookie,
        }),
        null,
      );
      assert.doesNotMatch(found.href, /[?&]|000000|Session:|InternalAccount:/, 'nothing but a step name in the URL');
      assert.ok(
        found.local.every((key) => key === 'paykit-demo-theme'),
        `localStorage holds only the theme: ${found.local.join(', ')}`,
      );
      assert.deepEqual(found.session, []);
      assert.equal(found.cookie, '', 'the demo session cookie is HttpOnly');
    },
  },
  {
    name: 'reload keeps the user signed in (session restored from IndexedDB)',
    needs: [OTP],
    async run({ d, state }) {
      await d.reload();
      await d.waitFor(S.ready, { message: 'the page to boot after reload' });
      assert.equal(await d.attribute(S.sessionStatus, 'data-state'), 'signed-in');
      assert.equal(await sessionIdInHeader(d), state.sessionId);
      await open(d, 'sessions');
      await d.until(
        async () => (await d.text(S.currentSessionId)) === state.sessionId,
        'the restored session in the sessions panel',
      );
      await d.waitFor(`[data-testid="sessions-table"] tr[data-session-id="${state.sessionId}"][data-current]`, {
        message: 'the session listed by the service',
      });
    },
  },
  {
    name: PASSKEY_REGISTER,
    needs: [OTP],
    passkey: true,
    async run({ d }) {
      await open(d, 'passkey');
      await d.click('[data-testid="passkey-register"] >>> [part~="passkey-button"]');
      await d.waitFor('[data-testid="passkey-register"][data-state~="registered"]', {
        message: 'the passkey to be registered',
      });
      await d.waitFor('[data-testid="passkey-list"] li', { message: 'the new passkey in the list' });
      await d.waitFor('[data-testid="passkey-login"]', { message: 'the passkey sign-in element' });
    },
  },
  {
    name: 'passkey: sign in with it (new session)',
    needs: [PASSKEY_REGISTER],
    passkey: true,
    async run({ d, state }) {
      const before = await sessionIdInHeader(d);
      await d.click('[data-testid="passkey-login"] >>> [part~="passkey-button"]');
      await d.waitFor('[data-testid="passkey-login"][data-state~="signed-in"]', { message: 'the passkey sign-in' });
      const after = await d.until(async () => {
        const id = await sessionIdInHeader(d);
        return id !== before && id;
      }, 'a new session id in the header');
      assert.match(await d.text(S.sessionStatus), /Passkey/);
      state.sessionId = after;
    },
  },
  {
    name: 'export shows 12 masked words; reveal shows the words',
    needs: [OTP],
    async run({ d }) {
      await open(d, 'export');
      const el = '[data-testid="wallet-export"]';
      await d.click(`${el} >>> [part~="confirm"] input[type="checkbox"]`);
      await d.click(`${el} >>> [part~="start-button"]`);
      await d.waitFor(`${el}[data-state~="ready"]`, { message: 'the exported phrase', timeoutMs: 20_000 });
      const words = () =>
        d.evaluate(
          (selector: string) =>
            Array.from(
              document.querySelector(selector)?.shadowRoot?.querySelectorAll('[part~="word"] .word__value') ?? [],
            ).map((w) => w.textContent?.trim() ?? ''),
          el,
        );
      const masked = await words();
      assert.equal(masked.length, 12, 'twelve words');
      assert.ok(
        masked.every((w) => w === '••••'),
        `all masked: ${masked.join(' ')}`,
      );
      await d.click(`${el} >>> [part~="reveal-button"]`);
      await d.waitFor(`${el}[data-state~="revealed"]`);
      const shown = await words();
      assert.equal(shown.length, 12);
      assert.ok(
        shown.every((w) => /^[a-z]{3,8}$/.test(w)),
        'readable words after Reveal',
      );
      await d.click(`${el} >>> [part~="close-button"]`);
      await d.waitFor(`${el}[data-state~="closed"]`, { message: 'the phrase to be wiped on Done' });
      assert.equal(await d.count(`${el} >>> [part~="word"]`), 0);
    },
  },
  {
    name: 'card: issue, <pay-card> activates, freezes and unfreezes, reveals the PAN frame, and lists simulated spending',
    needs: [OTP],
    async run({ d, demo }) {
      await open(d, 'card');
      await d.click('[data-testid="card-issue"]');
      await d.until(
        async () =>
          (await d.exists('[data-testid="card-state"]')) && (await d.text('[data-testid="card-state"]')) === 'ACTIVE',
        'the card to become ACTIVE',
      );
      const el = '[data-testid="card"]';
      await d.waitFor(`${el}[data-state~="needs-activation"]`, {
        message: 'the activation step of a wallet-funded card',
      });
      await d.click(`${el} >>> [part~="activate-button"]`);
      await d.waitFor(`${el} >>> [part~="success"]`, { message: 'the card activated' });
      assert.equal(await d.exists(`${el}[data-state~="needs-activation"]`), false);
      await d.click(`${el} >>> [part~="freeze-button"]`);
      await d.until(async () => (await d.text('[data-testid="card-state"]')) === 'FROZEN', 'the card FROZEN');
      await d.waitFor(`${el}[data-state~="frozen"]`);
      await d.click(`${el} >>> [part~="freeze-button"]`);
      await d.until(async () => (await d.text('[data-testid="card-state"]')) === 'ACTIVE', 'the card ACTIVE again');

      await d.click('[data-testid="card-simulate"]');
      const rows = `${el} >>> [part~="transaction"]`;
      await d.until(async () => (await d.count(rows)) === 5, 'five statement rows (the decline left out)');
      const listed = await d.evaluate((selector: string) => {
        const root = document.querySelector(selector)!.shadowRoot!;
        return [...root.querySelectorAll<HTMLElement>('[part~="transaction"]')].map(
          (r) => `${r.dataset['direction']} ${r.dataset['status']}`,
        );
      }, el);
      assert.deepEqual(listed.sort(), [
        'CREDIT SETTLED',
        'DEBIT AUTHORIZED',
        'DEBIT PARTIALLY_SETTLED',
        'DEBIT SETTLED',
        'DEBIT SETTLED',
      ]);
      assert.match(await d.text(rows), /HOTEL CENTRAL|METRO TAXI|CITY LIGHTS BOOKS|BLUE BOTTLE COFFEE/);
      // 6.50 + 24.00 − 8.00 refunded + 120.00 (held, 80.00 cleared) + 18.75 pending = 161.25 spent
      await d.until(async () => (await d.text(S.balance)).includes('4,838.75'), 'the balance after spending');
      await d.click(`${el} >>> [part~="declined-filter"]`);
      await d.until(async () => (await d.count(rows)) === 6, 'the decline shown on request');

      const reveal = `${el} >>> pay-card-reveal`;
      assert.equal(await d.attribute(reveal, 'allowed-origins'), demo.panOrigin);
      await d.click(`${reveal} >>> [part~="show-button"]`);
      await d.waitFor(`${reveal} >>> iframe[part~="frame"]`, { message: 'the card details frame' });
      const frame = await d.evaluate((selector: string) => {
        const host = document.querySelector(selector)!.shadowRoot!.querySelector('pay-card-reveal')!;
        const iframe = host.shadowRoot!.querySelector('iframe')!;
        return {
          origin: new URL(iframe.src).origin,
          sandbox: iframe.getAttribute('sandbox'),
          referrer: iframe.referrerPolicy,
          hostHtml: host.outerHTML,
        };
      }, el);
      assert.equal(frame.origin, demo.panOrigin, 'the frame comes from the sandbox PAN origin');
      assert.equal(frame.sandbox, 'allow-scripts allow-same-origin');
      assert.equal(frame.referrer, 'no-referrer');
      assert.doesNotMatch(frame.hostHtml, /\/pan\//, 'the PAN URL is not on the host element');
      await d.waitFor(`${reveal}[data-state~="revealed"]`);
      await d.until(
        () =>
          d.evaluate((selector: string) => {
            const host = document.querySelector(selector)!.shadowRoot!.querySelector('pay-card-reveal')!;
            return host.shadowRoot!.querySelector('iframe')?.style.height ?? '';
          }, el),
        'the card page to size its frame',
      );
      await d.click(`${reveal} >>> [part~="hide-button"]`);
      await d.waitFor(`${reveal} >>> iframe`, { gone: true, message: 'the frame to be removed' });
      await d.waitFor(`${reveal} >>> [part~="status"]`);
    },
  },
  {
    name: 'US payment executes without SCA and completes',
    needs: [OTP],
    async run({ d }) {
      await open(d, 'pay');
      await review(d, '24.50');
      assert.equal(await paymentStatus(d), 'PENDING');
      assert.equal(await d.exists('pay-sca-challenge'), false, 'no SCA for a US customer');
      await d.click('[data-testid="pay-confirm"]');
      await waitForStatus(d, 'COMPLETED');
      await d.waitFor('[data-testid="payment-done"]');
      // the card step spent 161.25 of the 5,000.00 first
      await d.until(async () => (await d.text(S.balance)).includes('4,814.25'), 'the balance after paying 24.50');
    },
  },
  {
    name: 'session refresh changes the session id',
    needs: [OTP],
    async run({ d, state }) {
      await open(d, 'sessions');
      await d.waitFor(S.currentSessionId);
      const before = await d.text(S.currentSessionId);
      await d.click('[data-testid="session-refresh"]');
      const after = await d.until(async () => {
        const id = await d.text(S.currentSessionId);
        return id !== before && id;
      }, 'a new current session id');
      assert.match(after, /^Session:/);
      assert.equal(await sessionIdInHeader(d), after);
      await d.waitFor(`[data-testid="sessions-table"] tr[data-session-id="${after}"][data-current]`, {
        message: 'the new session in the list',
      });
      state.sessionId = after;
    },
  },
  {
    name: LOGOUT,
    needs: [OTP],
    async run({ d }) {
      await open(d, 'sessions');
      await d.click('[data-testid="logout"]');
      await d.until(
        async () => (await d.attribute(S.sessionStatus, 'data-state')) === 'signed-out',
        'the header to say signed out',
      );
      await d.waitFor(S.otp, { message: 'the sign-in panel after logout' });
      await d.reload();
      await d.waitFor(S.ready);
      assert.equal(await d.attribute(S.sessionStatus, 'data-state'), 'signed-out');
    },
  },
  {
    name: 'passkey: sign in from the sign-in step after logout',
    needs: [PASSKEY_REGISTER, LOGOUT],
    passkey: true,
    async run({ d }) {
      await d.waitFor('[data-testid="signin-passkey"]', { message: 'the passkey offer next to the email code' });
      await d.click('[data-testid="signin-passkey"] >>> [part~="passkey-button"]');
      await d.waitFor(S.signedIn, { message: 'the signed-in card after the passkey' });
      assert.match(await d.text(S.sessionStatus), /Signed in · Passkey/);
    },
  },
  {
    name: EU_SIGNUP,
    async run({ d, state }) {
      await open(d, 'customer');
      await d.click('[data-testid="start-over"]');
      state.euEmail = `${Date.now().toString(36)}.eu@example.com`;
      await signUp(d, state.euEmail, 'Lena Fischer', 'DE');
      await d.until(async () => (await d.text(S.balance)).includes('5,000.00'), 'the funded EUR balance');
      state.sessionId = await signInWithOtp(d);
    },
  },
  {
    name: EU_PAY,
    needs: [EU_SIGNUP],
    async run({ d }) {
      await open(d, 'pay');
      await review(d, '24.50');
      assert.equal(await paymentStatus(d), 'PENDING', 'a wallet send is quoted with its payload, not challenged');
      assert.equal(await d.exists('pay-sca-challenge'), false, 'no SCA before the payment is signed');
      await d.click('[data-testid="pay-confirm"]');
      await waitForStatus(d, 'PENDING_AUTHORIZATION');
      const input = 'pay-sca-challenge input[autocomplete="one-time-code"]';
      await d.waitFor(input, { message: 'the SCA code input after signing' });
      assert.ok(await scaChallengeId(d));
      assert.ok((await d.text(S.balance)).includes('5,000.00'), 'nothing moved before the authorization');
      await d.fill(input, '123456');
      // no SCA login session yet: the element signs the customer in with a texted code, then authorizes
      await d.waitFor('pay-sca-challenge[data-state~="login"]', { message: 'the SCA login step' });
      await d.waitFor(input, { message: 'the SCA login code input' });
      await d.fill(input, '123456');
      await waitForStatus(d, 'COMPLETED');
      assert.equal(
        await d.attribute('pay-sca-challenge', 'data-state'),
        null,
        'the SCA element is gone after completion',
      );
      await d.until(async () => (await d.text(S.balance)).includes('4,975.50'), 'the EUR balance after paying 24.50');
    },
  },
  {
    name: 'EU payment of 1,250.00: signed, then one SCA confirmation in the open SCA session, then completes',
    needs: [EU_PAY],
    async run({ d }) {
      await review(d, '1250.00');
      assert.equal(await paymentStatus(d), 'PENDING');
      await d.click('[data-testid="pay-confirm"]');
      await waitForStatus(d, 'PENDING_AUTHORIZATION');
      const input = 'pay-sca-challenge input[autocomplete="one-time-code"]';
      await d.waitFor(input);
      await d.fill(input, '123456');
      await waitForStatus(d, 'COMPLETED');
      await d.until(async () => (await d.text(S.balance)).includes('3,725.50'), 'the balance after paying 1,250.00');
    },
  },
  {
    name: 'CSP: no violation during the flows; an injected inline script is blocked and reported',
    async run({ d, demo, console }) {
      assert.deepEqual(demo.cspReports(), [], 'no CSP report reached the server');
      assert.equal(
        await d.attribute('[data-slot="security"]', 'data-violations'),
        null,
        'the page saw no securitypolicyviolation',
      );
      const cspLines = console.filter((line) => /content.security.policy|trusted.type/i.test(line));
      assert.deepEqual(cspLines, [], 'no CSP message in the console');
      assert.deepEqual(
        console.filter((line) => line.startsWith('pageerror')),
        [],
        'no uncaught error in the page',
      );
      console.push(INJECTION_MARK); // what follows in the console is this test's own doing

      const outcome = await d.evaluate(() => {
        try {
          const script = document.createElement('script');
          script.textContent = 'window.__inlineRan = true;';
          document.body.appendChild(script);
          return 'appended';
        } catch (error) {
          return `refused: ${(error as Error).name}`; // Trusted Types stop it before CSP does
        }
      }, null);
      await d.until(
        async () =>
          demo.cspReports().length > 0 || (await d.attribute('[data-slot="security"]', 'data-violations')) !== null,
        `a violation report for the injected script (${outcome})`,
        5_000,
      );
      assert.equal(
        await d.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false, null),
        false,
        'the inline script did not run',
      );
    },
  },
];
