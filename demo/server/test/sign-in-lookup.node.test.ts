/**
 * The demo's sign-in lookup through HTTP: a visitor's verified email finds their wallet and its email code
 * method (masked) and grants this browser its sign-in calls (the cookie), so does the verified phone number
 * given at sign-up; an unknown email or phone answers the same shape and clears it, bad input is refused,
 * the identifier never reaches the log. (Unverified identifiers: account-shadowing.node.test.ts.)
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { demoPerSuite, isVisitor, send, signUp, verifyContacts } from './support.js';

describe('demo server: sign-in lookup (POST /api/demo/sign-in/lookup)', () => {
  const suite = demoPerSuite();
  const lookup = (body: unknown) =>
    send(`${suite.demo.origin}/api/demo/sign-in/lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: suite.demo.origin },
      body: JSON.stringify(body),
      from: '127.0.0.9',
    });

  it("finds a visitor's wallet by email, with its methods from the service; unknown ones answer the same shape", async () => {
    const email = `lookup${Date.now()}@example.com`;
    const phone = '+14155550199';
    const visitor = await signUp(suite.demo, '127.0.0.8', email, { phoneNumber: phone, region: 'DE' });
    if (!isVisitor(visitor)) throw new Error('sign-up failed');
    await verifyContacts(suite.demo, visitor);
    const found = await lookup({ email: email.toUpperCase() });
    expect(found.status).to.equal(200);
    expect(found.headers['cache-control']).to.equal('no-store');
    const account = JSON.parse(found.body) as { accountId: string; methods: { type: string; authMethodId: string }[] };
    expect(account.accountId).to.equal(visitor.accountId);
    expect(account.methods).to.have.length(1);
    expect(account.methods[0]).to.deep.include({ type: 'EMAIL_OTP', destination: `l•••@example.com` });
    expect(account.methods[0]!.authMethodId).to.match(/^AuthMethod:/);
    // the grant for those credentials' sign-in calls: only for the wallet proxy's path, unreadable by scripts
    const grant = String(found.headers['set-cookie'] ?? '');
    expect(grant).to.match(
      /^paykit_sign_in=v1\.[\w-]+\.[\w-]+; Path=\/api\/wallet; Max-Age=600; HttpOnly; SameSite=Strict$/,
    );
    // the phone number given at sign-up finds the same wallet
    const byPhone = await lookup({ phone });
    expect(JSON.parse(byPhone.body).accountId).to.equal(visitor.accountId);
    for (const unknown of [{ email: 'nobody@example.com' }, { phone: '+14155550123' }]) {
      const answer = await lookup(unknown);
      expect(answer.status).to.equal(200);
      expect(JSON.parse(answer.body)).to.deep.equal({ accountId: null, methods: [] });
      expect(String(answer.headers['set-cookie'])).to.match(/^paykit_sign_in=; .*Max-Age=0/);
    }
    expect((await lookup({ email: 'not-an-address' })).status).to.equal(400);
    expect(suite.log.join('\n')).to.not.contain(email);
  });
});
