/**
 * scripts/missing-translations.mjs: what the integrator runs after merging new English strings. It
 * lists each locale's missing keys as lines to paste and translate, and finds nothing today.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from '@paykit/test-harness/suite';
import { findMissing, formatReport, loadTables } from '../scripts/missing-translations.mjs';

const script = fileURLToPath(new URL('../scripts/missing-translations.mjs', import.meta.url));

describe('missing-translations script', () => {
  it('lists the keys English has and a locale lacks, ready to paste, and the keys English dropped', () => {
    const english = { 'a.one': 'One', 'a.two': "We'll send {n} codes", 'a.three': 'Three' };
    const results = findMissing(english, {
      fr: { 'a.one': 'Un', 'a.three': '', 'a.gone': 'Parti' },
      de: { 'a.one': 'Eins', 'a.two': 'Wir senden {n} Codes', 'a.three': 'Drei' },
    });
    expect(results).to.deep.equal([
      { locale: 'fr', missing: ['a.two', 'a.three'], stale: ['a.gone'] },
      { locale: 'de', missing: [], stale: [] },
    ]);
    const report = formatReport(english, results);
    expect(report).to.contain(`fr: 2 to translate`);
    expect(report).to.contain(`  'a.two': "We'll send {n} codes",\n  'a.three': 'Three',`);
    expect(report).to.contain(`fr: 1 English no longer has`);
    expect(report).to.contain(`de: complete`);
  });

  it('reads English from the shared table and every element table, and every shipped locale', async () => {
    const { english, tables } = await loadTables();
    expect(Object.keys(tables)).to.include.members(['es', 'fr', 'de', 'it', 'nl', 'pt', 'de-x-formal']);
    expect(english['otp.send'], 'shared table').to.equal('Send code');
    expect(english['sca.title'], 'an element table').to.equal('Confirm this payment');
  });

  it('finds every shipped locale complete (exit code 0)', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).to.equal('');
    expect(run.stdout).not.to.contain('to translate');
    expect(run.stdout).to.contain('fr: complete');
    expect(run.status).to.equal(0);
  });
});
