/**
 * The single-file builds hold the whole public API: the ES module exports exactly what the package entry,
 * the webview bridge and the sandbox helpers export, and the classic script, run as a plain script, adds one global,
 * `PaykitCore`, with the same names. Built in memory by the package's build script.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { describe, it } from '@paykit/test-harness/suite';
import * as entry from '../src/index.js';
import * as webview from '../src/webview/index.js';
import * as sandbox from '../src/sandbox.js';

const buildScript = pathToFileURL(path.join(import.meta.dirname, '..', 'scripts', 'build-single-file.mjs')).href;
const build = async (): Promise<Record<string, string>> =>
  (await import(buildScript)).buildSingleFile({ write: false }).then((r: { files: Record<string, string> }) => r.files);
const expectedNames = [...new Set([...Object.keys(entry), ...Object.keys(webview), ...Object.keys(sandbox)])].sort();

describe('single-file builds', () => {
  it('the ES module exports the entry, the webview bridge and the sandbox helpers, nothing else', async () => {
    const files = await build();
    const dir = mkdtempSync(path.join(tmpdir(), 'paykit-single-file-'));
    try {
      const file = path.join(dir, 'paykit-core.mjs');
      writeFileSync(file, files['paykit-core.js']!);
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      expect(Object.keys(module).sort()).to.deep.equal(expectedNames);
      expect(typeof module['createNativeBridge']).to.equal('function');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the classic script defines one global, PaykitCore, with the same names, and imports nothing', async () => {
    const files = await build();
    const script = files['paykit-core.global.js']!;
    expect(script).to.not.match(/\bimport\s*[({"']|\brequire\(/);
    const context = vm.createContext({ crypto, TextEncoder, TextDecoder });
    const before = new Set(Object.getOwnPropertyNames(context));
    vm.runInContext(script, context);
    expect(Object.getOwnPropertyNames(context).filter((name) => !before.has(name))).to.deep.equal(['PaykitCore']);
    expect(Object.keys((context as { PaykitCore: object }).PaykitCore).sort()).to.deep.equal(expectedNames);
  });
});
