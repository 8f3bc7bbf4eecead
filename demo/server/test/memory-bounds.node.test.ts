import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFAULT_LIMITS } from '../limits.js';
import { closeAgents, inParallel, send, signUp, startDemo } from './support.js';

describe('demo server: memory stays bounded under a hostile loop', () => {
  it('300 sign-up attempts and 600 CSP reports from 10 addresses grow the heap by less than 12 MiB', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const outDir = mkdtempSync(path.join(tmpdir(), 'paykit-demo-memory-'));
    const demo = await startDemo({ port: 0, outDir, build: false, limits: { signupBurst: 3, cspReportBurst: 3 } });
    try {
      const sources = Array.from({ length: 10 }, (_, n) => `127.0.1.${n + 1}`);
      const measure = (): number => {
        gc();
        gc();
        return process.memoryUsage().heapUsed;
      };
      // warm up once (a sign-up, a report) so lazily built code does not count as growth
      await signUp(demo, '127.0.0.9');
      await send(`${demo.origin}/api/demo/csp-report`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/csp-report' },
        body: '{}',
        from: '127.0.0.9',
      });
      const before = measure();
      const tasks = sources.flatMap((from) => [
        ...Array.from({ length: 30 }, () => () => signUp(demo, from)),
        ...Array.from(
          { length: 60 },
          (_, n) => () =>
            send(`${demo.origin}/api/demo/csp-report`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/csp-report' },
              body: JSON.stringify({
                'csp-report': {
                  'effective-directive': `img-src-${n}-${'x'.repeat(500)}`,
                  'blocked-uri': 'https://cdn.example/',
                },
              }),
              from,
            }),
        ),
      ]);
      const answers = await inParallel(tasks, 25);
      const growth = measure() - before;
      const limited = answers.filter((a) => 'status' in a && a.status === 429).length;
      console.log(
        `  heap growth ${(growth / 1024 / 1024).toFixed(2)} MiB after ${tasks.length} hostile requests (${limited} answered 429), ${demo.sessions.size} sessions kept`,
      );
      expect(limited).to.be.at.least(tasks.length - 10 * (3 + 3) - 10);
      expect(demo.sessions.size).to.be.at.most(1 + 10 * 4);
      expect(demo.cspReports.length).to.be.at.most(DEFAULT_LIMITS.maxCspReports);
      // measured 6.7 MiB here for 31 sessions, most of it the sandbox's customers and wallets; without the
      // bounds every sign-up would be kept (300 customers, ~45 KiB each) and the figure would be ~20 MiB
      expect(growth).to.be.below(12 * 1024 * 1024);
    } finally {
      closeAgents();
      await demo.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
