/**
 * The gallery page (`/gallery`): every element in each of its states, against the sandbox running in
 * this page (sandbox.ts), with switches for theme, language and width. It is the elements' visual
 * documentation and what `npm run shots` photographs. Each state card says whether the element reached
 * the state it is meant to show (`data-reached`); the page's summary lists those it could not reach.
 *
 * The switches are also URL parameters, so a screenshot run opens one URL per combination:
 * `/gallery?theme=dark&lang=fr&width=390&only=pay-sessions`.
 */
import '../styles/base.css';
import '../styles/components.css';
import '../styles/gallery.css';
import '@paykit/elements/define';
import '@paykit/elements/translations/de';
import '@paykit/elements/translations/es';
import '@paykit/elements/translations/fr';
import '@paykit/elements/translations/it';
import '@paykit/elements/translations/nl';
import '@paykit/elements/translations/pt';
import { $, h } from '../dom.js';
import { LANGUAGES } from '../i18n/languages.js';
import { SECTIONS } from './index.js';
import { reach, type GallerySection, type GalleryState } from './section.js';

const WIDTHS = { '320': '320 px', '390': '390 px (phone)', '768': '768 px', full: 'Full width' };
const THEMES = { light: 'Light', dark: 'Dark' };
/** States set up at once (each has its own customer and client). */
const CONCURRENCY = 4;

const params = new URLSearchParams(location.search);
const pick = <T extends object>(options: T, value: string | null, fallback: keyof T): keyof T =>
  value !== null && value in options ? (value as keyof T) : fallback;

function setTheme(theme: string): void {
  document.documentElement.dataset['theme'] = theme;
  for (const el of document.querySelectorAll('.gallery-state__stage > *')) el.setAttribute('theme', theme);
}

/** A labelled <select> that applies its value and keeps it in the URL (no reload). */
function switcher(
  name: string,
  label: string,
  options: Record<string, string>,
  value: string,
  apply: (v: string) => void,
) {
  apply(value);
  return h(
    'label',
    { class: 'gallery-switch' },
    h('span', { class: 'gallery-switch__label', text: label }),
    h(
      'select',
      {
        class: 'gallery-switch__select',
        testid: `gallery-${name}`,
        on: {
          change: (event) => {
            const next = (event.target as HTMLSelectElement).value;
            apply(next);
            params.set(name, next);
            history.replaceState(null, '', `?${params}`);
          },
        },
      },
      Object.entries(options).map(([key, text]) =>
        h('option', { attrs: { value: key, selected: key === value }, text }),
      ),
    ),
  );
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function stateCard(section: GallerySection, state: GalleryState): { card: HTMLElement; run: () => Promise<void> } {
  const stage = h('div', { class: 'gallery-state__stage' });
  const status = h('span', { class: 'gallery-state__status', text: 'setting up…' });
  const card = h(
    'figure',
    {
      class: 'gallery-state',
      id: `${section.tag}--${slug(state.name)}`,
      testid: 'gallery-state',
      attrs: { 'data-tag': section.tag, 'data-name': state.name, 'data-kind': state.kind, 'data-reached': 'pending' },
    },
    h(
      'figcaption',
      { class: 'gallery-state__caption' },
      h('span', { class: `badge gallery-kind gallery-kind--${state.kind}`, text: state.kind }),
      h('strong', { text: state.name }),
      status,
      h('span', { class: 'gallery-state__note', text: state.note }),
    ),
    stage,
  );
  const run = async () => {
    let reached = false;
    let why = '';
    try {
      const element = await state.render();
      element.setAttribute('theme', document.documentElement.dataset['theme'] ?? 'light');
      stage.append(element);
      await state.drive?.(element);
      const subject = state.subject ? element.querySelector(state.subject) : element;
      if (!subject) throw new Error(`no ${state.subject}`);
      await reach(subject, state.expect);
      reached = true;
    } catch (error) {
      why = error instanceof Error ? error.message : String(error);
    }
    card.dataset['reached'] = reached ? 'yes' : 'no';
    status.textContent = reached ? '' : `not reached: ${why}`;
    if (!reached) card.dataset['why'] = why;
  };
  return { card, run };
}

async function start(): Promise<void> {
  const only = params.get('only');
  const sections = SECTIONS.filter((s) => !only || only.split(',').includes(s.tag));
  const stage = $('[data-slot="gallery"]');
  $('[data-slot="switches"]').append(
    switcher(
      'theme',
      'Theme',
      THEMES,
      String(pick(THEMES, params.get('theme'), matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')),
      setTheme,
    ),
    switcher('lang', 'Language', LANGUAGES, String(pick(LANGUAGES, params.get('lang'), 'en')), (lang) => {
      stage.lang = lang;
    }),
    switcher('width', 'Width', WIDTHS, String(pick(WIDTHS, params.get('width'), 'full')), (width) => {
      stage.dataset['width'] = width;
    }),
  );
  $('[data-slot="toc"]').append(
    ...sections.map((s) => h('li', null, h('a', { attrs: { href: `#${s.tag}` }, text: `<${s.tag}>` }))),
  );
  const jobs: (() => Promise<void>)[] = [];
  for (const section of sections) {
    const cards = section.states.map((state) => stateCard(section, state));
    jobs.push(...cards.map((c) => c.run));
    stage.append(
      h(
        'section',
        { class: 'gallery-section', id: section.tag, attrs: { 'aria-labelledby': `${section.tag}-title` } },
        h(
          'h2',
          { id: `${section.tag}-title`, class: 'gallery-section__title' },
          h('code', { text: `<${section.tag}>` }),
        ),
        h('p', { class: 'gallery-section__summary', text: section.summary }),
        h(
          'div',
          { class: 'gallery-section__states' },
          cards.map((c) => c.card),
        ),
      ),
    );
  }
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
  const missed = [...document.querySelectorAll<HTMLElement>('[data-reached="no"]')];
  $('[data-slot="summary"]').textContent = missed.length
    ? `${jobs.length - missed.length} of ${jobs.length} states reached; not reached: ${missed.map((m) => `${m.dataset['tag']} ${m.dataset['name']}`).join(', ')}.`
    : `All ${jobs.length} states reached.`;
  document.documentElement.dataset['ready'] = 'true';
}

void start();
