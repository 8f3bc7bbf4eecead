/**
 * Browser test helpers for the elements (each test file imports the `define/pay-*` modules of the
 * elements it uses, so a page loads only those): a fixture, axe with every rule on, real keyboard input
 * through the runner (`sendKeys`), paste, waiting, page visibility, and a recorder that captures every
 * `pay-*` event, every console line and the host's attributes so a test can prove no secret leaked.
 *
 * @example
 *   const leaks = watchForLeaks();
 *   const el = await fixture<PayOtpLoginElement>(html`<pay-otp-login .client=${client}></pay-otp-login>`);
 *   await pressEnter(shadowButton(el, 'send-button'));
 *   leaks.assertClean(el);
 */
import { fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect } from 'chai';
import { afterEach, beforeEach } from '@paykit/test-harness/suite';
import { setDefaultClient } from '../../src/shared/client-context.js';
import { PAY_EVENT_NAMES } from '../../src/event-names.js';
import { MNEMONIC, OTP_CODE, PAN_URL, SCA_CODE, createFakeService, type FakeService } from './fake-service.js';

export { fixture, fixtureCleanup, html };

/**
 * axe-core, loaded by the first check that needs it: its minified build (0.5 MB instead of 2 MB), so a
 * test page that runs no axe check does not parse it. It is a UMD script: as a native module it has no
 * default export, but it sets `window.axe`.
 */
async function loadAxe(): Promise<{ run(context: Element, options: RunOptions): Promise<AxeResults> }> {
  // @ts-expect-error the minified build has no types of its own (they are axe-core's, imported above)
  await import('axe-core/axe.min.js');
  return (globalThis as unknown as { axe: Awaited<ReturnType<typeof loadAxe>> }).axe;
}

/** Every secret the fake service hands out; none may show up outside the element. */
export const SECRETS = [
  OTP_CODE,
  SCA_CODE,
  PAN_URL,
  new URL(PAN_URL).search,
  MNEMONIC,
  ...MNEMONIC.split(' ').filter((w, i, all) => all.indexOf(w) === i),
];

/**
 * Runs axe on `el` (shadow DOM and light DOM children included) with every rule; no violations allowed.
 * It first lets the CSS transitions running in `el` end: axe reads computed colours, and a state change
 * (a provider's button from white to black) fades the background over `--_transition` while the text
 * colour changes at once, so a check in those 120 ms measured white text on grey (color-contrast, once in a
 * clean-clone run). A person judges the colours once they have settled; so does this check (a transition
 * cancelled by another change counts as ended).
 */
export async function expectAccessible(el: Element, where: string): Promise<void> {
  const running = [...el.getAnimations({ subtree: true }), ...(el.shadowRoot?.getAnimations() ?? [])];
  await Promise.all(
    running.filter((animation) => animation instanceof CSSTransition).map((t) => t.finished.catch(() => undefined)),
  );
  const axe = await loadAxe();
  const results = await axe.run(el, { resultTypes: ['violations'] });
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
  expect(found, `axe violations, ${where}`).to.deep.equal([]);
}

/** The shadow-DOM element with `part` containing `name`. */
export function part<T extends Element = HTMLElement>(el: Element, name: string): T {
  const found = el.shadowRoot?.querySelector<T>(`[part~="${name}"]`);
  if (!found) throw new Error(`no part ${name} in <${el.localName}> (state ${el.getAttribute('data-state')})`);
  return found;
}

export function maybePart<T extends Element = HTMLElement>(el: Element, name: string): T | null {
  return el.shadowRoot?.querySelector<T>(`[part~="${name}"]`) ?? null;
}

/** The light-DOM input the element rendered into its slot `slot`. */
export function lightInput(el: Element, slot = 'code-input'): HTMLInputElement {
  const input = el.querySelector<HTMLInputElement>(`:scope > [slot="${slot}"] input`);
  if (!input) throw new Error(`no light-DOM input in slot ${slot}`);
  return input;
}

/** Text of the element's live region. */
export function announced(el: Element): string {
  return (part(el, 'live-region').textContent ?? '').trim();
}

export function hasState(el: Element, state: string): boolean {
  return (el.getAttribute('data-state') ?? '').split(' ').includes(state);
}

export async function until(condition: () => boolean, what: string, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Focuses `target` and presses Enter on the real keyboard (the browser driver's, not a synthetic event). */
export async function pressEnter(target: HTMLElement): Promise<void> {
  target.focus();
  await sendKeys({ press: 'Enter' });
}

/** Types `text` on the real keyboard into the focused `target`. */
export async function typeInto(target: HTMLElement, text: string): Promise<void> {
  target.focus();
  await sendKeys({ type: text });
}

/**
 * Pastes `text` into `input` like a person would: a `paste` ClipboardEvent carrying a DataTransfer.
 * Where the engine cannot build one, the browser's own paste is imitated (value set + input event).
 */
export function paste(input: HTMLInputElement, text: string): void {
  input.focus();
  let event: ClipboardEvent | undefined;
  try {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true });
  } catch {
    event = undefined;
  }
  if (event?.clipboardData?.getData('text') === text) {
    if (input.dispatchEvent(event)) insertText(input, text); // not cancelled: the browser would paste
    return;
  }
  insertText(input, text);
}

/** What a browser does after an uncancelled paste: `beforeinput`, then the text (cut at maxlength), then `input`. */
function insertText(input: HTMLInputElement, text: string): void {
  const before = new InputEvent('beforeinput', {
    bubbles: true,
    composed: true,
    cancelable: true,
    inputType: 'insertFromPaste',
    data: text,
  });
  if (!input.dispatchEvent(before)) return;
  input.value = text.slice(0, input.maxLength > 0 ? input.maxLength : undefined);
  input.dispatchEvent(
    new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste', data: text }),
  );
}

/** Makes the page report `hidden` (or `visible`) and fires `visibilitychange`. */
export function setPageVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Undoes `setPageVisibility` (back to the engine's own getters). */
export function restorePageVisibility(): void {
  delete (document as { visibilityState?: unknown }).visibilityState;
  delete (document as { hidden?: unknown }).hidden;
}

export interface RecordedEvent {
  type: string;
  detail: unknown;
}

export interface LeakWatch {
  events: RecordedEvent[];
  of(type: string): RecordedEvent[];
  /** Fails when a secret appears in an event, a console line, or an attribute of `hosts` (light DOM included). */
  assertClean(...hosts: Element[]): void;
  stop(): void;
}

/** Records every `pay-*` event and console line from now until `stop()`. */
export function watchForLeaks(): LeakWatch {
  const events: RecordedEvent[] = [];
  const logged: string[] = [];
  const listener = (event: Event): void => {
    events.push({ type: event.type, detail: (event as CustomEvent).detail });
  };
  for (const name of PAY_EVENT_NAMES) document.addEventListener(name, listener, true);
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = methods.map((m) => console[m]);
  methods.forEach((m, i) => {
    console[m] = (...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === 'string' ? a : safeJson(a))).join(' '));
      (originals[i] as (...a: unknown[]) => void).apply(console, args);
    };
  });
  const stop = (): void => {
    for (const name of PAY_EVENT_NAMES) document.removeEventListener(name, listener, true);
    methods.forEach((m, i) => (console[m] = originals[i]!));
  };
  return {
    events,
    of: (type) => events.filter((e) => e.type === type),
    stop,
    assertClean(...hosts) {
      const places: Array<[string, string]> = [
        ['events', safeJson(events)],
        ['console', logged.join('\n')],
        ...hosts.map((h): [string, string] => [`<${h.localName}> markup`, h.outerHTML]),
      ];
      for (const [where, text] of places) {
        for (const secret of SECRETS)
          expect(text.includes(secret), `${where} must not contain "${secret}"`).to.equal(false);
      }
    },
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A WebAuthn assertion as `navigator.credentials.get` would resolve it (what crypto-core reads): `id` is
 * the credential id the service knows, `rawId` the bytes of the text `rawId`.
 */
export function fakeAssertion(id = 'cred-1', rawId = id): unknown {
  const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
  return {
    id,
    rawId: bytes(rawId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('auth'),
      signature: bytes('sig'),
      userHandle: null,
    },
    getClientExtensionResults: () => ({}),
  };
}

/** Replaces `navigator.credentials.get` until the returned function is called. */
export function stubCredentialsGet(impl: (options: CredentialRequestOptions) => Promise<unknown>): () => void {
  const container = navigator.credentials as CredentialsContainer & { get: unknown };
  const own = Object.getOwnPropertyDescriptor(container, 'get');
  Object.defineProperty(container, 'get', { configurable: true, writable: true, value: impl });
  return () => {
    if (own) Object.defineProperty(container, 'get', own);
    else delete (container as { get?: unknown }).get;
  };
}

/** A `navigator.credentials.get` that never answers, and rejects like a browser when its signal aborts. */
export function hangingCredentialsGet(
  calls: CredentialRequestOptions[],
): (options: CredentialRequestOptions) => Promise<unknown> {
  return (options) => {
    calls.push(options);
    return new Promise((_, reject) => {
      options.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
  };
}

/** Hides `window[name]` (e.g. PublicKeyCredential) until the returned function is called. */
export function hideGlobal(name: string): () => void {
  const own = Object.getOwnPropertyDescriptor(window, name);
  if (own) delete (window as unknown as Record<string, unknown>)[name];
  return () => {
    if (own) Object.defineProperty(window, name, own);
  };
}

/**
 * Resolves with the next `type` event from `target`. Awaiting it (then `updateComplete`) observes the
 * element right after the event, before any timer can fire, however loaded the machine is.
 */
export function nextEvent<E extends Event = CustomEvent>(target: EventTarget, type: string): Promise<E> {
  return new Promise((resolve) => target.addEventListener(type, (event) => resolve(event as E), { once: true }));
}

/**
 * Stubs `navigator.credentials.create` with a device that makes a new passkey (id base64url of
 * `[9, 9, 9, n]`) on every ceremony, undone after the test; `ceremonies()` counts them. For the tests of
 * what happens after the device made a passkey, where no real authenticator is needed.
 */
export function countDeviceCeremonies(test: Pick<ElementTest, 'cleanup'>): { ceremonies(): number } {
  let made = 0;
  const original = navigator.credentials.create;
  navigator.credentials.create = async () => {
    const id = new Uint8Array([9, 9, 9, ++made]);
    return {
      id: btoa(String.fromCharCode(...id))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
      rawId: id.buffer,
      type: 'public-key',
      response: {
        clientDataJSON: new TextEncoder().encode('{"type":"webauthn.create"}').buffer,
        attestationObject: new Uint8Array([0xa3, 1, 2]).buffer,
        getTransports: () => ['internal'],
      },
      getClientExtensionResults: () => ({}),
    } as unknown as Credential;
  };
  test.cleanup(() => (navigator.credentials.create = original));
  return { ceremonies: () => made };
}

export interface ElementTest {
  /** A fresh fake service per test. */
  readonly fake: FakeService;
  /** Records the test's events and console lines. */
  readonly leaks: LeakWatch;
  /** Runs `undo` after the test (stubs of browser APIs). */
  cleanup(undo: () => void): void;
  /**
   * Waits until `el` has the custom state `state`, then for its render; a timeout names the states it
   * has and the test's `pay-error` codes.
   */
  inState(el: Element & { updateComplete: Promise<unknown> }, state: string): Promise<void>;
}

/**
 * Registers the per-test setup every element suite shares: a fresh fake service and leak watch before
 * each test; afterwards the stubs undone, page visibility and the default client restored, fixtures removed.
 */
export function setupElementTests(): ElementTest {
  let fake: FakeService | undefined;
  let leaks: LeakWatch | undefined;
  const undo: Array<() => void> = [];
  beforeEach(async () => {
    fake = await createFakeService();
    leaks = watchForLeaks();
  });
  afterEach(() => {
    leaks?.stop();
    while (undo.length) undo.pop()!();
    restorePageVisibility();
    setDefaultClient(undefined);
    fixtureCleanup();
  });
  return {
    get fake() {
      return fake!;
    },
    get leaks() {
      return leaks!;
    },
    cleanup: (fn) => void undo.push(fn),
    async inState(el, state) {
      await until(
        () => hasState(el, state),
        `${state} (now ${el.getAttribute('data-state')}, errors ${JSON.stringify(leaks!.of('pay-error'))})`,
      );
      await el.updateComplete;
    },
  };
}
