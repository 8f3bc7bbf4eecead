import { expect } from 'chai';
import type { PayError } from '@paykit/crypto-core/errors';
import { completeScaReset, getScaReset, startScaReset } from '@paykit/crypto-core/security';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { LIVENESS_STEP_MS, RESET_WINDOW_MS } from '../src/routes/sca-reset.js';
import { newCustomer, platformClient, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

describe('sandbox: a lost SCA factor is reset after liveness, and failed logins lock as the API says', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close()); // every answer below is also checked against the OpenAPI here

  const q = (customerId: string) => `?customerId=${encodeURIComponent(customerId)}`;
  const scaCustomer = async (fields: Record<string, unknown> = {}) =>
    (await newCustomer(t.api, { region: 'DE', phoneNumber: '+4915112345678', ...fields })).customer.id as string;
  const status = async (id: string, resetId: string) =>
    (await t.api.get(`/sca/factors/reset/${encodeURIComponent(resetId)}${q(id)}`)).body;

  it('SMS_OTP: INITIATED → PENDING_REVIEW → LIVENESS_PASSED by the clock; complete takes the new number → COMPLETED', async () => {
    const id = await scaCustomer();
    const start = await t.api.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' });
    expect(start.status, start.text).to.equal(201);
    expect(start.body.resetId).to.match(/^ScaReset:/);
    const resetId = start.body.resetId as string;
    expect(await status(id, resetId)).to.include({ status: 'INITIATED', factor: 'SMS_OTP', enrollmentStatus: null });
    const early = await t.api.post(`/sca/factors/reset/${encodeURIComponent(resetId)}/complete${q(id)}`, {
      mobile: { countryCode: '+49', number: '15199990000' },
    });
    expect([early.status, early.body.details?.status]).to.deep.equal([400, 'INITIATED']);
    t.clock.advance(LIVENESS_STEP_MS);
    expect((await status(id, resetId)).status).to.equal('PENDING_REVIEW');
    t.clock.advance(LIVENESS_STEP_MS);
    expect((await status(id, resetId)).status).to.equal('LIVENESS_PASSED');
    // an SMS_OTP reset needs the new number
    const noMobile = await t.api.post(`/sca/factors/reset/${encodeURIComponent(resetId)}/complete${q(id)}`);
    expect([noMobile.status, noMobile.body.details?.errors?.[0]?.field]).to.deep.equal([400, 'mobile']);
    const done = await t.api.post(`/sca/factors/reset/${encodeURIComponent(resetId)}/complete${q(id)}`, {
      mobile: { countryCode: '+49', number: '15199990000' },
    });
    expect(done.status, done.text).to.equal(204);
    const after = await status(id, resetId);
    expect(after).to.include({ status: 'COMPLETED', enrollmentStatus: null });
    expect(after.completedAt).to.be.a('string');
    expect((await t.api.get(`/customers/${encodeURIComponent(id)}`)).body.phoneNumber).to.equal('+4915199990000');
    // a completed reset cannot be completed again
    const again = await t.api.post(`/sca/factors/reset/${encodeURIComponent(resetId)}/complete${q(id)}`, {
      mobile: { countryCode: '+49', number: '15199990000' },
    });
    expect(again.status).to.equal(400);
  });

  it('TOTP: only an enrolled factor; completing removes it, and re-enrolling it turns enrollmentStatus COMPLETED', async () => {
    const id = await scaCustomer();
    const notEnrolled = await t.api.post(`/sca/factors/reset${q(id)}`, { factor: 'TOTP' });
    expect([notEnrolled.status, notEnrolled.body.details?.errors?.[0]?.field]).to.deep.equal([400, 'factor']);
    const enroll = async () => {
      const start = await t.api.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
      const ok = await t.api.post(`/sca/factors/confirm${q(id)}`, {
        type: 'TOTP',
        secret: start.body.secret,
        code: '123456',
      });
      expect(ok.status, ok.text).to.equal(200);
    };
    await enroll();
    const { resetId } = (await t.api.post(`/sca/factors/reset${q(id)}`, { factor: 'TOTP' })).body;
    t.clock.advance(2 * LIVENESS_STEP_MS);
    const done = await t.api.post(`/sca/factors/reset/${encodeURIComponent(resetId)}/complete${q(id)}`);
    expect(done.status, done.text).to.equal(204);
    expect((await t.api.get(`/sca/factors${q(id)}`)).body.factors).to.deep.equal([{ factor: 'SMS_OTP' }]);
    expect((await status(id, resetId)).enrollmentStatus).to.equal('PENDING');
    t.clock.advance(1);
    await enroll();
    expect((await status(id, resetId)).enrollmentStatus).to.equal('COMPLETED');
  });

  it('REJECTED for the magic customer, EXPIRED after the window; 404 for a stranger’s reset; 409 outside SCA; five starts a day', async () => {
    const rejected = await scaCustomer({ platformCustomerId: `c-${Date.now()}-liveness-rejected` });
    const r = (await t.api.post(`/sca/factors/reset${q(rejected)}`, { factor: 'SMS_OTP' })).body.resetId;
    t.clock.advance(2 * LIVENESS_STEP_MS);
    expect((await status(rejected, r)).status).to.equal('REJECTED');

    const id = await scaCustomer();
    const { resetId } = (await t.api.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' })).body;
    const stranger = await t.api.get(`/sca/factors/reset/${encodeURIComponent(resetId)}${q(rejected)}`);
    expect([stranger.status, stranger.body.code]).to.deep.equal([404, 'REFERENCE_NOT_FOUND']);
    t.clock.advance(RESET_WINDOW_MS);
    expect((await status(id, resetId)).status).to.equal('EXPIRED');

    const us = (await newCustomer(t.api, { region: 'US' })).customer.id as string;
    expect((await t.api.post(`/sca/factors/reset${q(us)}`, { factor: 'SMS_OTP' })).status).to.equal(409);

    for (let i = 1; i < 5; i++)
      expect((await t.api.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' })).status).to.equal(201);
    const sixth = await t.api.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' });
    expect([sixth.status, sixth.body.code]).to.deep.equal([429, 'RATE_LIMITED']);
    expect(Number(sixth.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  it('record-event: 5 failed logins lock for 15 minutes (423 meanwhile), 9 suspend; a password reset clears them', async () => {
    const id = await scaCustomer();
    const fail = () => t.api.post(`/sca/record-event${q(id)}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    for (let i = 1; i <= 4; i++)
      expect((await fail()).body).to.deep.equal({
        eventType: 'FAILED_LOGIN_ATTEMPT',
        suspended: false,
        lockedUntil: null,
        failedAttempts: i,
      });
    const fifth = (await fail()).body;
    expect(fifth.failedAttempts).to.equal(5);
    expect(Date.parse(fifth.lockedUntil) - t.clock.now()).to.be.within(15 * 60_000 - 5_000, 15 * 60_000);
    const locked = await fail();
    expect([locked.status, locked.body.code, locked.body.details.failedAttempts]).to.deep.equal([
      423,
      'ACCOUNT_LOCKED',
      5,
    ]);
    for (const [attempt, minutes] of [
      [6, 30],
      [7, 60],
      [8, 24 * 60],
    ] as const) {
      t.clock.advance(24 * 60 * 60_000);
      const body = (await fail()).body;
      expect(body.failedAttempts).to.equal(attempt);
      expect(Date.parse(body.lockedUntil) - t.clock.now()).to.be.within(minutes * 60_000 - 5_000, minutes * 60_000);
    }
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await fail()).body).to.include({ suspended: true, lockedUntil: null, failedAttempts: 9 });
    expect((await fail()).status).to.equal(423);
    const cleared = await t.api.post(`/sca/record-event${q(id)}`, { eventType: 'RESET_PASSWORD_COMPLETED' });
    expect(cleared.body).to.deep.equal({
      eventType: 'RESET_PASSWORD_COMPLETED',
      suspended: false,
      lockedUntil: null,
      failedAttempts: 0,
    });
    const bad = await t.api.post(`/sca/record-event${q(id)}`, { eventType: 'LOGGED_IN' });
    expect(bad.status).to.equal(400);
  });

  it('through crypto-core: startScaReset, getScaReset until LIVENESS_PASSED, completeScaReset with the new number', async () => {
    const client = platformClient(t);
    const id = await scaCustomer();
    const { resetId, expiresAt } = await startScaReset(client, id, 'SMS_OTP');
    expect(Date.parse(expiresAt!)).to.be.greaterThan(t.clock.now());
    expect((await getScaReset(client, id, resetId)).status).to.equal('INITIATED');
    const early = await completeScaReset(client, id, resetId, { countryCode: '+49', number: '15100001111' }).catch(
      (e: unknown) => e as PayError,
    );
    expect([early?.status, early?.code]).to.deep.equal([400, 'INVALID_INPUT']);
    t.clock.advance(2 * LIVENESS_STEP_MS);
    expect((await getScaReset(client, id, resetId)).status).to.equal('LIVENESS_PASSED');
    await completeScaReset(client, id, resetId, { countryCode: '+49', number: '15100001111' });
    expect(await getScaReset(client, id, resetId)).to.include({ status: 'COMPLETED', factor: 'SMS_OTP' });
    const unknown = (await getScaReset(client, id, 'ScaReset:none').catch((e: unknown) => e)) as PayError;
    expect([unknown.status, unknown.code]).to.deep.equal([404, 'REFERENCE_NOT_FOUND']);
    client.close();
  });
});
