/**
 * The demo's stand-in sign-in lookup (`POST /api/demo/sign-in/lookup`, to be replaced by
 * `createSignInLookup` from @paykit/proxy): a visitor finds their own wallet and its methods by email,
 * and nobody else's: another visitor's email, or no cookie at all, is the same 404 as an unknown one.
 */
import { expect } from 'chai';
import { describe, it } from '../../../test/harness/suite.js';
import { demoPerSuite, isVisitor, send, signUp } from './support.js';

describe('demo: the sign-in lookup answers a visitor about themselves only', () => {
  const suite = demoPerSuite();
  const lookup = (body: unknown, cookie?: string) =>
    send(`${suite.demo.origin}/api/demo/sign-in/lookup`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: suite.demo.origin,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  it('names the wallet and its email code (masked) for the visitor’s own email, any case', async () => {
    const email = `ana.${Date.now().toString(36)}@example.com`;
    const ana = await signUp(suite.demo, '127.0.0.1', email);
    if (!isVisitor(ana)) throw new Error(`sign-up refused: ${ana.status}`);
    const answer = await lookup({ email: email.toUpperCase() }, ana.cookie);
    expect(answer.status).to.equal(200);
    const account = JSON.parse(answer.body) as { accountId: string; methods: { type: string; destination?: string }[] };
    expect(account.accountId).to.equal(ana.accountId);
    expect(account.methods.map((m) => m.type)).to.deep.equal(['EMAIL_OTP']);
    expect(account.methods[0]!.destination).to.equal('a•••@example.com');
    expect(answer.body).not.to.contain(email);
  });

  it('is a 404 for another visitor’s email, a phone never given, and without a cookie', async () => {
    const anaEmail = `ana2.${Date.now().toString(36)}@example.com`;
    const ana = await signUp(suite.demo, '127.0.0.1', anaEmail);
    const bob = await signUp(suite.demo, '127.0.0.1', `bob.${Date.now().toString(36)}@example.com`);
    if (!isVisitor(ana) || !isVisitor(bob)) throw new Error('sign-up refused');
    expect((await lookup({ email: anaEmail }, ana.cookie)).status).to.equal(200);
    for (const [body, cookie] of [
      [{ email: anaEmail }, bob.cookie],
      [{ phone: '+15555550123' }, ana.cookie],
      [{ email: anaEmail }, undefined],
    ] as const)
      expect((await lookup(body, cookie)).status, JSON.stringify(body)).to.equal(404);
  });
});
