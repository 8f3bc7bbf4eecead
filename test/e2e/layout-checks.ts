/**
 * Layout checks run in the page over every gallery state (issue 26, "A place to see every state"): each
 * element, in its shadow roots too, stays inside its stage (no horizontal overflow), keeps a card number or
 * code on one line, shows a change when each focusable control takes keyboard focus, and gives each control
 * a touch target of at least 44×44 px. Each finding is `<tag> <state>: <what>` so a failure names the card.
 */

/** Runs in the page: `fn` must be self-contained. */
export function auditGalleryStates(): string[] {
  const found: string[] = [];
  const TARGET = 44;
  /** A run of digits, masks and spaces: a card number, its last four, a code, an amount's digits. */
  const NUMBER = /^[\d•*·][\d•*· \u00a0\u2009\u202f-]{5,}$/;
  const FOCUSABLE = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
  const walk = (root: Element | ShadowRoot, visit: (el: Element) => void): void => {
    for (const el of root.querySelectorAll('*')) {
      visit(el);
      if (el.shadowRoot) walk(el.shadowRoot, visit);
    }
  };
  const shown = (el: Element): boolean => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const label = (el: Element): string =>
    `${el.localName}${el.id ? `#${el.id}` : ''}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
  const blur = (): void => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    (active as HTMLElement | null)?.blur();
  };
  const look = (els: Element[]): string =>
    els
      .map((el) => {
        const s = getComputedStyle(el);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join();
      })
      .join('|');
  for (const card of document.querySelectorAll<HTMLElement>('[data-testid="gallery-state"]')) {
    const stage = card.querySelector<HTMLElement>('.gallery-state__stage');
    if (!stage) continue;
    const where = `${card.dataset['tag']} ${card.dataset['name']}`;
    const right = stage.getBoundingClientRect().right + 0.5;
    const all: Element[] = [];
    walk(stage, (el) => all.push(el));
    const visible = all.filter(shown);
    // 1. horizontal overflow (an element clipped by a hidden-overflow ancestor still counts: a person
    //    cannot read it either)
    const over = visible.find((el) => el.getBoundingClientRect().right > right);
    if (over)
      found.push(
        `${where}: overflows its ${stage.clientWidth} px stage by ${Math.round(over.getBoundingClientRect().right - right)} px at ${label(over)}`,
      );
    // text that does not wrap overflows its box without widening it: the stage's scroll width sees it
    else if (stage.scrollWidth > stage.clientWidth)
      found.push(`${where}: content ${stage.scrollWidth} px wide in its ${stage.clientWidth} px stage`);
    // 2. a card number or code wrapped over two lines
    for (const el of visible) {
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !NUMBER.test((node.textContent ?? '').trim())) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(`${where}: "${node.textContent?.trim()}" wraps in ${label(el)}`);
      }
    }
    // 3 and 4. every focusable control: a visible change on focus, and a 44×44 px target
    const controls = visible.filter((el) => el.matches(FOCUSABLE) && !(el as HTMLButtonElement).disabled);
    for (const el of controls) {
      const root = el.getRootNode() as ShadowRoot | Document;
      const scope = [...(root instanceof ShadowRoot ? [root.host, ...root.querySelectorAll('*')] : [el])];
      blur();
      const before = look(scope);
      // without scrolling to it: a focus scrolled the page to each control in turn, and Chromium painted
      // every place (the look compared here and the target's size do not depend on the scroll)
      (el as HTMLElement).focus({ focusVisible: true, preventScroll: true } as FocusOptions);
      const after = look(scope);
      if (before === after) found.push(`${where}: no visible focus on ${label(el)}`);
      // a checkbox or radio counts with its label; an input counts with its field box
      const box = (el.closest('label') ?? el).getBoundingClientRect();
      const inline = el.localName === 'a' && getComputedStyle(el).display === 'inline';
      if (!inline && (box.width < TARGET - 0.5 || box.height < TARGET - 0.5))
        found.push(`${where}: target ${Math.round(box.width)}×${Math.round(box.height)} px on ${label(el)}`);
    }
    blur();
  }
  return found;
}

/**
 * Runs in the page after axe-core's source: axe's WCAG 2 A/AA rules over every gallery stage, shadow roots
 * included; on a page without stages (the demo shell), over the whole document with axe's best practices too
 * (heading order, landmarks, the brand link's name).
 */
export async function axeFindings(): Promise<string[]> {
  const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
  type AxeResults = { violations: { id: string; help: string; nodes: { element?: Element; target: unknown }[] }[] };
  const stages = [...document.querySelectorAll('.gallery-state__stage')].map((stage) => [stage]);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(stages.length ? [] : ['best-practice'])];
  const results = await axe.run(stages.length ? { include: stages } : document, {
    runOnly: { type: 'tag', values: tags },
    elementRef: true,
    resultTypes: ['violations'],
  });
  const cardOf = (el: Element | undefined): HTMLElement | null => {
    for (let node: Node | null | undefined = el; node;) {
      if (node instanceof HTMLElement && node.dataset['testid'] === 'gallery-state') return node;
      node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
    }
    return null;
  };
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const card = cardOf(n.element);
      return `${card ? `${card.dataset['tag']} ${card.dataset['name']}` : 'page'}: axe ${v.id} (${v.help}) at ${JSON.stringify(n.target)}`;
    }),
  );
}
