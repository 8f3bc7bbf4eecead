/**
 * Times one element from `define` to its first interactive render, in a fresh document: import the
 * element's own define bundle (fetched from loopback, not cached), create the element with what it
 * needs to show its first control, append it, await `updateComplete`, then wait until that control is
 * in the DOM. Loaded as `elements.html?tag=pay-otp-login`; the result lands in `window.__element`.
 *
 * @example
 *   // page.goto(`${origin}/elements.html?tag=pay-card-reveal`); then read window.__element
 */
interface ElementResult {
  tag: string;
  importMs?: number;
  renderMs?: number;
  totalMs?: number;
  control?: string;
  error?: string;
}

/** Where each element's first control lives once it has rendered (shadow or light DOM). */
const FIRST_CONTROL: Record<string, { root: 'shadow' | 'light'; selector: string }> = {
  'pay-otp-login': { root: 'shadow', selector: 'button[part~="send-button"]' },
  'pay-passkey-login': { root: 'shadow', selector: 'button[part~="passkey-button"]' },
  'pay-wallet-export': { root: 'shadow', selector: 'input[type="checkbox"]' },
  'pay-card-reveal': { root: 'shadow', selector: 'button[part~="show-button"]' },
  'pay-sca-challenge': { root: 'light', selector: 'input[autocomplete="one-time-code"]' },
};

/** An SCA challenge as the service sends it (the element's first control is the SMS code input). */
function pendingQuote(): unknown {
  return {
    id: 'Quote:0191-q1',
    status: 'PENDING_AUTHORIZATION',
    totalSendingAmount: 123456,
    sendingCurrency: { code: 'EUR', decimals: 2 },
    destination: { destinationType: 'ACCOUNT', accountHolderName: 'Ana López', iban: 'DE89370400440532013000' },
    scaChallenge: {
      id: 'ScaChallenge:0191-c1',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      factor: 'SMS_OTP',
      availableFactors: ['SMS_OTP'],
    },
  };
}

function configure(el: HTMLElement, tag: string): void {
  switch (tag) {
    case 'pay-otp-login':
      el.setAttribute('auth-method-id', 'AuthMethod:0191-otp');
      el.setAttribute('destination', 'a•••@example.com');
      break;
    case 'pay-passkey-login':
      el.setAttribute('auth-method-id', 'AuthMethod:0191-pk');
      break;
    case 'pay-wallet-export':
      el.setAttribute('account-id', 'InternalAccount:0191-a');
      break;
    case 'pay-card-reveal':
      el.setAttribute('card-id', 'Card:0191-c');
      break;
    case 'pay-sca-challenge':
      (el as HTMLElement & { quote: unknown }).quote = pendingQuote();
      el.setAttribute('customer-id', 'Customer:0191-cu');
      break;
  }
}

function findControl(el: HTMLElement, tag: string): Element | null {
  const where = FIRST_CONTROL[tag]!;
  return (where.root === 'shadow' ? el.shadowRoot : el)?.querySelector(where.selector) ?? null;
}

async function run(): Promise<ElementResult> {
  const tag = new URLSearchParams(location.search).get('tag') ?? '';
  if (!FIRST_CONTROL[tag]) return { tag, error: `unknown tag ${tag}` };
  const url = new URL(`./define-${tag}.js`, import.meta.url).href;
  const start = performance.now();
  await import(url);
  const defined = performance.now();
  const el = document.createElement(tag) as HTMLElement & { updateComplete: Promise<boolean> };
  configure(el, tag);
  document.body.append(el);
  await el.updateComplete;
  let control = findControl(el, tag);
  // A control rendered by `updated()` into light DOM may land one frame later; wait at most 2 s.
  for (const deadline = performance.now() + 2000; !control && performance.now() < deadline;) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    control = findControl(el, tag);
  }
  const rendered = performance.now();
  if (!control) return { tag, error: `no ${FIRST_CONTROL[tag]!.selector} after updateComplete` };
  return {
    tag,
    importMs: defined - start,
    renderMs: rendered - defined,
    totalMs: rendered - start,
    control: control.outerHTML.slice(0, 80),
  };
}

run().then(
  (result) => Object.assign(window, { __element: result }),
  (error: unknown) => Object.assign(window, { __element: { tag: '', error: String(error) } }),
);
