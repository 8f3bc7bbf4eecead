/**
 * The sandbox's card details page (what `<pay-card-reveal>` frames) laid out by a real engine: the number
 * never breaks inside a four-digit group at 320 px, the copy buttons line up, "Copied" is shown and
 * announced, and a live language switch from the framing page reaches it.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { cardPage } from '../src/money/pan-page.js';

const CARD = { pan: '4000001234567899', cvv: '123', expiryMonth: 7, expiryYear: 2031 };

async function framed(width: number): Promise<{ frame: HTMLIFrameElement; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `width: ${width}px; height: 400px; border: 0`;
  // the same document the PAN origin serves; srcdoc keeps it reachable from the test (same origin)
  frame.srcdoc = cardPage('test', CARD);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return { frame, doc: frame.contentDocument! };
}

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check(), what).to.equal(true);
};

describe('sandbox card details page', () => {
  it('keeps each four-digit group of the number on one line at 320 px and narrower, copies aligned', async () => {
    for (const width of [320, 240]) {
      const { frame, doc } = await framed(width);
      try {
        const groups = [...doc.querySelectorAll<HTMLElement>('#pan .group')];
        expect(groups.map((g) => g.textContent)).to.deep.equal(['4000', '0012', '3456', '7899']);
        for (const group of groups)
          expect(group.getClientRects().length, `${group.textContent} at ${width}`).to.equal(1);
        const root = doc.documentElement;
        expect(root.scrollWidth, `no horizontal overflow at ${width}`).to.be.at.most(root.clientWidth);
        const buttons = [...doc.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        expect(buttons).to.have.length(3);
        expect(new Set(buttons.map((b) => Math.round(b.right))).size, 'copy buttons share one column').to.equal(1);
        for (const b of buttons) expect(b.height, 'touch target').to.be.at.least(44);
      } finally {
        frame.remove();
      }
    }
  });

  it('follows a language switch posted by the framing page, and says "Copied" in that language', async () => {
    const { frame, doc } = await framed(360);
    try {
      const copy = doc.querySelector<HTMLButtonElement>('button[data-field="number"]')!;
      expect(copy.textContent).to.equal('Copy');
      expect(copy.getAttribute('aria-label')).to.equal('Copy: Card number');
      frame.contentWindow!.postMessage({ type: 'pay-card-frame-view', view: 'lang=fr-CA&theme=dark' }, '*');
      await until(() => copy.textContent === 'Copier', 'the French words');
      expect(doc.documentElement.lang).to.equal('fr');
      expect(doc.documentElement.style.colorScheme).to.equal('dark');
      expect(doc.querySelector('[data-word="number"]')!.textContent).to.equal('Numéro de carte');

      const copied: string[] = [];
      Object.defineProperty(frame.contentWindow!.navigator, 'clipboard', {
        value: { writeText: async (text: string) => void copied.push(text) },
      });
      copy.click();
      await until(() => copy.textContent === 'Copié', '"Copied" on the button');
      expect(copied).to.deep.equal(['4000001234567899']);
      expect(copy.getAttribute('aria-label')).to.equal('Copié: Numéro de carte');
      expect(doc.getElementById('status')!.textContent, 'announced').to.equal('Copié: Numéro de carte');
      const edges = [...doc.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
      expect(
        new Set(edges.map((b) => `${Math.round(b.left)} ${Math.round(b.right)}`)).size,
        'one column, one width',
      ).to.equal(1);
    } finally {
      frame.remove();
    }
  });
});
