/**
 * What a gallery section is (one element, every state it can be in) and the small helpers the sections
 * drive elements with: only tags, public attributes and properties, documented `::part()`s, the reserved
 * light-DOM inputs, and the `data-state` tokens every element reflects. A state names the `data-state`
 * token it must reach; the gallery checks it and marks the states it could not reach.
 *
 * @example
 *   const loading: GalleryState = {
 *     name: 'loading', kind: 'loading', expect: 'loading',
 *     render: async () => payElement('pay-sessions', { client: await signedIn({ faults: [hold(/GET \/auth\/sessions/)] }) }),
 *   };
 */
import type { WalletClient } from '@paykit/crypto-core';
import { h } from '../dom.js';
import type { Fault } from './sandbox.js';

/** The kinds of state the issue asks every element to show, as the gallery's legend names them. */
export type StateKind = 'idle' | 'loading' | 'error' | 'locked' | 'success' | 'empty';

export interface GalleryState {
  /** Short name, unique in its section; also the screenshot's file name. */
  name: string;
  kind: StateKind;
  /** The `data-state` token the element shows in this state. */
  expect: string;
  /** Where `expect` is checked when not on the element itself: a selector in its light DOM. */
  subject?: string;
  /** One sentence for the reader: what the user sees and why. */
  note: string;
  /** Builds the element with its client and attributes; the gallery puts it on the page. */
  render(): Promise<HTMLElement>;
  /** Drives the element, once on the page, into the state (clicks, typed codes). */
  drive?(element: HTMLElement): Promise<void>;
}

export interface GallerySection {
  tag: string;
  summary: string;
  states: GalleryState[];
}

/** A `pay-*` element with its client (a property) and attributes. */
export function payElement(
  tag: string,
  client: WalletClient | undefined,
  attrs: Record<string, string | boolean | undefined> = {},
  props: Record<string, unknown> = {},
): HTMLElement {
  return h(tag, { attrs, props: client ? { client, ...props } : props });
}

// ---- faults ---------------------------------------------------------------------------------------

/** Requests of `route` are never answered. */
export const hold = (route: RegExp): Fault => ({ route, reply: 'hold' });
/** Requests of `route` are lost on the network (`times`: only the first ones). */
export const offline = (route: RegExp, times?: number): Fault => ({ route, reply: 'offline', times });
/** The service answers `route` with `status` and `code`. */
export const refuse = (
  route: RegExp,
  status: number,
  code: string,
  details?: Record<string, unknown>,
  times?: number,
): Fault => ({ route, reply: { status, code, details }, times });

// ---- driving ----------------------------------------------------------------------------------------

/** Resolves once `check()` is truthy; rejects after `ms`. */
export async function until<T>(check: () => T, what: string, ms = 8000): Promise<NonNullable<T>> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `data-state` tokens the element shows. */
export const states = (element: Element): string[] => (element.getAttribute('data-state') ?? '').split(/\s+/);

/** Waits until the element shows the `data-state` token `state`. */
export const reach = (element: Element, state: string, ms?: number): Promise<boolean> =>
  until(() => states(element).includes(state), `data-state ${state}`, ms);

/** The first `::part(name)` in the element's shadow root (waiting for it). */
export const part = (element: Element, name: string): Promise<HTMLElement> =>
  until(() => element.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`), `part ${name}`);

/** Clicks `::part(name)` once it is there and enabled. */
export async function press(element: Element, name: string): Promise<void> {
  const button = await until(() => {
    const found = element.shadowRoot?.querySelector<HTMLButtonElement>(`[part~="${name}"]`);
    return found && !found.disabled ? found : undefined;
  }, `enabled part ${name}`);
  button.click();
}

/** Types `value` into the element's light-DOM input matching `selector`, as a person would (input events). */
export async function type(element: Element, selector: string, value: string): Promise<void> {
  const input = await until(() => element.querySelector<HTMLInputElement>(selector), `input ${selector}`);
  input.focus();
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: value }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The one-time-code input every code step puts in light DOM. */
export const CODE_INPUT = 'input[autocomplete="one-time-code"]';
