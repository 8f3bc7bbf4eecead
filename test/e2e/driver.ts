/**
 * The small browser interface the end-to-end flows are written against, so one flow script runs in
 * Chromium (Playwright), Firefox (Puppeteer over WebDriver BiDi) and WebKitGTK (WebdriverIO over
 * WebDriver classic). Adapters implement `DriverCore`; `createDriver` adds the rest in terms of it.
 *
 * Selectors are CSS; ` >>> ` steps into the shadow root of the element on its left:
 * `pay-otp-login >>> [part~="send-button"]`.
 *
 * @example
 *   const d = createDriver(await launchChromium());
 *   await d.goto(url);
 *   await d.click('pay-otp-login >>> [part~="send-button"]');
 *   await d.waitFor('pay-otp-login input[autocomplete="one-time-code"]');
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** What a successful `until` check resolved to. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export type Engine = 'chromium' | 'firefox' | 'webkit';

export type PasskeySupport = { supported: true } | { supported: false; reason: string };

/** What each engine adapter provides. `evaluateExpression` runs a JS expression (may be a promise) in the page. */
export interface DriverCore {
  engine: Engine;
  /** Browser name and version, for the report. */
  version: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** A real click where the automation offers one for shadow-DOM selectors; else `element.click()`. */
  click(selector: string): Promise<void>;
  /**
   * Puts `text` into an input (replacing its value) at once, as Playwright's `fill` does: the page sees one
   * `input` event (and `change`). For fields whose typing is not what a flow is about.
   */
  fill(selector: string, text: string): Promise<void>;
  /** Types `text` into an input (replacing its value) with real key presses, one per character. */
  type(selector: string, text: string): Promise<void>;
  evaluateExpression(expression: string): Promise<unknown>;
  screenshot(path: string): Promise<void>;
  passkeys: PasskeySupport;
  close(): Promise<void>;
}

export interface Driver extends DriverCore {
  /** Runs `fn(arg)` in the page and returns its (JSON-serializable) result. `fn` must be self-contained. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<Awaited<R>>;
  /** Waits until the selector matches (or, with `gone`, matches nothing) or the page predicate is truthy. */
  waitFor(
    target: string | ((arg: unknown) => unknown),
    options?: { timeoutMs?: number; gone?: boolean; message?: string; arg?: unknown },
  ): Promise<void>;
  /** The trimmed textContent of the element; throws when nothing matches. */
  text(selector: string): Promise<string>;
  attribute(selector: string, name: string): Promise<string | null>;
  exists(selector: string): Promise<boolean>;
  count(selector: string): Promise<number>;
  /** Sets a <select>'s value and dispatches `change`. */
  select(selector: string, value: string): Promise<void>;
  /** Waits until `check()` resolves truthy (Node side); its last error or value goes into the timeout message. */
  until<T>(check: () => Promise<T>, message: string, timeoutMs?: number): Promise<Truthy<T>>;
}

/** In-page resolution of a ` >>> ` selector (stringified into every expression that needs it). */
function deepQuery(selector: string, all: boolean): Element | Element[] | null {
  const parts = selector.split(/\s*>>>\s*/);
  let scopes: (Document | ShadowRoot | Element)[] = [document];
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const found: Element[] = [];
    for (const scope of scopes) found.push(...Array.from(scope.querySelectorAll(parts[i]!)));
    if (last) return all ? found : (found[0] ?? null);
    scopes = found.map((el) => el.shadowRoot).filter((root): root is ShadowRoot => !!root);
  }
  return all ? [] : null;
}

/**
 * In-page `fill` for the adapters whose automation only types key by key (WebKitGTK, Firefox): waits up to
 * `timeoutMs` for the field, then sets its value with the `input` and `change` events an insertion sends.
 * WebKitGTK spent about 90 ms of CPU per key press on the demo page (4 ms on a blank page), so typed fields
 * were over a third of its run.
 */
export function fillInPage({ selector, text, timeoutMs }: { selector: string; text: string; timeoutMs: number }) {
  const deadline = Date.now() + timeoutMs;
  return new Promise<string | true>((resolve) => {
    const attempt = () => {
      const el = __deep(selector, false) as HTMLInputElement | null;
      if (!el || el.disabled || el.readOnly) {
        if (Date.now() < deadline) return void setTimeout(attempt, 50);
        return resolve(el ? `${selector} is not editable` : `no element matches ${selector}`);
      }
      el.scrollIntoView({ block: 'center' });
      el.focus();
      el.value = text;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      resolve(true);
    };
    attempt();
  });
}

/** Defined in the page by `expressionOf`: page functions passed to `evaluate` may call it. */
declare const __deep: typeof deepQuery;

/**
 * What every script run in the page starts with: `__deep` (deepQuery), and `__name`, with which tsx
 * (esbuild keepNames) may wrap functions and which the page does not have.
 */
export const PAGE_PRELUDE = `const __name = (target) => target; const __deep = ${deepQuery.toString()};`;

export function expressionOf(fn: (arg: never) => unknown, arg: unknown): string {
  return `(async () => { ${PAGE_PRELUDE} return await (${fn.toString()})(${JSON.stringify(arg ?? null)}); })()`;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * With PAYKIT_E2E_TRACE=1, every action and wait of the flows is printed with its duration (where an
 * engine's time goes: `    412 ms  fill #signup-email`).
 */
function traced(core: DriverCore): DriverCore {
  if (process.env['PAYKIT_E2E_TRACE'] !== '1') return core;
  const timed =
    <A extends unknown[]>(name: string, action: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      const start = Date.now();
      try {
        await action(...args);
      } finally {
        console.log(`    ${String(Date.now() - start).padStart(5)} ms  ${name} ${String(args[0] ?? '')}`);
      }
    };
  return {
    ...core,
    goto: timed('goto', core.goto),
    reload: timed('reload', core.reload),
    click: timed('click', core.click),
    fill: timed('fill', core.fill),
    type: timed('type', core.type),
  };
}

export function createDriver(untraced: DriverCore, defaults: { timeoutMs: number } = { timeoutMs: 15_000 }): Driver {
  const core = traced(untraced);
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<Awaited<R>> =>
    (await core.evaluateExpression(expressionOf(fn as (arg: never) => unknown, arg))) as Awaited<R>;
  const inPage = <R>(
    body: (arg: { selector: string; name?: string; value?: string }) => R,
    arg: { selector: string; name?: string; value?: string },
  ) => evaluate(body, arg);

  const until = async <T>(
    check: () => Promise<T>,
    message: string,
    timeoutMs = defaults.timeoutMs,
  ): Promise<Truthy<T>> => {
    const start = Date.now();
    const deadline = start + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await check();
        if (value) {
          if (process.env['PAYKIT_E2E_TRACE'] === '1')
            console.log(`    ${String(Date.now() - start).padStart(5)} ms  until ${message}`);
          return value as Truthy<T>;
        }
        last = value;
      } catch (error) {
        last = error instanceof Error ? error.message : error;
      }
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms: ${message} (last: ${JSON.stringify(last)?.slice(0, 300)})`);
      await sleep(100);
    }
  };

  const driver: Driver = {
    ...core,
    // puppeteer (Firefox) does not make the folder of a screenshot's path; Playwright does
    async screenshot(file) {
      mkdirSync(path.dirname(file), { recursive: true });
      await core.screenshot(file);
    },
    evaluate,
    until,
    async text(selector) {
      const text = await inPage(
        ({ selector }) => (__deep(selector, false) as Element | null)?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
        { selector },
      );
      if (text === null) throw new Error(`no element matches ${selector}`);
      return text;
    },
    attribute: (selector, name) =>
      inPage(({ selector, name }) => (__deep(selector, false) as Element | null)?.getAttribute(name!) ?? null, {
        selector,
        name,
      }),
    exists: (selector) => inPage(({ selector }) => __deep(selector, false) !== null, { selector }),
    count: (selector) => inPage(({ selector }) => (__deep(selector, true) as Element[]).length, { selector }),
    async select(selector, value) {
      const ok = await inPage(
        ({ selector, value }) => {
          const el = __deep(selector, false) as HTMLSelectElement | null;
          if (!el) return false;
          el.value = value!;
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
          return el.value === value;
        },
        { selector, value },
      );
      if (!ok) throw new Error(`cannot select ${value} in ${selector}`);
    },
    async waitFor(target, options = {}) {
      const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
      if (typeof target === 'string') {
        const gone = options.gone === true;
        await until(
          async () => (await driver.exists(target)) !== gone,
          options.message ?? `${target} ${gone ? 'to go away' : 'to appear'}`,
          timeoutMs,
        );
      } else {
        await until(
          () => evaluate(target as (arg: unknown) => unknown, options.arg),
          options.message ?? 'page condition',
          timeoutMs,
        );
      }
    },
  };
  return driver;
}
