/**
 * A tiny DOM builder for the demo page: elements are built with properties, attributes and listeners,
 * never from HTML strings (the page runs under Trusted Types and a CSP without inline script).
 *
 * @example
 *   h('button', { class: 'button', on: { click: save }, testid: 'save' }, 'Save')
 *   h('h2', { t: 'customer.card' })   // the page's words, in its language (i18n/translate.ts)
 */
import { localize, localizeLabel, type DemoMessageKey, type MessageArgs } from './i18n/translate.js';

type Child = Node | string | number | false | null | undefined | Child[];

export interface Props {
  class?: string;
  id?: string;
  text?: string;
  /** The page's own words: a message key (and its values), reworded when the language changes. */
  t?: DemoMessageKey | [DemoMessageKey, MessageArgs];
  /** `aria-label` from a message key, reworded when the language changes. */
  label?: DemoMessageKey;
  testid?: string;
  attrs?: Record<string, string | boolean | number | undefined | null>;
  props?: Record<string, unknown>;
  on?: Record<string, (event: Event) => void>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement;
export function h(tag: string, props: Props | null = null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  if (props?.class) el.className = props.class;
  if (props?.id) el.id = props.id;
  if (props?.testid) el.dataset['testid'] = props.testid;
  for (const [name, value] of Object.entries(props?.attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [name, value] of Object.entries(props?.props ?? {}))
    (el as unknown as Record<string, unknown>)[name] = value;
  for (const [name, listener] of Object.entries(props?.on ?? {})) el.addEventListener(name, listener);
  if (props?.text !== undefined) el.textContent = props.text;
  if (props?.t !== undefined) {
    const [key, args] = typeof props.t === 'string' ? [props.t] : props.t;
    localize(el, key, args);
  }
  if (props?.label !== undefined) localizeLabel(el, props.label);
  append(el, children);
  return el;
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else
      parent.appendChild(
        typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
      );
  }
}

/** The one element `selector` finds; throws when the page lacks it (a broken page, not a user error). */
export function $<T extends Element = HTMLElement>(selector: string): T {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`missing ${selector}`);
  return el;
}

/** Replaces the children of `parent`. */
export function mount(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

const SVG = 'http://www.w3.org/2000/svg';

/** A stroked 24×24 icon from path data (the page's icon set is a handful of these). */
export function icon(name: keyof typeof ICONS, className = 'icon'): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  for (const d of ICONS[name]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  return svg;
}

export const ICONS = {
  user: ['M20 21a8 8 0 0 0-16 0', 'M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z'],
  mail: ['M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z', 'm3 7 9 6 9-6'],
  key: [
    'M21 2l-2 2',
    'M15.5 7.5l3 3L22 7l-3-3',
    'M15.5 7.5 11.4 11.6',
    'M7.5 21a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11Z',
  ],
  shield: ['M12 3 4 6v6c0 4.4 3.4 8.4 8 9 4.6-.6 8-4.6 8-9V6l-8-3Z', 'm9 12 2 2 4-4'],
  card: ['M3 6h18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Z', 'M2 10h20', 'M6 15h4'],
  send: ['M22 2 11 13', 'M22 2 15 22l-4-9-9-4 20-7Z'],
  list: ['M8 6h13M8 12h13M8 18h13', 'M3 6h.01M3 12h.01M3 18h.01'],
  check: ['m5 12 5 5 9-10'],
  lock: ['M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  arrow: ['M5 12h14', 'm13 6 6 6-6 6'],
  refresh: ['M21 12a9 9 0 0 1-15.5 6.2L3 16', 'M3 12a9 9 0 0 1 15.5-6.2L21 8', 'M21 3v5h-5', 'M3 21v-5h5'],
  logout: ['M15 12H3', 'm7 8-4 4 4 4', 'M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5'],
  info: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 11v5', 'M12 8h.01'],
  wallet: ['M3 7a2 2 0 0 1 2-2h13v4', 'M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2Z', 'M16 14h.01'],
  alert: ['M12 3 2 20h20L12 3Z', 'M12 10v4', 'M12 17h.01'],
  x: ['M6 6l12 12M18 6 6 18'],
} as const;
