/**
 * Every published package has a CHANGELOG.md (Keep a Changelog) whose breaking changes each carry a
 * migration: a before and an after snippet. The after side must be code that works today: every name it
 * imports from a `@paykit/*` entry is exported by that entry in the committed API reports (`*.api.md`), and every name a
 * before side imports that the entry no longer has is imported on the after side or named in the text.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'test/exports/changelogs.node.test.ts'
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicNames } from './api-report.mjs';
import { describe, it } from '@paykit/test-harness/suite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['crypto-core', 'elements', 'react-bindings', 'sandbox', 'proxy'];

interface Side {
  side: 'before' | 'after';
  code: string;
}

/** The breaking-change bullets of the Unreleased section, each with its code split into before/after sides. */
function breakingChanges(changelog: string): { title: string; text: string; sides: Side[] }[] {
  const unreleased = changelog.split(/^## /m).find((section) => section.startsWith('Unreleased')) ?? '';
  const breaking = unreleased.split(/^### /m).find((section) => section.startsWith('Changed (breaking)')) ?? '';
  return breaking
    .split(/^- /m)
    .slice(1)
    .map((bullet) => {
      const sides: Side[] = [];
      // a block after a line "Before:"/"After:" is that side; inside a block, `// before` / `# before` switch sides
      const parts = bullet.split(/^\s*```\w*\s*$/m);
      for (let i = 1; i < parts.length; i += 2) {
        const lead = /(before|after)[^\n]*:\s*$/i.exec(parts[i - 1]!.trim().split('\n').at(-1) ?? '');
        let side = lead ? (lead[1]!.toLowerCase() as Side['side']) : undefined;
        for (const line of parts[i]!.split('\n')) {
          const marker = /^\s*(?:\/\/|#)\s*(before|after)\b/i.exec(line);
          if (marker) side = marker[1]!.toLowerCase() as Side['side'];
          else if (side) sides.push({ side, code: line });
        }
      }
      return { title: bullet.split('\n')[0]!.slice(0, 80), text: bullet, sides };
    });
}

/** `[specifier, name]` of every `import { … } from '@paykit/…'` in `code`. */
function imports(code: string): [string, string][] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(@paykit\/[^']+)'/g)].flatMap(([, names, specifier]) =>
    names!
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean)
      .map((name): [string, string] => [specifier!, name.split(/\s+as\s+/)[0]!]),
  );
}

describe('changelogs', () => {
  const api = publicNames();

  for (const dir of PACKAGES) {
    it(`packages/${dir}/CHANGELOG.md: Keep a Changelog, every breaking change with a before and an after that works today`, () => {
      const changelog = readFileSync(path.join(root, 'packages', dir, 'CHANGELOG.md'), 'utf8');
      const { name, files } = JSON.parse(readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8'));
      expect(files, `${dir}: package.json files ships the changelog`).to.include('CHANGELOG.md');
      expect(changelog).to.match(/^# Changelog\n/);
      expect(changelog).to.include(`\`${name}\``);
      expect(changelog).to.match(/^## Unreleased$/m);
      expect(changelog).to.match(/^## 0\.1\.0$/m);
      const changes = breakingChanges(changelog);
      // each package has breaking changes since 0.1.0 (the core becoming a peer, the flows, the guards)
      expect(changes, `${dir}: breaking changes found`).to.not.be.empty;
      for (const { title, text, sides } of changes) {
        expect(
          sides.map((s) => s.side),
          `${dir}: "${title}" has a before and an after snippet`,
        ).to.include.members(['before', 'after']);
        const code = (side: Side['side']) =>
          sides
            .filter((s) => s.side === side)
            .map((s) => s.code)
            .join('\n');
        for (const [specifier, imported] of imports(code('after')))
          expect(api.get(specifier)?.has(imported), `${dir}: "${title}": after imports ${imported} from ${specifier}`)
            .to.be.true;
        for (const [specifier, imported] of imports(code('before'))) {
          if (api.get(specifier)?.has(imported)) continue;
          expect(
            imports(code('after')).some(([, name]) => name === imported) || text.includes(`\`${imported}\``),
            `${dir}: "${title}": ${imported} left ${specifier}; the after side or the text says where it went`,
          ).to.be.true;
        }
      }
    });
  }

  it('the crypto-core changelog names every WalletClient method that became a function, and each is exported', () => {
    const changelog = readFileSync(path.join(root, 'packages/crypto-core/CHANGELOG.md'), 'utf8');
    const moved = [...changelog.matchAll(/^\s*\| `client\.(\w+)\(.*?\| `(\w+)\(client\b.*?\| `(\w+)`/gm)];
    expect(moved).to.have.length(18);
    for (const [, method, fn, module] of moved) {
      expect(fn).to.equal(method);
      expect(api.get('@paykit/crypto-core')?.has(fn!), fn).to.be.true;
      expect(api.get(`@paykit/crypto-core/${module}`)?.has(fn!), `${fn} in ${module}`).to.be.true;
    }
  });
});
