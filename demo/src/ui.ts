/**
 * The page's small building blocks, shared by the steps and the shell: cards, facts, the "under the
 * hood" notes, toasts, Paykit elements created with the page's theme, and error descriptions.
 *
 * @example
 *   card('Recovery phrase', payElement('pay-wallet-export'), howItWorks(['`POST /…` does this']));
 */
import { PayError } from '@paykit/crypto-core';
import type { Profile } from '../wire.js';
import { DemoApiError } from './api.js';
import { $, h, icon } from './dom.js';
import { t, type DemoMessageKey } from './i18n/translate.js';

/** A Paykit element, created with the page's theme. */
export function payElement(tag: string, attrs: Record<string, string | undefined> = {}, testid?: string): HTMLElement {
  return h(tag, {
    attrs: { ...attrs, theme: document.documentElement.dataset['theme'] },
    ...(testid ? { testid } : {}),
  });
}

/** A message in the polite live region at the corner (errors as alerts); it leaves by itself. */
export function toast(message: string, kind: 'info' | 'error' | 'success' = 'info'): void {
  const region = $('[data-slot="toasts"]');
  const item = h(
    'div',
    { class: `toast toast--${kind}`, attrs: { role: kind === 'error' ? 'alert' : 'status' } },
    icon(kind === 'error' ? 'alert' : kind === 'success' ? 'check' : 'info'),
    h('span', { text: message }),
  );
  region.appendChild(item);
  setTimeout(() => item.classList.add('toast--leaving'), 5200);
  setTimeout(() => item.remove(), 5600);
}

/** A one-line description of an error for a person, in words (never a raw code: that goes to the console, for the developer). */
export function describe(error: unknown): string {
  const code = error instanceof PayError || error instanceof DemoApiError ? error.code : undefined;
  if (code !== undefined) console.info('demo error code:', code); // for the platform's developer, never on screen
  if (code === 'NETWORK_ERROR' || code === 'TIMEOUT') return t('error.offline');
  if (code === 'RATE_LIMITED') return t('error.rateLimited');
  return error instanceof Error && error.message ? error.message : t('error.generic');
}

/** A panel card, with an optional title (a message key: the page's words). */
export function card(
  title: DemoMessageKey | undefined,
  ...children: (Node | string | false | null | undefined)[]
): HTMLElement {
  const root = h('div', { class: 'card' }, title ? h('h2', { class: 'card__title', t: title }) : null, ...children);
  // the card is the surface: the elements in it draw none of their own (their `appearance="flat"`)
  for (const element of root.querySelectorAll('*'))
    if (element.localName.startsWith('pay-')) element.setAttribute('appearance', 'flat');
  return root;
}

/** The "What happens under the hood" note under a step; `code` spans in backticks. */
export function howItWorks(lines: string[]): HTMLElement {
  return h(
    'details',
    { class: 'how' },
    h('summary', null, icon('info'), h('span', { t: 'shell.how' })),
    h(
      'ol',
      { class: 'how__list' },
      lines.map((line) => h('li', null, ...codeSpans(line))),
    ),
  );
}

/** `text with \`code\`` → text and <code> nodes. */
function codeSpans(line: string): (string | HTMLElement)[] {
  return line.split('`').map((part, i) => (i % 2 ? h('code', { text: part }) : part));
}

/** A label (a message key) and value; ids (`Type:…`) are set in the monospace font. */
export function fact(label: DemoMessageKey, value: string, testid?: string): HTMLElement {
  const id = /^[A-Za-z]+:[0-9a-f]{4,}/.test(value);
  return h(
    'div',
    { class: 'fact' },
    h('dt', { t: label }),
    h('dd', { class: id ? 'mono' : '', text: value, ...(testid ? { testid } : {}) }),
  );
}

/** The avatar letters of a customer. */
export function initials(me: Profile): string {
  const source = me.fullName || me.email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (me.fullName ? (parts[1]?.[0] ?? '') : '')).toUpperCase();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A panel part that waits for the demo backend: `slot` gets `render(value)` once `pending` settles, or the
 * error's words (`describe`, in a `role="alert"` line) when it fails.
 */
export function fillWhenReady<T>(
  slot: HTMLElement,
  pending: Promise<T>,
  render: (value: T) => HTMLElement,
): HTMLElement {
  void pending.then(
    (value) => slot.replaceChildren(render(value)),
    (cause: unknown) =>
      slot.replaceChildren(h('p', { class: 'form-error', attrs: { role: 'alert' }, text: describe(cause) })),
  );
  return slot;
}
