/**
 * The demo backend's own routes read bodies with the proxy's bounded reader (`readBodyLimited` from
 * `@paykit/proxy`): a body over 16 KiB is refused with 413 before it reaches the service, whatever the
 * route, and a body that is not JSON is a 400; a normal sign-up still works.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { demoPerSuite, send } from './support.js';

describe('demo server: request bodies are bounded (the proxy body reader)', () => {
  const suite = demoPerSuite();
  const post = (path: string, body: string, type: string, from: string) =>
    send(`${suite.demo.origin}/api/demo${path}`, {
      method: 'POST',
      headers: { Origin: suite.demo.origin, 'Content-Type': type },
      body,
      from,
    });

  it('answers 413 to a sign-up over 16 KiB and creates no customer; a sign-up just under it goes through', async () => {
    const customers = () => suite.demo.sandbox.sandbox.state.customers.list(() => true).length;
    const before = customers();
    const padded = (size: number) => {
      const base = { email: 'big@example.com', region: 'US', fullName: '' };
      return JSON.stringify({ ...base, padding: 'x'.repeat(size - JSON.stringify({ ...base, padding: '' }).length) });
    };
    const tooLarge = await post('/signup', padded(16 * 1024 + 1), 'application/json', '127.0.0.21');
    expect(tooLarge.status).to.equal(413);
    expect(JSON.parse(tooLarge.body)).to.deep.include({ status: 413, code: 'INVALID_INPUT' });
    expect(customers()).to.equal(before);

    const fits = await post('/signup', padded(16 * 1024), 'application/json', '127.0.0.22');
    expect(fits.status).to.equal(201, fits.body);
    expect(customers()).to.equal(before + 1);
  });

  it('answers 400 to a sign-up whose body is not JSON', async () => {
    const answer = await post('/signup', '{"email":', 'application/json', '127.0.0.23');
    expect(answer.status).to.equal(400);
    expect(JSON.parse(answer.body)).to.deep.include({ code: 'INVALID_INPUT', message: 'The body is not JSON.' });
  });

  it('answers 413 to a CSP report over 16 KiB and keeps none of it', async () => {
    const report = JSON.stringify({
      'csp-report': {
        'document-uri': `${suite.demo.origin}/`,
        'violated-directive': 'script-src',
        padding: 'x'.repeat(17_000),
      },
    });
    const answer = await post('/csp-report', report, 'application/csp-report', '127.0.0.24');
    expect(answer.status).to.equal(413);
    expect(suite.demo.cspReports).to.have.length(0);
  });
});
