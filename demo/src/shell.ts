/**
 * The page around the steps: the sidebar of steps, the top bar (customer, balance, session), the theme
 * switch, and navigation by `#<step>` (a step that needs a customer or a session shows what to do first).
 * The steps themselves are modules of `steps/`, handed to `startShell` in walkthrough order.
 *
 * @example
 *   startShell(STEPS);   // then go('signin'), renderSteps() when a step's state changes
 */
import { $, h, icon, mount, type ICONS } from './dom.js';
import { methodLabel, money, time } from './format.js';
import { state, type StepId } from './state.js';
import { initials } from './ui.js';
import { renderCodeTips } from './code-tips.js';
import { onLanguageChange, t } from './i18n/translate.js';

/**
 * One step of the walkthrough: its place in the sidebar, its panel, and when it counts as done. Its
 * words are the messages `<id>.title` (sidebar and panel), `<id>.subtitle` (sidebar) and `<id>.lead`
 * (the paragraph under the panel's title), in i18n/.
 */
export interface Step {
  id: StepId;
  icon: keyof typeof ICONS;
  /** What the step works on: shown locked until the customer (or their wallet session) exists. */
  needs: 'nothing' | 'customer' | 'session';
  /** Ticked in the sidebar. */
  done(): boolean;
  /** The panel's body; called each time the step is shown, and only when it is available. */
  render(): HTMLElement;
}

/** The steps given to `startShell`, in walkthrough order. */
let walkthrough: readonly Step[] = [];

/** Takes the steps, in walkthrough order, and shows the one the URL names (or the next to do). */
export function startShell(steps: readonly Step[]): void {
  walkthrough = steps;
  renderTopbar();
  // the sidebar and the top bar are rebuilt in the new language; the panel's words are reworded in place
  onLanguageChange(() => {
    renderTopbar();
    renderSteps();
    applyTheme(currentTheme());
  });
  // "Skip to content" focuses the step's heading, without putting `#main` in the URL (the step's place)
  $('[data-action="skip"]').addEventListener('click', (event) => {
    event.preventDefault();
    $('main').querySelector<HTMLElement>('h1')?.focus();
  });
  window.addEventListener('hashchange', () => {
    const step = stepFromHash();
    if (step) show(step);
  });
  const wanted = walkthrough.find((s) => s.id === stepFromHash());
  show(wanted && stepAvailable(wanted) ? wanted.id : nextStep(), { focus: false });
}

/** What the shown step works on (nothing, the customer, their session): what a sign-out takes away. */
export function currentStepNeeds(): Step['needs'] | undefined {
  return walkthrough.find((s) => s.id === state.step)?.needs;
}

// ---- theme ---------------------------------------------------------------------------------------

type Theme = 'light' | 'dark';
const THEME_KEY = 'paykit-demo-theme'; // a display preference, nothing secret

function currentTheme(): Theme {
  const current = document.documentElement.dataset['theme'];
  if (current === 'light' || current === 'dark') return current;
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
  // every Paykit element on the page (each was made with the theme of its moment)
  for (const el of document.querySelectorAll('main [theme]')) el.setAttribute('theme', theme);
  const button = $('[data-action="theme"]');
  button.setAttribute('aria-label', t(theme === 'dark' ? 'shell.themeLight' : 'shell.themeDark'));
}

/** Applies the saved (or the system's) theme and wires the top bar's switch. */
export function startTheme(): void {
  applyTheme(currentTheme());
  $('[data-action="theme"]').addEventListener('click', () => {
    const next: Theme = document.documentElement.dataset['theme'] === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_KEY, next);
    applyTheme(next);
  });
}

// ---- layout --------------------------------------------------------------------------------------

function stepAvailable(step: Step): boolean {
  if (step.needs === 'customer') return !!state.me;
  if (step.needs === 'session') return !!state.me && !!state.session;
  return true;
}

/** Re-renders the sidebar (after a change that completes a step). */
export function renderSteps(): void {
  renderCodeTips(state.step);
  const list = $('[data-slot="steps"]');
  mount(
    list,
    walkthrough.map((step, index) => {
      const available = stepAvailable(step);
      const done = step.done();
      const current = state.step === step.id;
      return h(
        'li',
        // a locked step is shown, not offered: out of the tab order and the accessibility tree
        { class: 'steps__item', attrs: { inert: !available } },
        h(
          'a',
          {
            class: `step${current ? ' step--current' : ''}${done ? ' step--done' : ''}${available ? '' : ' step--locked'}`,
            attrs: { href: `#${step.id}`, 'aria-current': current ? 'step' : undefined },
            testid: `nav-${step.id}`,
          },
          h(
            'span',
            { class: 'step__marker', attrs: { 'aria-hidden': 'true' } },
            done ? icon('check') : available ? String(index + 1) : icon('lock'),
          ),
          h(
            'span',
            { class: 'step__text' },
            h('span', { class: 'step__title', text: t(`${step.id}.title`) }),
            h('span', {
              class: 'step__subtitle',
              text: done ? `${t(`${step.id}.subtitle`)} · ${t('shell.done')}` : t(`${step.id}.subtitle`),
            }),
          ),
        ),
      );
    }),
  );
  followCurrentStep(list);
  for (const button of document.querySelectorAll<HTMLElement>('main [data-after-step]'))
    button.hidden = !walkthrough.find((s) => s.id === button.dataset['afterStep'])?.done();
}

/**
 * On narrow screens the steps are one row that scrolls sideways: keep the current one in view (scrolled
 * within the row only, never the page).
 */
function followCurrentStep(list: HTMLElement): void {
  const current = list.querySelector<HTMLElement>('[aria-current="step"]');
  if (!current || list.scrollWidth <= list.clientWidth) return;
  const item = current.parentElement!;
  const left = item.offsetLeft - list.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
  list.scrollTo({ left: Math.max(0, left), behavior: 'instant' });
}

/** Re-renders the top bar: customer, balance, session. */
export function renderTopbar(): void {
  const slot = $('[data-slot="topbar"]');
  const { me, session } = state;
  if (!me) {
    mount(slot, h('span', { class: 'topbar__hint', text: t('shell.noCustomer') }));
    return;
  }
  mount(
    slot,
    h(
      'div',
      { class: 'account-chip', attrs: { title: `${me.email} · ${me.regionName}` } },
      h('span', { class: 'avatar', text: initials(me), attrs: { 'aria-hidden': 'true' } }),
      h(
        'span',
        { class: 'account-chip__text' },
        h('span', { class: 'account-chip__email', text: me.email }),
        h('span', { class: 'account-chip__meta', text: `${me.regionName}${me.sca ? ' · SCA' : ''}` }),
      ),
    ),
    h(
      'div',
      { class: 'balance', testid: 'balance' },
      h('span', { class: 'balance__label', text: t('shell.balance') }),
      h('span', {
        class: 'balance__value',
        text: state.balance === undefined ? '—' : money(state.balance, me.currency),
      }),
    ),
    h(
      'div',
      {
        class: `session-pill ${session ? 'session-pill--on' : 'session-pill--off'}`,
        testid: 'session-status',
        attrs: {
          'data-state': session ? 'signed-in' : 'signed-out',
          'data-session-id': session?.id,
          title: session ? t('shell.session', { id: session.id }) : t('shell.noSession'),
        },
      },
      h('span', { class: 'dot', attrs: { 'aria-hidden': 'true' } }),
      h(
        'span',
        null,
        session ? t('shell.signedIn') : t('shell.signedOut'),
        session
          ? h('span', {
              class: 'session-pill__detail',
              text: ` · ${methodLabel(session.type)} · ${t('shell.until', { time: time(session.expiresAt) })}`,
            })
          : null,
      ),
    ),
  );
}

// ---- navigation ----------------------------------------------------------------------------------

/** Navigates to a step (shown again if it is the current one). */
export function go(step: StepId): void {
  if (location.hash !== `#${step}`) location.hash = step;
  else show(step);
}

/** Shows a step's panel; `focus: false` keeps the focus where it is (a change the visitor did not ask for). */
export function show(step: StepId, options: { focus?: boolean } = {}): void {
  state.step = step;
  renderSteps();
  const main = $('main');
  mount(main, panel(step));
  // the step's heading: where a step starts, read first ("Step 3 of 7", then the title)
  if (options.focus !== false) main.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  window.scrollTo({ top: 0 });
}

function stepFromHash(): StepId | undefined {
  const id = location.hash.slice(1);
  return walkthrough.find((s) => s.id === id)?.id;
}

/** The first step that still needs doing. */
export function nextStep(): StepId {
  if (!state.me) return 'customer';
  if (!state.session) return 'signin';
  return walkthrough.find((s) => s.needs === 'session' && !s.done())?.id ?? 'sessions';
}

/**
 * A button to the next step. With `after`, it shows only once that step is done: where the step's element
 * ends with a "Continue" of its own (the terms), the page's comes after it, so a step offers one at a time.
 */
export function continueButton(
  to: StepId,
  label: Parameters<typeof t>[0] = 'shell.continue',
  after?: StepId,
): HTMLElement {
  const done = after ? walkthrough.find((s) => s.id === after)?.done() : true;
  return h(
    'button',
    {
      class: 'button button--primary',
      attrs: { type: 'button', 'data-after-step': after, hidden: !done },
      testid: `continue-${to}`,
      on: { click: () => go(to) },
    },
    h('span', { t: label }),
    icon('arrow'),
  );
}

// ---- panels ----------------------------------------------------------------------------------------

function panel(id: StepId): HTMLElement {
  const index = walkthrough.findIndex((s) => s.id === id);
  const step = walkthrough[index]!;
  const body = stepAvailable(step) ? step.render() : lockedBody(step);
  return h(
    'section',
    { class: 'panel', attrs: { 'aria-labelledby': `title-${id}`, 'data-step': id }, testid: `panel-${id}` },
    h(
      'header',
      { class: 'panel__header' },
      h('p', { class: 'eyebrow', t: ['shell.stepOf', { n: index + 1, total: walkthrough.length }] }),
      h('h1', { id: `title-${id}`, t: `${id}.title`, attrs: { tabindex: '-1' } }),
      h('p', { class: 'lead', t: `${id}.lead` }),
    ),
    body,
  );
}

function lockedBody(step: Step): HTMLElement {
  const needsCustomer = !state.me;
  return h(
    'div',
    { class: 'card card--empty', testid: 'locked' },
    h('div', { class: 'empty-icon' }, icon('lock')),
    h('h2', { t: needsCustomer ? 'shell.lockedCustomer' : 'shell.lockedSession' }),
    h('p', {
      class: 'muted',
      t: needsCustomer ? 'shell.lockedCustomerText' : ['shell.lockedSessionText', { step: t(`${step.id}.title`) }],
    }),
    h(
      'button',
      {
        class: 'button button--primary',
        attrs: { type: 'button' },
        on: { click: () => go(needsCustomer ? 'customer' : 'signin') },
      },
      h('span', { t: needsCustomer ? 'shell.createCustomer' : 'shell.goSignin' }),
      icon('arrow'),
    ),
  );
}
