#!/usr/bin/env node
/**
 * `npm run shots`: a PNG of every gallery state (/gallery) at 390 and 1280 px wide, light and dark, in
 * Debian's Chromium driven by playwright-core (no browser download), into `shots/chromium/<width>-<theme>/
 * <element>--<state>.png` (git-ignored). Starts the demo in this process on a free port, like the e2e run.
 * Prints where the files went and the states the gallery could not reach.
 *
 * Env: SHOTS_DIR (default ./shots), SHOTS_ONLY=pay-card,pay-sessions (some elements only), SHOTS_LANG=fr.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@paykit/test-harness/debian-browsers';

await import('./register.mjs');
const { startDemo } = await import('../server/index.ts');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outRoot = path.resolve(process.env.SHOTS_DIR ?? path.join(root, 'shots'));
const WIDTHS = [390, 1280];
const THEMES = ['light', 'dark'];

const buildDir = mkdtempSync(path.join(tmpdir(), 'paykit-shots-'));
const demo = await startDemo({ port: 0, outDir: buildDir, log: () => undefined });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS, '--force-prefers-reduced-motion'],
});
let files = 0;
const missed = new Set();
try {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: theme });
      const query = new URLSearchParams({ theme, width: 'full', lang: process.env.SHOTS_LANG ?? 'en' });
      if (process.env.SHOTS_ONLY) query.set('only', process.env.SHOTS_ONLY);
      await page.goto(`${demo.url}gallery?${query}`);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 180_000 });
      const dir = path.join(outRoot, 'chromium', `${width}-${theme}`);
      mkdirSync(dir, { recursive: true });
      const cards = await page.$$('[data-testid="gallery-state"]');
      for (const card of cards) {
        const [tag, name, reached] = await card.evaluate((el) => [el.dataset.tag, el.dataset.name, el.dataset.reached]);
        if (reached !== 'yes') missed.add(`${tag} ${name}`);
        await card.screenshot({ path: path.join(dir, `${tag}--${name}.png`), animations: 'disabled' });
        files++;
      }
      await page.close();
      console.log(
        `shots: ${cards.length} states at ${width} px, ${theme} → ${path.relative(process.cwd(), dir) || '.'}`,
      );
    }
  }
} finally {
  await browser.close();
  await demo.close();
  rmSync(buildDir, { recursive: true, force: true });
}
console.log(`shots: ${files} PNGs in ${outRoot}`);
if (missed.size)
  console.log(`shots: states the gallery could not reach (their cards say why): ${[...missed].join(', ')}`);
