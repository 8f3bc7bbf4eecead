/**
 * Where focus goes after something the visitor did replaced what they were on (a sign-in that re-renders
 * the step, a card issued, spending simulated): to the next meaningful thing, never to the page body.
 * Targets inside a Paykit element are named by their public `part`.
 *
 * @example
 *   const keep = focusIsInContent();   // before a re-render
 *   show(step, { focus: false });
 *   if (keep) focusResult();
 */

/** True when focus is in the step's panel, or already lost to the body: a re-render may move it. */
export function focusIsInContent(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !!document.querySelector('main')?.contains(active);
}

/** Focuses the panel's `[data-focus-result]` (what the last action produced), else its heading. */
export function focusResult(): void {
  const main = document.querySelector('main');
  (main?.querySelector<HTMLElement>('[data-focus-result]') ?? main?.querySelector<HTMLElement>('h1'))?.focus();
}

/** Focuses `target` (made focusable, out of the tab order, when it is not). */
export function focusOn(target: HTMLElement | null | undefined): void {
  if (!target) return;
  if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * Once `host` (a Paykit element) shows `state` in its `data-state`, focuses its part `part` (or, when
 * `part` names several, the first). Resolves when done; gives up after `timeoutMs`.
 */
export function focusPartWhen(host: HTMLElement, state: string, part: string, timeoutMs = 10_000): Promise<void> {
  const has = (): boolean => (host.getAttribute('data-state') ?? '').split(' ').includes(state);
  return new Promise((resolve) => {
    const done = async (): Promise<void> => {
      observer.disconnect();
      clearTimeout(timer);
      await (host as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete; // its latest render
      focusOn(host.shadowRoot?.querySelector<HTMLElement>(`[part~="${part}"]`));
      resolve();
    };
    const observer = new MutationObserver(() => void (has() && done()));
    const timer = setTimeout(() => (observer.disconnect(), resolve()), timeoutMs);
    observer.observe(host, { attributes: true, attributeFilter: ['data-state'] });
    if (has()) void done();
  });
}
