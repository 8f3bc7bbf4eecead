/**
 * The quick starts of the READMEs, read from the markdown itself so that the tested code is the
 * documented code (there is no second copy). A quick-start block is a fenced block right after a marker
 * line naming how it runs:
 *
 *   <!-- adopters: sandbox -->               a shell command that starts the sandbox (`npx @paykit/sandbox`)
 *   <!-- adopters: node quickstart.mjs -->   a Node ESM script that must finish and exit by itself
 *   <!-- adopters: backend server.mjs -->    a Node server that keeps running (the platform's backend)
 *   <!-- adopters: page elements/main.js --> a file of a browser page (index.html, vite.config.js, main.js…)
 *   <!-- adopters: page vue/index.html svelte/index.html -->   one block, the same file of several pages
 *
 * @example
 *   const snippets = readSnippets(['README.md', 'packages/proxy/README.md']);
 */
import { readFileSync } from 'node:fs';

export const RUNNERS = ['sandbox', 'node', 'backend', 'page'];
const MARKER = /^<!-- adopters: (\S+)((?: \S+)*) -->\s*$/;

/**
 * Every marked block of the given README files: `{ readme, line, runner, file, lang, code }`. A marker
 * with an unknown runner, without a file where one is needed, or not followed by a fence is an error:
 * a typo must not silently drop a quick start from the test.
 */
export function readSnippets(readmes) {
  const snippets = [];
  for (const readme of readmes) {
    const lines = readFileSync(readme, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const marker = MARKER.exec(lines[i]);
      if (!marker) continue;
      const [, runner, fileList] = marker;
      const files = fileList.trim() ? fileList.trim().split(' ') : [undefined];
      const where = `${readme}:${i + 1}`;
      if (!RUNNERS.includes(runner)) throw new Error(`${where}: unknown quick-start runner "${runner}"`);
      if (runner !== 'sandbox' && !files[0]) throw new Error(`${where}: the "${runner}" runner needs a file name`);
      // the formatter puts one blank line between the marker and the fence
      let open = i + 1;
      while (lines[open]?.trim() === '') open++;
      const fence = /^(```+)(\w*)\s*$/.exec(lines[open] ?? '');
      if (!fence) throw new Error(`${where}: the marker must be followed by a fenced code block`);
      const end = lines.findIndex((line, j) => j > open && line.startsWith(fence[1]));
      if (end < 0) throw new Error(`${where}: the code block is not closed`);
      for (const file of files)
        snippets.push({
          readme,
          line: i + 1,
          runner,
          file,
          lang: fence[2],
          code: lines.slice(open + 1, end).join('\n') + '\n',
        });
      i = end;
    }
  }
  return snippets;
}
