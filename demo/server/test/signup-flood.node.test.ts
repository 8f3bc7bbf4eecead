import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFAULT_LIMITS } from '../limits.js';
import { demoPerSuite, inParallel, isVisitor, send, signUp, startDemo, type Answer, type Visitor } from './support.js';

describe('demo server: a sign-up flood (through HTTP)', () => {
  const suite = demoPerSuite();
  const { log } = suite;

  it('1,000 anonymous sign-ups in a burst from one address: all but the burst are 429 before reaching the service, and a visitor from another address stays signed in', async () => {
    const visitor = await signUp(suite.demo, '127.0.0.2');
    if (!isVisitor(visitor)) throw new Error(`sign-up failed: ${visitor.status} ${visitor.body}`);
    const customersBefore = suite.demo.sandbox.sandbox.state.customers.list(() => true).length;
    const burstStarted = Date.now();
    const answers = await inParallel(
      Array.from({ length: 1_000 }, () => () => signUp(suite.demo, '127.0.0.3')),
      25,
    );
    const created = answers.filter(isVisitor).length;
    const limited = answers.filter((a): a is Answer => !isVisitor(a) && a.status === 429);
    expect(created).to.be.at.least(DEFAULT_LIMITS.signupBurst);
    // plus what refills while the burst runs: on a loaded machine the thousand requests take many seconds
    const refilled = Math.ceil(((Date.now() - burstStarted) / 60_000) * DEFAULT_LIMITS.signupsPerMinute);
    expect(created).to.be.at.most(DEFAULT_LIMITS.signupBurst + refilled);
    expect(created + limited.length).to.equal(1_000);
    const first = limited[0]!;
    expect(Number(first.headers['retry-after'])).to.be.at.least(1);
    expect(JSON.parse(first.body)).to.deep.include({ status: 429, code: 'RATE_LIMITED' });
    expect(suite.demo.sandbox.sandbox.state.customers.list(() => true).length - customersBefore).to.equal(created);
    const me = await send(`${suite.demo.origin}/api/demo/me`, {
      headers: { Cookie: visitor.cookie },
      from: '127.0.0.2',
    });
    expect(me.status).to.equal(200);
    expect(JSON.parse(me.body)).to.deep.include({ customerId: visitor.customerId });
  });
});
