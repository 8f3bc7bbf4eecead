#!/usr/bin/env node
/**
 * `npm run shots:demo`: a PNG of every step of the demo's walkthrough at 390 and 1280 px, light and dark,
 * in English and French, in Debian's Chromium (playwright-core, no browser download), into
 * `shots/demo/<width>-<theme>-<lang>/<nn>-<step>.png` (git-ignored). Each combination signs up its own US
 * customer, signs in with the email code and then opens each step from the sidebar.
 *
 * Env: SHOTS_DIR (default ./shots), SHOTS_LANGS=en,fr, SHOTS_WIDTHS=390,1280, SHOTS_THEMES=light,dark.
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
const outRoot = path.resolve(process.env.SHOTS_DIR ?? path.join(root, 'shots'), 'demo');
const list = (value, fallback) => (value ? value.split(',') : fallback);
const LANGS = list(process.env.SHOTS_LANGS, ['en', 'fr']);
const WIDTHS = list(process.env.SHOTS_WIDTHS, ['390', '1280']).map(Number);
const THEMES = list(process.env.SHOTS_THEMES, ['light', 'dark']);

const buildDir = mkdtempSync(path.join(tmpdir(), 'paykit-demo-shots-'));
const demo = await startDemo({ port: 0, outDir: buildDir, log: () => undefined });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS, '--force-prefers-reduced-motion'],
});
let files = 0;
try {
  for (const lang of LANGS)
    for (const theme of THEMES)
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 844 }, colorScheme: theme });
        const dir = path.join(outRoot, `${width}-${theme}-${lang}`);
        mkdirSync(dir, { recursive: true });
        const shot = async (name) => {
          await page.waitForTimeout(300); // the elements' first render and the toasts' entry
          await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
          files++;
        };
        await page.goto(`${demo.url}?lang=${lang}`);
        await page.waitForSelector('html[data-ready="true"]');
        await shot('00-start');
        await page.fill('#signup-email', `shots.${Date.now().toString(36)}@example.com`);
        await page.fill('#signup-name', 'Alex Morgan');
        await page.click('[data-testid="signup-submit"]');
        await page.waitForSelector('[data-testid="signin"] input[type="email"]');
        await page.click('[data-testid="signin"] >> [part~="continue-button"]');
        await page.fill('[data-testid="signin"] input[autocomplete="one-time-code"]', '000000');
        await page.waitForSelector('[data-testid="signed-in"]');
        await page.evaluate(() => document.querySelector('[data-slot="toasts"]')?.replaceChildren());
        const steps = await page.$$eval('[data-slot="steps"] a', (links) =>
          links.map((a) => a.getAttribute('href').slice(1)),
        );
        for (const [index, step] of steps.entries()) {
          await page.evaluate((id) => (location.hash = id), step);
          await page.waitForSelector(`[data-testid="panel-${step}"]`);
          await shot(`${String(index + 1).padStart(2, '0')}-${step}`);
        }
        await page.close();
        console.log(
          `shots: ${steps.length + 1} screens at ${width} px, ${theme}, ${lang} → ${path.relative(process.cwd(), dir)}`,
        );
      }
} finally {
  await browser.close();
  await demo.close();
  rmSync(buildDir, { recursive: true, force: true });
}
console.log(`shots: ${files} PNGs in ${outRoot}`);
