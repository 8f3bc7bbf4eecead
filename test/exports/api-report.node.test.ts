/**
 * The API report check (api-report.mjs, run by `npm test` after `tsc -b`) fails, with a readable diff
 * and the command that updates the report, when a public signature, an export, an unexported type a
 * public signature uses, or an element's attribute or event changes; and stays quiet for what is not
 * API (doc comments, private members). It runs on a small package in a temporary folder, emitted
 * declarations and manifest included, so it needs no build.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'test/exports/api-report.node.test.ts'
 */
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkReports, lineDiff, UPDATE_COMMAND } from './api-report.mjs';
import { after, before, describe, it } from '@paykit/test-harness/suite';

const INDEX = `import type { Options } from './options.js';
/** Pays. */
export declare function pay(amount: string, options?: Options): Promise<void>;
export { Widget } from './widget.js';
export type { Receipt } from './options.js';
`;
const OPTIONS = `interface Limits {
    max: number;
}
export interface Options {
    limits?: Limits;
}
export interface Receipt {
    id: string;
}
`;
const WIDGET = `export declare class Widget extends HTMLElement {
    #private;
    private secret;
    label: string;
    open(): void;
}
declare global {
    interface HTMLElementTagNameMap {
        'x-widget': Widget;
    }
}
`;
const MANIFEST = {
  schemaVersion: '1.0.0',
  modules: [
    {
      kind: 'javascript-module',
      path: 'src/widget.ts',
      declarations: [
        {
          kind: 'class',
          name: 'Widget',
          tagName: 'x-widget',
          customElement: true,
          attributes: [{ name: 'label', fieldName: 'label', type: { text: 'string' } }],
          members: [{ kind: 'field', name: 'label', type: { text: 'string' }, attribute: 'label' }],
          events: [{ name: 'x-opened', type: { text: 'Event' } }],
          slots: [{ name: '' }],
          cssParts: [{ name: 'base' }],
        },
      ],
    },
  ],
};

describe('API report check', () => {
  let root = '';
  const pkg = (file: string): string => path.join(root, 'packages/fixture', file);
  const write = (file: string, text: string): void => writeFileSync(pkg(file), text);
  const edit = (file: string, from: string, to: string): void => {
    const text = readFileSync(pkg(file), 'utf8');
    expect(text, `fixture ${file} has ${from}`).to.include(from);
    write(file, text.replace(from, to));
  };
  const check = (): string[] => checkReports({ root, packages: ['fixture'] });

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'paykit-api-report-'));
    mkdirSync(pkg('dist'), { recursive: true });
    mkdirSync(path.join(root, 'test/exports'), { recursive: true });
    const exportsMap = { '.': { types: './dist/index.d.ts', default: './dist/index.js' } };
    write('package.json', JSON.stringify({ name: '@fixture/pkg', exports: exportsMap }));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const reset = (): void => {
    write('dist/index.d.ts', INDEX);
    write('dist/options.d.ts', OPTIONS);
    write('dist/widget.d.ts', WIDGET);
    write('custom-elements.json', JSON.stringify(MANIFEST));
    expect(checkReports({ root, packages: ['fixture'], update: true })).to.deep.equal([]);
    expect(check(), 'a report just written is current').to.deep.equal([]);
  };

  it('reports every export with its signature, the unexported types they use, globals and elements', () => {
    reset();
    const report = readFileSync(path.join(root, 'test/exports/fixture.api.md'), 'utf8');
    for (const fact of [
      /^ {2}value pay +\(dist\/index\.d\.ts\)$/m,
      /^ {2}value Widget +\(dist\/widget\.d\.ts\)$/m,
      /^ {2}type {2}Receipt +\(dist\/options\.d\.ts\)$/m,
      'export declare function pay(amount: string, options?: Options): Promise<void>;',
      '// not exported by an entry; a public declaration uses it\ninterface Limits {',
      "'x-widget': Widget;",
      'attribute  label: string',
      'event      x-opened: Event',
      'csspart    base',
      'slot       (default)',
    ]) {
      if (typeof fact === 'string') expect(report).to.include(fact);
      else expect(report).to.match(fact);
    }
    expect(report, 'no doc comment').not.to.include('Pays.');
    expect(report, 'no private member').not.to.match(/secret|#private/);
  });

  it('fails with a diff and the update command when a signature changes', () => {
    reset();
    edit('dist/index.d.ts', 'pay(amount: string,', 'pay(amount: number,');
    const problems = check();
    expect(problems).to.have.length(1);
    const [problem] = problems as [string];
    expect(problem).to.include('test/exports/fixture.api.md differs');
    expect(problem).to.include('- export declare function pay(amount: string, options?: Options): Promise<void>;');
    expect(problem).to.include('+ export declare function pay(amount: number, options?: Options): Promise<void>;');
    expect(problem).to.include(UPDATE_COMMAND);
    expect(UPDATE_COMMAND).to.include('PAYKIT_UPDATE_EXPORTS=1');
  });

  it('fails when an export goes, or an unexported type a signature uses changes', () => {
    reset();
    edit('dist/index.d.ts', "export type { Receipt } from './options.js';\n", '');
    expect(check().join('\n')).to.match(/^- {3}type {2}Receipt/m);
    reset();
    edit('dist/options.d.ts', 'max: number;', 'max: bigint;');
    expect(check().join('\n')).to.include('+     max: bigint;');
  });

  it('fails when an element attribute or event changes', () => {
    reset();
    const renamed = structuredClone(MANIFEST);
    const widget = renamed.modules[0]!.declarations[0]!;
    widget.attributes[0]!.name = 'caption';
    widget.events[0]!.name = 'x-shown';
    write('custom-elements.json', JSON.stringify(renamed));
    const diff = check().join('\n');
    expect(diff).to.include('-   attribute  label: string');
    expect(diff).to.include('+   attribute  caption -> label: string');
    expect(diff).to.include('-   event      x-opened: Event');
    expect(diff).to.include('+   event      x-shown: Event');
  });

  it('ignores what is not API: doc comments and private members', () => {
    reset();
    edit('dist/index.d.ts', '/** Pays. */', '/** Pays, now documented differently. */');
    edit('dist/widget.d.ts', 'private secret;', 'private otherSecret;');
    expect(check()).to.deep.equal([]);
  });

  it('reports a generated file by its header, so a regenerated file shows as a changed hash', () => {
    reset();
    mkdirSync(pkg('src'), { recursive: true });
    write(
      'src/generated.ts',
      '// Generated by a tool: do not edit.\n// body sha256 aaa\nexport interface Huge { a: string }\n',
    );
    write('dist/generated.d.ts', 'export interface Huge {\n    a: string;\n}\n');
    edit(
      'dist/options.d.ts',
      'interface Limits {',
      "import type { Huge } from './generated.js';\ninterface Limits {\n    huge: Huge;",
    );
    expect(checkReports({ root, packages: ['fixture'], update: true })).to.deep.equal([]);
    const report = readFileSync(path.join(root, 'test/exports/fixture.api.md'), 'utf8');
    expect(report).to.include('### dist/generated.d.ts');
    expect(report).to.include('// body sha256 aaa');
    expect(report, 'not its declarations').not.to.include('export interface Huge');
    write(
      'src/generated.ts',
      '// Generated by a tool: do not edit.\n// body sha256 bbb\nexport interface Huge { a: number }\n',
    );
    expect(check().join('\n')).to.include('+ // body sha256 bbb');
  });

  it('reports a generated file without a hash of its declarations by its declarations', () => {
    reset();
    mkdirSync(pkg('src'), { recursive: true });
    write('src/options.ts', '// Generated by a tool: do not edit.\n// Regenerate: npm run generate\n');
    expect(checkReports({ root, packages: ['fixture'], update: true })).to.deep.equal([]);
    const report = readFileSync(path.join(root, 'test/exports/fixture.api.md'), 'utf8');
    expect(report).to.include('### dist/options.d.ts');
    expect(report).to.include('export interface Options {');
    expect(report).not.to.include('Regenerate');
  });

  it('diffs lines with context', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nb\nX\nd')).to.equal('@@ line 1 @@\n  a\n  b\n- c\n+ X\n  d');
  });
});
