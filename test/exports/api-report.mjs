#!/usr/bin/env node
/**
 * The API report of every published package: `test/exports/<package>.api.md`, committed, so that any
 * change to a public name, a signature or an element's attribute, event, slot or part is a diff to
 * review (what `@microsoft/api-extractor`'s report does, for all of a package's entries at once, in
 * well under a second instead of seconds per entry).
 *
 * Each report lists every entry of the package's `exports` map (wildcards expanded) with the names it
 * exports, `value` (a runtime export) or `type` (type-only); then the declarations of those names as
 * `tsc` emitted them in `dist/**.d.ts`, comments and private members left out, grouped by the file that
 * declares them, with the unexported declarations a public signature refers to and the `declare global`
 * augmentations; for `@paykit/elements`, each custom element's tag, attributes, properties, methods,
 * events, slots, CSS parts, custom properties and states from the committed `custom-elements.json`.
 *
 * It reads the emitted declarations, so it runs after `tsc -b`: in `npm test` it is the second command
 * of the typecheck stage. It only parses and binds (no type checking): about half a second of CPU.
 *
 * @example
 *   node test/exports/api-report.mjs                                  check (fails with the diff)
 *   npm run typecheck && PAYKIT_UPDATE_EXPORTS=1 node test/exports/api-report.mjs    rewrite after a deliberate change
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts } from '@paykit/test-harness/typescript';

export const PACKAGES = ['crypto-core', 'elements', 'react-bindings', 'proxy', 'sandbox'];
export const UPDATE_COMMAND = 'npm run typecheck && PAYKIT_UPDATE_EXPORTS=1 node test/exports/api-report.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The entries of a package's exports map as `{ specifier, file }`, `file` the absolute path of the
 * `.d.ts` its `types` condition names (a wildcard gives one entry per file it matches).
 */
export function packageEntries(packageDir) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const list = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target === 'string') continue; // a data file (custom-elements.json), not a module
    const types = target.types;
    if (!types) throw new Error(`${pkg.name} ${subpath}: no types condition`);
    const specifier = (s) => (s === '.' ? pkg.name : `${pkg.name}/${s.slice(2)}`);
    if (!subpath.includes('*')) {
      list.push({ specifier: specifier(subpath), file: path.join(packageDir, types) });
      continue;
    }
    const [before, after] = types.split('*');
    const dir = before.slice(0, before.lastIndexOf('/') + 1);
    const prefix = before.slice(dir.length);
    const absDir = path.join(packageDir, dir);
    if (!existsSync(absDir)) throw new Error(`${pkg.name} ${subpath}: ${absDir} is missing (run npm run typecheck)`);
    for (const file of readdirSync(absDir).sort()) {
      if (!file.startsWith(prefix) || !file.endsWith(after)) continue;
      const stem = file.slice(prefix.length, -after.length);
      list.push({ specifier: specifier(subpath.replace('*', stem)), file: path.join(absDir, file) });
    }
  }
  return { name: pkg.name, entries: list };
}

/** True when the alias chain from `symbol` passes a type-only import or export. */
function typeOnlyAlias(checker, symbol) {
  let current = symbol;
  for (let hops = 0; hops < 20 && current.flags & ts.SymbolFlags.Alias; hops++) {
    for (const d of current.declarations ?? []) {
      if (ts.isTypeOnlyImportOrExportDeclaration?.(d)) return true;
      if ((ts.isExportSpecifier(d) || ts.isImportSpecifier(d)) && (d.isTypeOnly || d.parent.parent.isTypeOnly))
        return true;
      if (ts.isImportClause(d) && d.isTypeOnly) return true;
    }
    const next = checker.getImmediateAliasedSymbol(current);
    if (!next || next === current) break;
    current = next;
  }
  return false;
}

/** The statement directly under the source file that holds `node`. */
function topStatement(node) {
  let current = node;
  while (current.parent && !ts.isSourceFile(current.parent)) current = current.parent;
  return current;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** A class without its private members (`private x;`, `#private;`): they are not part of what callers use. */
function withoutPrivates(statement) {
  if (!ts.isClassDeclaration(statement)) return statement;
  const members = statement.members.filter(
    (m) => !(m.name && ts.isPrivateIdentifier(m.name)) && !(ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Private),
  );
  if (members.length === statement.members.length) return statement;
  return ts.factory.updateClassDeclaration(
    statement,
    statement.modifiers,
    statement.name,
    statement.typeParameters,
    statement.heritageClauses,
    members,
  );
}

/** Every identifier under `node` (type references, heritage clauses, `typeof x`). */
function identifiers(node, out = []) {
  if (ts.isIdentifier(node)) out.push(node);
  node.forEachChild((child) => {
    identifiers(child, out); // a callback that returns a value would stop forEachChild
  });
  return out;
}

/** One program over the entry declarations of `packageDirs`: parsed and bound, never type checked. */
export function declarationsProgram(packageDirs) {
  const files = packageDirs.flatMap((dir) => packageEntries(dir).entries.map((entry) => entry.file));
  for (const file of files) {
    if (!existsSync(file)) throw new Error(`${file} is missing (run npm run typecheck)`);
  }
  const options = {
    noLib: true,
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseNone; // comments are not API
  // only the packages' own declarations: what a signature names from a dependency (lit, React, csstype)
  // is printed by name, and parsing those would be most of the cost
  host.resolveModuleNameLiterals = (literals, containingFile, redirect, compilerOptions, containing) =>
    literals.map((literal) => {
      const mode = ts.getModeForUsageLocation(containing, literal, compilerOptions);
      const { resolvedModule } = ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        undefined,
        redirect,
        mode,
      );
      const inPackages =
        resolvedModule && !resolvedModule.resolvedFileName.includes(`${path.sep}node_modules${path.sep}`);
      return { resolvedModule: inPackages ? resolvedModule : undefined };
    });
  return ts.createProgram({ rootNames: files, options, host });
}

/**
 * The leading `//` comment of the source a declaration file was emitted from, when that source is
 * generated (`// Generated by …`) and its header carries a `sha256` of what it declares: such a file
 * (service-api.ts, thousands of lines from the OpenAPI) is reported by its header, whose hashes change
 * with it, and reviewed in its own diff. A generated file without a hash (the React wrappers) is
 * reported by its declarations, like any other.
 */
function generatedHeader(packageDir, declarationFile) {
  const source = path.join(packageDir, declarationFile.replace(/^dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
  if (!existsSync(source)) return undefined;
  const text = readFileSync(source, 'utf8');
  if (!text.startsWith('// Generated by ')) return undefined;
  const lines = text.split('\n');
  const header = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('//')),
  );
  return header.some((line) => /\bsha256\b/.test(line)) ? header.join('\n') : undefined;
}

/**
 * The API report of one package directory, as Markdown. `manifestFile`, when given, adds the
 * custom elements section read from that custom-elements.json.
 */
export function packageReport(packageDir, { manifestFile, program = declarationsProgram([packageDir]) } = {}) {
  const { name, entries } = packageEntries(packageDir);
  const checker = program.getTypeChecker();
  const ownDir = path.resolve(packageDir) + path.sep;
  const own = (sourceFile) =>
    path.resolve(sourceFile.fileName).startsWith(ownDir) && !sourceFile.fileName.includes('/node_modules/');
  const rel = (sourceFile) => path.relative(packageDir, sourceFile.fileName).split(path.sep).join('/');

  /** statement -> { exported: boolean } */
  const statements = new Map();
  const queue = [];
  const addSymbol = (symbol, exported) => {
    for (const declaration of symbol.declarations ?? []) {
      const sourceFile = declaration.getSourceFile();
      if (!own(sourceFile)) continue;
      const statement = topStatement(declaration);
      if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) continue;
      const known = statements.get(statement);
      if (known) {
        known.exported ||= exported;
        continue;
      }
      statements.set(statement, { exported });
      queue.push(statement);
    }
  };

  const entryBlocks = [];
  for (const entry of entries) {
    const sourceFile = program.getSourceFile(entry.file);
    const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    const lines = [entry.specifier];
    const rows = [];
    for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const value = !typeOnlyAlias(checker, symbol) && (target.flags & ts.SymbolFlags.Value) !== 0;
      const declaredIn = target.declarations?.[0]?.getSourceFile();
      const from = declaredIn && own(declaredIn) ? rel(declaredIn) : (declaredIn?.fileName ?? '?');
      const renamed = target.name !== symbol.name && target.name !== 'default' ? ` = ${target.name}` : '';
      rows.push({ kind: value ? 'value' : 'type', name: symbol.name, where: `${renamed}  (${from})` });
      addSymbol(target, true);
    }
    rows.sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : 1) : a.kind === 'value' ? -1 : 1));
    const width = Math.max(0, ...rows.map((r) => r.name.length));
    for (const r of rows) lines.push(`  ${r.kind.padEnd(5)} ${r.name.padEnd(width)}${r.where}`.trimEnd());
    entryBlocks.push(lines.join('\n'));
  }

  // the unexported declarations that public ones refer to, and what the package adds to the globals
  for (const sourceFile of program.getSourceFiles()) {
    if (!own(sourceFile)) continue;
    for (const statement of sourceFile.statements) {
      if (ts.isModuleDeclaration(statement) && statement.flags & ts.NodeFlags.GlobalAugmentation) {
        statements.set(statement, { exported: true });
        queue.push(statement);
      }
    }
  }
  while (queue.length > 0) {
    const statement = queue.shift();
    for (const id of identifiers(statement)) {
      const parent = id.parent;
      const typePosition =
        ts.isTypeReferenceNode(parent) ||
        ts.isExpressionWithTypeArguments(parent) ||
        ts.isTypeQueryNode(parent) ||
        ts.isQualifiedName(parent);
      if (!typePosition) continue;
      let symbol = checker.getSymbolAtLocation(id);
      if (!symbol) continue;
      if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      addSymbol(symbol, false);
    }
  }

  const byFile = new Map();
  for (const [statement, { exported }] of statements) {
    const sourceFile = statement.getSourceFile();
    const file = rel(sourceFile);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push({ statement, exported, sourceFile });
  }
  const fileBlocks = [...byFile.keys()].sort().map((file) => {
    const generated = generatedHeader(packageDir, file);
    if (generated) {
      return `### ${file}\n\nGenerated; its header names what it is made of and the hash of its declarations:\n\n\`\`\`text\n${generated}\n\`\`\``;
    }
    const items = byFile.get(file).sort((a, b) => a.statement.pos - b.statement.pos);
    const text = items
      .map(({ statement, exported, sourceFile }) => {
        const printed = printer.printNode(ts.EmitHint.Unspecified, withoutPrivates(statement), sourceFile);
        return exported ? printed : `// not exported by an entry; a public declaration uses it\n${printed}`;
      })
      .join('\n');
    return `### ${file}\n\n\`\`\`ts\n${text}\n\`\`\``;
  });

  const sections = [
    `# ${name}: API report`,
    'Generated by `test/exports/api-report.mjs` from the `.d.ts` files `tsc -b` emits; `npm test` requires it to be ' +
      'current (typecheck stage). Review its diff like code; after a deliberate change to the public surface, ' +
      `regenerate it with \`${UPDATE_COMMAND}\`.`,
    '## Entries\n\n`value`: a runtime export; `type`: type-only. Then the file that declares it.',
    `\`\`\`text\n${entryBlocks.join('\n\n')}\n\`\`\``,
    '## Declarations',
    ...fileBlocks,
  ];
  if (manifestFile) sections.push('## Custom elements', ...customElementsReport(manifestFile));
  return `${sections.join('\n\n')}\n`;
}

/** Each custom element of a manifest, one fact a line (descriptions are docs, not API). */
export function customElementsReport(manifestFile) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const declarations = manifest.modules.flatMap((mod) =>
    (mod.declarations ?? []).map((declaration) => ({ ...declaration, module: mod.path })),
  );
  const definitions = manifest.modules.flatMap((mod) =>
    (mod.exports ?? [])
      .filter((e) => e.kind === 'custom-element-definition')
      .map((e) => `${mod.path} defines <${e.name}>`),
  );
  const type = (item) => (item.type?.text ? `: ${item.type.text}` : '');
  const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const blocks = declarations
    .filter((d) => d.customElement && d.tagName)
    .sort((a, b) => (a.tagName < b.tagName ? -1 : 1))
    .map((element) => {
      const lines = [`<${element.tagName}>  class ${element.name}  (${element.module})`];
      if (element.superclass) lines.push(`  extends    ${element.superclass.name}`);
      for (const a of [...(element.attributes ?? [])].sort(byName)) {
        const field = a.fieldName && a.fieldName !== a.name ? ` -> ${a.fieldName}` : '';
        const fallback = a.default !== undefined ? ` = ${a.default}` : '';
        lines.push(`  attribute  ${a.name}${field}${type(a)}${fallback}`);
      }
      for (const m of [...(element.members ?? [])].sort(byName)) {
        if (m.kind === 'method') {
          const params = (m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}${type(p)}`).join(', ');
          const returns = m.return?.type?.text ? `: ${m.return.type.text}` : '';
          lines.push(`  method     ${m.static ? 'static ' : ''}${m.name}(${params})${returns}`);
        } else {
          const flags = [m.static && 'static', m.readonly && 'readonly'].filter(Boolean).join(' ');
          const attribute = m.attribute ? `  [attribute ${m.attribute}${m.reflects ? ', reflects' : ''}]` : '';
          const fallback = m.default !== undefined ? ` = ${m.default}` : '';
          lines.push(`  property   ${flags ? `${flags} ` : ''}${m.name}${type(m)}${fallback}${attribute}`);
        }
      }
      for (const e of [...(element.events ?? [])].sort(byName)) lines.push(`  event      ${e.name}${type(e)}`);
      for (const s of [...(element.slots ?? [])].sort(byName)) lines.push(`  slot       ${s.name || '(default)'}`);
      for (const p of [...(element.cssParts ?? [])].sort(byName)) lines.push(`  csspart    ${p.name}`);
      for (const p of [...(element.cssProperties ?? [])].sort(byName)) {
        lines.push(`  cssprop    ${p.name}${p.default !== undefined ? ` = ${p.default}` : ''}`);
      }
      for (const s of [...(element.cssStates ?? [])].sort(byName)) lines.push(`  cssstate   ${s.name}`);
      return lines.join('\n');
    });
  return [
    'From the committed `custom-elements.json` (kept current by `packages/elements/test/manifest.node.test.ts`).',
    `\`\`\`text\n${[...blocks, definitions.sort().join('\n')].filter(Boolean).join('\n\n')}\n\`\`\``,
  ];
}

/**
 * The committed reports' entries: specifier → the names it exports (values and types). What the
 * changelog test checks migration snippets against.
 */
export function publicNames({ root = repoRoot, packages = PACKAGES, reportsDir } = {}) {
  const names = new Map();
  for (const name of packages) {
    const report = readFileSync(path.join(reportsDir ?? path.join(root, 'test/exports'), `${name}.api.md`), 'utf8');
    const entries = report.split(/^## /m).find((section) => section.startsWith('Entries')) ?? '';
    let current;
    for (const line of entries.split('\n')) {
      if (/^@\S+$/.test(line)) names.set(line, (current = new Set()));
      else if (current && /^ {2}(value|type) +\S/.test(line)) current.add(line.trim().split(/\s+/)[1]);
    }
  }
  return names;
}

/** Myers' shortest edit script from `a` to `b`, as `[' ' | '-' | '+', line]` (removals first). */
function shortestEdit(a, b) {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max > 200_000) return [...a.map((l) => ['-', l]), ...b.map((l) => ['+', l])];
  const v = new Int32Array(2 * max + 2);
  const trace = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + k - 1] < v[max + k + 1]) ? v[max + k + 1] : v[max + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) (x++, y++);
      v[max + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace, max);
    }
  }
  return [];
}

function backtrack(a, b, trace, max) {
  const ops = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[max + k - 1] < v[max + k + 1]) ? k + 1 : k - 1;
    const prevX = v[max + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) (ops.push([' ', a[--x]]), y--);
    if (d > 0) ops.push(x === prevX ? ['+', b[--y]] : ['-', a[--x]]);
  }
  return ops.reverse();
}

/** A line diff of two texts, `-`/`+` lines with 2 lines of context around each change. */
export function lineDiff(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) (endA--, endB--);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const ops = shortestEdit(midA, midB); // [' ' | '-' | '+', line][]
  const all = [...a.slice(Math.max(0, start - 2), start).map((l) => [' ', l]), ...ops];
  all.push(...a.slice(endA, endA + 2).map((l) => [' ', l]));
  const keep = all.map((op, index) => all.slice(Math.max(0, index - 2), index + 3).some(([kind]) => kind !== ' '));
  const out = [`@@ line ${Math.max(1, start - 1)} @@`];
  all.forEach(([kind, line], index) => {
    if (keep[index]) out.push(`${kind} ${line}`);
    else if (keep[index - 1]) out.push('  …');
  });
  return out.join('\n');
}

/** The report of each package: `{ file, text }` with `file` where it is committed. */
export function currentReports({ root = repoRoot, packages = PACKAGES, reportsDir } = {}) {
  const dir = reportsDir ?? path.join(root, 'test/exports');
  const packageDirs = packages.map((name) => path.join(root, 'packages', name));
  const program = declarationsProgram(packageDirs);
  return packages.map((name, index) => {
    const packageDir = packageDirs[index];
    const manifest = path.join(packageDir, 'custom-elements.json');
    const text = packageReport(packageDir, { program, ...(existsSync(manifest) ? { manifestFile: manifest } : {}) });
    return { file: path.join(dir, `${name}.api.md`), text };
  });
}

/**
 * Compares each package's report with the committed one (or writes them, `update`). Returns the
 * problems: one readable message per report that differs, with its diff and the command that updates it.
 */
export function checkReports({ update = false, ...options } = {}) {
  const problems = [];
  for (const { file, text } of currentReports(options)) {
    if (update) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
      continue;
    }
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (committed === text) continue;
    problems.push(
      `${path.relative(options.root ?? repoRoot, file)} differs from the public surface the package has now ` +
        `(- committed, + now):\n${lineDiff(committed, text)}\n` +
        `If the change is deliberate, update the report and commit it: ${UPDATE_COMMAND}`,
    );
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = process.cpuUsage();
  const update = Boolean(process.env.PAYKIT_UPDATE_EXPORTS);
  const problems = checkReports({ update });
  const cpu = process.cpuUsage(started);
  const seconds = ((cpu.user + cpu.system) / 1e6).toFixed(2);
  if (problems.length > 0) {
    console.error(`${problems.join('\n\n')}\n`);
    console.error(`API reports: ${problems.length} of ${PACKAGES.length} differ (${seconds} s CPU).`);
    process.exit(1);
  }
  console.log(`API reports: ${update ? 'written' : 'current'}, ${PACKAGES.length} packages (${seconds} s CPU).`);
}
