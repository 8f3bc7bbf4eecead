/**
 * Account shadowing: anybody may sign up with any address, so an email or phone number finds a wallet at
 * sign-in only once its owner verified it, and a verified one is not signed up with again. Through HTTP,
 * with the sandbox's contact verification (EU customers) and, where the provider verifies no contacts, the
 * wallet's own email code. A visitor signed in to the demo who asks about their own sign-up address finds
 * themselves (the first sign-in after sign-up goes through the lookup).
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { verifiedContacts } from '../verified-contacts.js';
import type { PlatformClient } from '../platform.js';
import type { DemoSession } from '../sessions.js';
import { demoPerSuite, isVisitor, send, signUp, verifyContacts, type Answer } from './support.js';

describe('demo server: an identifier signs in only once verified', () => {
  const suite = demoPerSuite();
  const lookup = async (body: unknown, cookie?: string): Promise<string | null> => {
    const answer = await send(`${suite.demo.origin}/api/demo/sign-in/lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: suite.demo.origin, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
      from: '127.0.0.9',
    });
    expect(answer.status).to.equal(200);
    return (JSON.parse(answer.body) as { accountId: string | null }).accountId;
  };

  it("an attacker who signs up with the victim's email and phone receives neither sign-in; once verified, the victim's are refused at sign-up", async () => {
    const email = `victim${Date.now()}@example.com`;
    const phone = '+4915112345678';
    const victim = await signUp(suite.demo, '127.0.0.21', email, { phoneNumber: phone, region: 'DE' });
    if (!isVisitor(victim)) throw new Error(`sign-up failed: ${victim.status} ${victim.body}`);
    const attacker = await signUp(suite.demo, '127.0.0.22', email, { phoneNumber: phone });
    if (!isVisitor(attacker)) throw new Error(`sign-up failed: ${attacker.status} ${attacker.body}`);
    expect(await lookup({ email }), 'nobody proved the address yet').to.equal(null);
    expect(await lookup({ phone })).to.equal(null);
    // a visitor signed in to the demo who asks about their own sign-up email finds themselves (their first sign-in)
    expect(await lookup({ email }, attacker.cookie)).to.equal(attacker.accountId);

    await verifyContacts(suite.demo, victim);
    expect(await lookup({ email })).to.equal(victim.accountId);
    expect(await lookup({ phone })).to.equal(victim.accountId);

    for (const [sent, more] of [
      [email, {}],
      [`other${Date.now()}@example.com`, { phoneNumber: phone }],
    ] as const) {
      const refused = (await signUp(suite.demo, '127.0.0.23', sent.toUpperCase(), more)) as Answer;
      expect(refused.status).to.equal(409);
      const body = JSON.parse(refused.body) as { code: string; message: string };
      expect(body.code).to.equal('IDENTIFIER_TAKEN');
      expect(body.message).to.match(/belongs to a demo customer already: sign in with it/);
    }
  });

  it('where the provider verifies no contacts, the email counts once the wallet’s own email code signed in, the phone never', async () => {
    const visitor = { customerId: 'Customer:1', email: 'ada@example.com', phoneNumber: '+14155550100' };
    const platform = (customer: unknown): PlatformClient => ({
      call: () => Promise.reject(new Error('unused')),
      find: <T>() => Promise.resolve(customer as T),
    });
    const us = platform({ email: 'ada@example.com', phoneNumber: '+14155550100' });
    const unproven = { ...visitor, emailProven: false } as DemoSession;
    const proven = { ...visitor, emailProven: true } as DemoSession;
    expect(await verifiedContacts(us, unproven)).to.deep.equal({ email: false, phone: false });
    expect(await verifiedContacts(us, proven)).to.deep.equal({ email: true, phone: false });
    // the customer's address changed on the service since: the proof was for the old one
    expect(await verifiedContacts(platform({ email: 'eve@example.com' }), proven)).to.deep.equal({
      email: false,
      phone: false,
    });
    // a provider that verifies contacts has the last word, proof or not
    const pending = platform({ email: 'ada@example.com', contactVerification: { email: 'PENDING' } });
    expect((await verifiedContacts(pending, proven)).email).to.equal(false);
  });
});
