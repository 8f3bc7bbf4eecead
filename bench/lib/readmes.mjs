/**
 * Every number a README quotes from the bench, spliced from bench/results.json between markers so that
 * none is typed by hand: README.md's `<!-- bench:start -->` block (summary and tables) and, in each
 * package README that quotes a size or a timing, a `<!-- bench:<name>:start -->` … `<!-- bench:<name>:end -->`
 * block. Each block is then printed as the repository's formatter prints it (Prettier), so a bench run
 * leaves `prettier --check` green, and `renderReadmes` is what the drift test compares with the files.
 *
 * @example
 *   const results = JSON.parse(await readFile('bench/results.json', 'utf8'));
 *   for (const [file, text] of await renderReadmes(results)) await writeFile(file, text);
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './bundle-size.mjs';
import { kb, ms, proxyLine, renderReadmeBlock } from './report.mjs';
import { ELEMENT_BUDGET, ELEMENTS } from './size-entries.mjs';

/** The README blocks: which file, which markers, and what goes between them. */
export const README_BLOCKS = [
  { file: 'README.md', start: '<!-- bench:start -->', end: '<!-- bench:end -->', render: renderReadmeBlock },
  ...[
    { file: 'packages/crypto-core/README.md', name: 'size-and-speed', render: coreSizeAndSpeed },
    { file: 'packages/elements/README.md', name: 'sizes', render: elementSizes },
    { file: 'packages/react-bindings/README.md', name: 'sizes', render: reactSizes },
    { file: 'packages/proxy/README.md', name: 'proxy', render: (results) => proxyLine(results.proxy) },
  ].map((block) => ({
    ...block,
    start: `<!-- bench:${block.name}:start -->`,
    end: `<!-- bench:${block.name}:end -->`,
  })),
];

/**
 * Each README with its blocks re-rendered from `results`, formatted: a Map from the repo-relative path to
 * the text (only the READMEs in `files`, when given). Throws when a README lacks its markers or `results`
 * lacks a number a block quotes.
 */
export async function renderReadmes(results, { root = REPO_ROOT, files } = {}) {
  const prettier = await import('prettier');
  const out = new Map();
  for (const block of README_BLOCKS) {
    if (files && !files.includes(block.file)) continue;
    const file = path.join(root, block.file);
    const text = out.get(block.file) ?? (await readFile(file, 'utf8'));
    const content = block.file === 'README.md' ? block.render(results) : wrap(block.render(results));
    // only the block is printed (a paragraph or a table prints the same alone as in its README): printing
    // every whole README took about 9 s of CPU in the drift test; the rest of the file is Prettier's already
    // (Prettier puts a blank line after the start marker, which closes its HTML block, and none before the end)
    const printed = await prettier.format(content, { ...(await prettier.resolveConfig(file)), filepath: file });
    out.set(block.file, splice(text, block, `\n${printed.trimEnd()}`));
  }
  return out;
}

/** Wraps prose at `width` columns, never inside a `code span`, as the READMEs are written. */
function wrap(text, width = 110) {
  const words = [];
  for (const word of text.split(' ')) {
    const last = words.at(-1);
    if (last !== undefined && (last.split('`').length - 1) % 2 === 1) words[words.length - 1] = `${last} ${word}`;
    else words.push(word);
  }
  const lines = [''];
  for (const word of words) {
    const line = lines.at(-1);
    if (line && line.length + 1 + word.length > width) lines.push(word);
    else lines[lines.length - 1] = line ? `${line} ${word}` : word;
  }
  return lines.join('\n');
}

function splice(text, { file, start, end }, content) {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} block`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

// ---- the package blocks --------------------------------------------------------------------------

function sizeRow(results, id) {
  const row = results.sizes?.rows?.find((r) => r.id === id);
  if (row?.ours?.status !== 'ok') throw new Error(`bench/results.json has no measured size row ${id}`);
  return row;
}

const size = (results, id) => kb(sizeRow(results, id).ours.gzip);

/** `packages/crypto-core/README.md`: the entry's size beside the peer's, and Chromium's medians. */
function coreSizeAndSpeed(results) {
  const core = sizeRow(results, 'core');
  const chromium = results.crypto?.engines?.chromium;
  if (chromium?.status !== 'ok') throw new Error('bench/results.json has no Chromium crypto timings');
  const op = (id) => {
    const found = chromium.ops.find((o) => o.id === id);
    if (!found) throw new Error(`bench/results.json has no Chromium timing ${id}`);
    return found;
  };
  const ids = ['sessionKey', 'stamp', 'otpSeal', 'exportOpen', 'otpLogin'];
  const [key, stamp, seal, open, login] = ids.map((id) => `${ms(op(id).ours.median)} ms`);
  const peer = ids.map((id) => ms(op(id).peer.median));
  return [
    `The whole entry is ${kb(core.ours.gzip)} minified and gzipped (budget ${kb(core.budget)}, checked by \`npm test\`), against ${kb(core.peer.gzip)}`,
    "for the peer's equivalent packages (`@turnkey/crypto` and the three stampers) measured the same way.",
    `Median client-side timings in headless ${chromium.version ?? 'Chromium'} (Firefox ESR and WebKitGTK in the root README):`,
    `session key ${key}, one stamp ${stamp}, OTP sealing ${seal}, export opening ${open}, a whole OTP login's`,
    `client work ${login} (the peer: ${peer.slice(0, -1).join(', ')} and ${peer.at(-1)} ms). Run ${results.meta.date.slice(0, 10)}; regenerate with \`npm run bench\`.`,
  ].join(' ');
}

/** `packages/elements/README.md`: each element alone (its budget), each with its client, the whole page. */
function elementSizes(results) {
  const alone = ELEMENTS.map((tag) => ({ tag, row: sizeRow(results, `element-alone:${tag}`) }));
  const withClient = ELEMENTS.map((tag) => ({ tag, row: sizeRow(results, `element:${tag}`) }));
  const page = sizeRow(results, 'page');
  const shares = ELEMENTS.map((_, i) => withClient[i].row.ours.gzip - alone[i].row.ours.gzip).sort((a, b) => a - b);
  const list = (rows) =>
    rows
      .map(
        ({ tag, row }) =>
          `\`<${tag}>\` ${kb(row.ours.gzip)}${row.ours.deferred ? ` (+ ${kb(row.ours.deferred.gzip)} loaded later with \`import()\`)` : ''}`,
      )
      .join(', ');
  return [
    'Sizes, min+gzip (esbuild, gzip -9; rows of `bench/results.md`, measured by the sizes part of',
    `\`npm run bench\`). Each element alone, with Lit and the parts of the core it imports (the`,
    `\`WalletClient\` a page passes in is not counted; code an element loads later with \`import()\` is named`,
    `beside it, not counted; budget ${kb(ELEMENT_BUDGET)} each, checked by \`npm test\`):`,
    `${list(alone)}. On a page, with the \`WalletClient\` and \`fetchTransport\` it needs and`,
    `\`setDefaultClient\`: ${list(withClient)}; all five with the client ${kb(page.ours.gzip)}, budget`,
    `${kb(page.budget)} (checked by \`npm test\`). The client's share is about ${kb(shares[Math.floor(shares.length / 2)])}.`,
  ].join(' ');
}

/** `packages/react-bindings/README.md`: the whole entry, a login page's imports, the bindings alone. */
function reactSizes(results) {
  return [
    "Sizes, min+gzip (esbuild with the bench's options, gzip -9, React external), counting the",
    '`WalletClient` and `fetchTransport` every page needs: the whole entry with all five elements, Lit and',
    `the parts of crypto-core they use ${size(results, 'react')}; \`PaykitProvider\` + \`useSession\` + \`PayOtpLogin\``,
    `with the client ${size(results, 'react-otp')}; the bindings alone (\`@paykit/*\` external, \`@lit/react\``,
    `included) ${size(results, 'react-alone')} (rows of \`bench/results.md\`).`,
  ].join(' ');
}
