import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CONTACT_CODE = '123456';

describe('sandbox: onboarding (terms, contact verification, KYC/KYB, documents, hosted KYC)', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ frameAncestors: ['http://localhost:5173'] });
  });
  after(() => t.close());

  /** A multipart upload, as a browser's FormData would send it (the part's Content-Type from the Blob). */
  async function upload(method: 'POST' | 'PUT', path: string, fields: Record<string, string>, file?: File) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('file', file);
    const res = await t.fetch(`${t.server.baseUrl}${path}`, {
      method,
      headers: { Authorization: t.server.credentials.authorization },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  }
  const png = (name = 'passport.png') => new File([PNG], name, { type: 'image/png' });
  const passport = (holder: string, file = png()) =>
    upload('POST', '/documents', { documentHolder: holder, documentType: 'PASSPORT', country: 'DE' }, file);
  const euCustomer = (fields: Record<string, unknown> = {}) =>
    newCustomer(t.api, { region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster 003', ...fields });
  const complete = {
    customerType: 'INDIVIDUAL',
    birthDate: '1990-04-01',
    nationality: 'DE',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  };
  const ownerInfo = {
    firstName: 'Jana',
    lastName: 'Novak',
    birthDate: '1980-02-03',
    nationality: 'DE',
    address: { line1: 'Ringstr. 2', city: 'Köln', postalCode: '50667', country: 'DE' },
    idType: 'NON_US_TAX_ID',
    identifier: 'DE-123',
  };
  async function verifyContacts(id: string) {
    for (const channel of ['email', 'phone']) {
      expect((await t.api.post(`/customers/${id}/verify-${channel}`)).status).to.equal(204);
      expect((await t.api.post(`/customers/${id}/verify-${channel}/confirm`, { code: CONTACT_CODE })).status).to.equal(
        200,
      );
    }
  }

  describe('end-user terms', () => {
    it('serves the current version and its hosted URL on the hosted-pages origin', async () => {
      const terms = await t.api.get('/customers/end-user-terms');
      expect(terms.status).to.equal(200);
      expect(terms.body.version).to.equal('2025-10-01');
      expect(new URL(terms.body.url).origin).to.equal(t.server.kycOrigin);
      const page = await t.fetch(terms.body.url);
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('End User Terms');
    });

    it('records acceptance with its method; an unknown version is END_USER_TERMS_VERSION_NOT_FOUND', async () => {
      const { customer } = await newCustomer(t.api);
      const consent = {
        acceptedAt: '2026-11-23T22:00:00Z',
        ipAddress: '203.0.113.7',
        termsVersion: 'V1',
        acceptanceMethod: 'CHECKBOX',
      };
      const stale = await t.api.call('PATCH', `/customers/${customer.id}`, {
        body: { customerType: 'INDIVIDUAL', endUserTermsConsent: consent },
      });
      expect(stale.status).to.equal(400);
      expect(stale.body.code).to.equal('END_USER_TERMS_VERSION_NOT_FOUND');
      const accepted = await t.api.call('PATCH', `/customers/${customer.id}`, {
        body: { customerType: 'INDIVIDUAL', endUserTermsConsent: { ...consent, termsVersion: '2025-10-01' } },
      });
      expect(accepted.status).to.equal(200);
      expect(accepted.body.endUserTermsConsent).to.deep.equal({ ...consent, termsVersion: '2025-10-01' });
    });
  });

  describe('contact verification', () => {
    it('is absent outside the EU/EEA: sends and confirms are 409', async () => {
      const { customer } = await newCustomer(t.api, { region: 'US' });
      expect(customer).not.to.have.property('contactVerification');
      const send = await t.api.post(`/customers/${customer.id}/verify-email`);
      expect(send.status).to.equal(409);
      expect(
        (await t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: CONTACT_CODE })).status,
      ).to.equal(409);
    });

    it('lists only the channels the customer has: an EU customer without a phone verifies email only', async () => {
      const { customer } = await newCustomer(t.api, { region: 'FR' });
      expect(customer.contactVerification).to.deep.equal({ email: 'PENDING' });
      expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(409);
    });

    it('confirms 123456 after a send; wrong, unsent or expired codes are 400; verified is 409', async () => {
      const { customer } = await euCustomer();
      expect(customer.contactVerification).to.deep.equal({ email: 'PENDING', phone: 'PENDING' });
      const unsent = await t.api.post(`/customers/${customer.id}/verify-email/confirm`, { code: CONTACT_CODE });
      expect(unsent.status).to.equal(400);
      expect(unsent.body.code).to.equal('INVALID_INPUT');
      const send = await t.api.post(`/customers/${customer.id}/verify-email`);
      expect(send.status).to.equal(204);
      expect(send.text).to.equal('');
      const wrong = await t.api.post(`/customers/${customer.id}/verify-email/confirm`, { code: '654321' });
      expect(wrong.status).to.equal(400);
      expect(wrong.text).not.to.include('123456');
      const ok = await t.api.post(`/customers/${customer.id}/verify-email/confirm`, { code: CONTACT_CODE });
      expect(ok.status).to.equal(200);
      expect(ok.body.contactVerification).to.deep.equal({ email: 'VERIFIED', phone: 'PENDING' });
      expect((await t.api.post(`/customers/${customer.id}/verify-email`)).status).to.equal(409);
      expect(
        (await t.api.post(`/customers/${customer.id}/verify-email/confirm`, { code: CONTACT_CODE })).status,
      ).to.equal(409);

      expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(204);
      t.clock.advance(5 * 60_000 + 1);
      const expired = await t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: CONTACT_CODE });
      expect(expired.status).to.equal(400);
      expect(expired.body.details.reason, 'told apart from a wrong code').to.equal('CHALLENGE_EXPIRED');
      expect(wrong.body.details.reason).to.equal(undefined);
      expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(204);
      const phone = await t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: CONTACT_CODE });
      expect(phone.body.contactVerification).to.deep.equal({ email: 'VERIFIED', phone: 'VERIFIED' });
    });

    it('a changed phone number is PENDING again and a code sent to the old one no longer confirms', async () => {
      const { customer } = await euCustomer();
      await verifyContacts(customer.id);
      expect((await t.api.get(`/customers/${customer.id}`)).body.contactVerification).to.deep.equal({
        email: 'VERIFIED',
        phone: 'VERIFIED',
      });
      const same = await t.api.call('PATCH', `/customers/${customer.id}`, {
        body: { customerType: 'INDIVIDUAL', phoneNumber: '+4915112345678' },
      });
      expect(same.body.contactVerification).to.deep.equal({ email: 'VERIFIED', phone: 'VERIFIED' });
      const changed = await t.api.call('PATCH', `/customers/${customer.id}`, {
        body: { customerType: 'INDIVIDUAL', phoneNumber: '+4915199999999' },
      });
      expect(changed.status).to.equal(200);
      expect(changed.body.contactVerification).to.deep.equal({ email: 'VERIFIED', phone: 'PENDING' });
      expect((await t.api.post('/verifications', { customerId: customer.id })).status).to.equal(400);
      expect((await t.api.post(`/customers/${customer.id}/kyc-link`)).status).to.equal(409);
      expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(204);
      await t.api.call('PATCH', `/customers/${customer.id}`, {
        body: { customerType: 'INDIVIDUAL', phoneNumber: '+4915100000000' },
      });
      const stale = await t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: CONTACT_CODE });
      expect(stale.status).to.equal(400);
      expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(204);
      const ok = await t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: CONTACT_CODE });
      expect(ok.body.contactVerification).to.deep.equal({ email: 'VERIFIED', phone: 'VERIFIED' });
    });

    it('outside the EU/EEA a contact change leaves no contactVerification behind', async () => {
      const { customer } = await newCustomer(t.api, { region: 'US' });
      const changed = await t.api.call('PATCH', `/customers/${customer.id}`, {
        body: { customerType: 'INDIVIDUAL', phoneNumber: '+14155550100' },
      });
      expect(changed.status).to.equal(200);
      expect(changed.body).not.to.have.property('contactVerification');
    });

    it('rate-limits sends per channel: the fourth within 30 s is 429 with Retry-After', async () => {
      const { customer } = await euCustomer();
      for (let i = 0; i < 3; i++)
        expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(204);
      const limited = await t.api.post(`/customers/${customer.id}/verify-phone`);
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers.get('Retry-After'))).to.be.greaterThan(0);
      expect((await t.api.post(`/customers/${customer.id}/verify-email`)).status).to.equal(204);
    });

    it('counts wrong codes (issue 22): the fifth spends the code and locks the channel; 300 guesses never verify', async () => {
      const { customer } = await euCustomer();
      const confirm = (code: string) => t.api.post(`/customers/${customer.id}/verify-email/confirm`, { code });
      expect((await t.api.post(`/customers/${customer.id}/verify-email`)).status).to.equal(204);
      for (const left of [4, 3]) {
        const wrong = await confirm('654321');
        expect(wrong.status).to.equal(400);
        expect(wrong.body.code).to.equal('INVALID_INPUT');
        expect(wrong.body.details).to.include({ attemptsRemaining: left });
        expect(wrong.body.details).not.to.have.property('lockedUntil');
      }
      // a resend does not reset the count
      expect((await t.api.post(`/customers/${customer.id}/verify-email`)).status).to.equal(204);
      for (const left of [2, 1]) expect((await confirm('000001')).body.details.attemptsRemaining).to.equal(left);
      const last = await confirm('000002');
      expect(last.status).to.equal(400);
      expect(last.body.details.attemptsRemaining).to.equal(0);
      expect(Date.parse(last.body.details.lockedUntil) - t.clock.now()).to.be.within(29 * 60_000, 30 * 60_000);

      const guesses = [];
      for (let i = 0; i < 300; i++) guesses.push(await confirm(String(100000 + i)));
      expect(new Set(guesses.map((g) => `${g.status} ${g.body.code}`))).to.deep.equal(new Set(['429 RATE_LIMITED']));
      const right = await confirm(CONTACT_CODE);
      expect(right.status, 'the right code after the lock').to.equal(429);
      expect(right.body.details.retryAfterSeconds).to.be.within(29 * 60, 30 * 60);
      expect(right.headers.get('Retry-After')).to.equal(String(right.body.details.retryAfterSeconds));
      expect(right.body.details.lockedUntil).to.equal(last.body.details.lockedUntil);
      const resend = await t.api.post(`/customers/${customer.id}/verify-email`);
      expect(resend.status, 'no new code while locked').to.equal(429);
      expect((await t.api.get(`/customers/${customer.id}`)).body.contactVerification.email).to.equal('PENDING');
      expect(
        (await t.api.post(`/customers/${customer.id}/verify-phone`)).status,
        'the other channel has its own count',
      ).to.equal(204);

      t.clock.advance(30 * 60_000);
      const spent = await confirm(CONTACT_CODE);
      expect(spent.status, 'the code the lock spent stays spent').to.equal(400);
      expect(spent.body.details.reason).to.equal('CHALLENGE_EXPIRED');
      expect((await t.api.post(`/customers/${customer.id}/verify-email`)).status).to.equal(204);
      expect((await confirm('654321')).body.details.attemptsRemaining, 'a fresh count after the lock').to.equal(4);
      const ok = await confirm(CONTACT_CODE);
      expect(ok.status).to.equal(200);
      expect(ok.body.contactVerification.email).to.equal('VERIFIED');
    });

    it('parallel wrong codes are counted one by one: 40 at once lock the channel, and the right code then fails', async () => {
      const { customer } = await euCustomer();
      expect((await t.api.post(`/customers/${customer.id}/verify-phone`)).status).to.equal(204);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: String(200000 + i) }),
        ),
      );
      expect(answers.filter((a) => a.status === 400)).to.have.length(5);
      expect(answers.filter((a) => a.status === 429)).to.have.length(35);
      const right = await t.api.post(`/customers/${customer.id}/verify-phone/confirm`, { code: CONTACT_CODE });
      expect(right.status).to.equal(429);
    });
  });

  describe('KYC by submission', () => {
    it('needs every contact channel VERIFIED first (400 on submit, 409 on the hosted link)', async () => {
      const { customer } = await euCustomer();
      const submit = await t.api.post('/verifications', { customerId: customer.id });
      expect(submit.status).to.equal(400);
      expect(submit.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal([
        'contactVerification.email',
        'contactVerification.phone',
      ]);
      expect((await t.api.post(`/customers/${customer.id}/kyc-link`)).status).to.equal(409);
    });

    it('lists missing fields and the identity document, then 003 reports POOR_QUALITY_DOCUMENT until replaced', async () => {
      const { customer } = await euCustomer();
      expect(customer.kycStatus).to.equal('UNVERIFIED');
      await verifyContacts(customer.id);
      const first = await t.api.post('/verifications', { customerId: customer.id });
      expect(first.status).to.equal(200);
      expect(first.body.verificationStatus).to.equal('RESOLVE_ERRORS');
      const types = first.body.errors.map((e: { type: string; field?: string }) => e.field ?? e.type);
      expect(types).to.include.members([
        'customer.birthDate',
        'customer.nationality',
        'customer.address.line1',
        'MISSING_IDENTITY_DOCUMENT',
      ]);
      const identity = first.body.errors.find((e: { type: string }) => e.type === 'MISSING_IDENTITY_DOCUMENT');
      expect(identity.acceptedDocumentTypes).to.deep.equal(['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID']);

      expect((await t.api.call('PATCH', `/customers/${customer.id}`, { body: complete })).status).to.equal(200);
      const doc = await passport(customer.id);
      expect(doc.status, doc.text).to.equal(201);
      const second = await t.api.post('/verifications', { customerId: customer.id });
      expect(second.body.verificationStatus).to.equal('RESOLVE_ERRORS');
      expect(second.body.errors).to.deep.equal([
        { resourceId: doc.body.id, type: 'POOR_QUALITY_DOCUMENT', reason: second.body.errors[0].reason },
      ]);
      expect(second.body.id).to.equal(first.body.id);
      expect((await t.api.call('DELETE', `/documents/${doc.body.id}`)).status).to.equal(409); // submitted

      const replaced = await upload(
        'PUT',
        `/documents/${doc.body.id}`,
        { documentType: 'PASSPORT', country: 'DE' },
        png('passport-sharp.png'),
      );
      expect(replaced.status, replaced.text).to.equal(200);
      expect(replaced.body).to.include({ id: doc.body.id, fileName: 'passport-sharp.png' });
      const third = await t.api.post('/verifications', { customerId: customer.id });
      expect(third.body).to.include({ verificationStatus: 'APPROVED' });
      expect(third.body.errors).to.deep.equal([]);
      expect((await t.api.get(`/customers/${customer.id}`)).body.kycStatus).to.equal('APPROVED');
      expect((await t.api.get(`/verifications/${third.body.id}`)).body.verificationStatus).to.equal('APPROVED');

      const final = await t.api.post('/verifications', { customerId: customer.id });
      expect(final.status).to.equal(400);
    });

    for (const [suffix, verificationStatus, kycStatus] of [
      ['001', 'PENDING_MANUAL_REVIEW', 'PENDING'],
      ['002', 'REJECTED', 'REJECTED'],
      ['777', 'APPROVED', 'APPROVED'],
    ] as const) {
      it(`with complete data, fullName ending ${suffix} gives ${verificationStatus}`, async () => {
        const { customer } = await newCustomer(t.api, { fullName: 'Kim Lee 003' });
        await t.api.call('PATCH', `/customers/${customer.id}`, {
          body: { ...complete, fullName: `Kim Lee ${suffix}` },
        });
        expect((await passport(customer.id)).status).to.equal(201);
        const result = await t.api.post('/verifications', { customerId: customer.id });
        expect(result.body.verificationStatus).to.equal(verificationStatus);
        expect((await t.api.get(`/customers/${customer.id}`)).body.kycStatus).to.equal(kycStatus);
      });
    }

    it('KYB: registrationNumber 001/003 validates (legal presence, proof of address), then manual review; 002 rejects', async () => {
      const created = await t.api.post('/customers', {
        platformCustomerId: `biz-${crypto.randomUUID()}`,
        customerType: 'BUSINESS',
        email: `biz-${crypto.randomUUID()}@example.com`,
        businessInfo: {
          legalName: 'Acme GmbH',
          country: 'DE',
          taxId: 'DE1',
          incorporatedOn: '2020-01-01',
          registrationNumber: 'HRB-003',
        },
      });
      expect(created.body.kybStatus).to.equal('UNVERIFIED');
      const id = created.body.id;
      const first = await t.api.post('/verifications', { customerId: id });
      expect(first.body.errors.map((e: { type: string }) => e.type)).to.include.members([
        'MISSING_FIELD',
        'MISSING_BENEFICIAL_OWNER',
        'MISSING_LEGAL_PRESENCE_DOCUMENT',
        'MISSING_PROOF_OF_ADDRESS_DOCUMENT',
      ]);
      const owners = [];
      for (const [lastName, ownershipPercentage] of [
        ['Muster 001', 60],
        ['Beispiel', 40],
      ] as const) {
        const owner = await t.api.post('/beneficial-owners', {
          customerId: id,
          roles: ['UBO'],
          ownershipPercentage,
          personalInfo: { ...ownerInfo, lastName },
        });
        expect(owner.status, owner.text).to.equal(201);
        expect(owner.body).to.include({ customerId: id, ownershipPercentage, kycStatus: 'UNVERIFIED' });
        owners.push(owner.body.id);
      }
      await t.api.call('PATCH', `/customers/${id}`, { body: { customerType: 'BUSINESS', address: complete.address } });
      for (const documentType of ['CERTIFICATE_OF_INCORPORATION', 'UTILITY_BILL'])
        expect(
          (await upload('POST', '/documents', { documentHolder: id, documentType, country: 'DE' }, png('a.png')))
            .status,
        ).to.equal(201);
      const second = await t.api.post('/verifications', { customerId: id });
      expect(second.body.verificationStatus).to.equal('PENDING_MANUAL_REVIEW');
      const listed = await t.api.get('/beneficial-owners', { customerId: id });
      expect(listed.body.data.map((o: { id: string; kycStatus: string }) => [o.id, o.kycStatus])).to.deep.equal([
        [owners[0], 'PENDING'],
        [owners[1], 'APPROVED'],
      ]);
      expect((await t.api.get(`/customers/${id}`)).body.kybStatus).to.equal('PENDING');
      const business = (await t.api.get(`/customers/${id}`)).body.businessInfo;
      const renumbered = await t.api.call('PATCH', `/customers/${id}`, {
        body: { customerType: 'BUSINESS', businessInfo: { ...business, registrationNumber: 'HRB-002' } },
      });
      expect(renumbered.status, 'pending KYB data stays as submitted').to.equal(409);
      expect(renumbered.body.code).to.equal('IDENTITY_LOCKED');

      const rejected = await t.api.post('/customers', {
        platformCustomerId: `biz-${crypto.randomUUID()}`,
        customerType: 'BUSINESS',
        email: `biz-${crypto.randomUUID()}@example.com`,
        businessInfo: { ...business, registrationNumber: 'HRB-002' },
      });
      expect(rejected.body.kybStatus).to.equal('REJECTED');
    });
  });

  describe('identity lock (issue 22)', () => {
    const name = async (id: string) => (await t.api.get(`/customers/${id}`)).body.fullName;

    it('once KYC is decided or pending, identity data is 409 IDENTITY_LOCKED; contact details and customerType still change', async () => {
      for (const [fullName, kycStatus] of [
        ['Kim Lee 777', 'APPROVED'],
        ['Kim Lee 001', 'PENDING'],
        ['Kim Lee 002', 'REJECTED'],
      ] as const) {
        const { customer } = await newCustomer(t.api, { fullName });
        expect(customer.kycStatus).to.equal(kycStatus);
        for (const change of [
          { fullName: 'Someone Else' },
          { birthDate: '1970-01-01' },
          { address: { ...complete.address, line1: 'Elsewhere 9' } },
          { identifier: '123-45-6789', idType: 'SSN' },
          { nationality: 'FR' },
        ]) {
          const refused = await t.api.call('PATCH', `/customers/${customer.id}`, {
            body: { customerType: 'INDIVIDUAL', ...change },
          });
          expect(refused.status, `${kycStatus} ${JSON.stringify(change)}`).to.equal(409);
          expect(refused.body).to.include({ code: 'IDENTITY_LOCKED' });
        }
        expect(await name(customer.id)).to.equal(fullName);
        const email = `new-${crypto.randomUUID()}@example.com`;
        const contact = await t.api.call('PATCH', `/customers/${customer.id}`, {
          body: { customerType: 'INDIVIDUAL', phoneNumber: '+14155550199', currencies: ['USD', 'EUR'] },
        });
        expect(contact.status, contact.text).to.equal(200);
        expect(contact.body).to.include({ phoneNumber: '+14155550199', kycStatus });
        // the email is tied to the wallet's EMAIL_OTP credential: the signed-retry flow still begins
        const emailChange = await t.api.call('PATCH', `/customers/${customer.id}`, {
          body: { customerType: 'INDIVIDUAL', email },
        });
        expect(emailChange.status, emailChange.text).to.equal(202);
      }
    });

    it('a business whose KYB is decided keeps its businessInfo and address', async () => {
      const created = await t.api.post('/customers', {
        platformCustomerId: `biz-${crypto.randomUUID()}`,
        customerType: 'BUSINESS',
        email: `biz-${crypto.randomUUID()}@example.com`,
        businessInfo: { legalName: 'Lock GmbH', country: 'DE', taxId: 'DE9', incorporatedOn: '2020-01-01' },
      });
      expect(created.body.kybStatus).to.equal('APPROVED');
      const refused = await t.api.call('PATCH', `/customers/${created.body.id}`, {
        body: { customerType: 'BUSINESS', businessInfo: { ...created.body.businessInfo, legalName: 'Other GmbH' } },
      });
      expect(refused.status).to.equal(409);
      expect(refused.body.code).to.equal('IDENTITY_LOCKED');
      const refusedAddress = await t.api.call('PATCH', `/customers/${created.body.id}`, {
        body: { customerType: 'BUSINESS', address: complete.address },
      });
      expect(refusedAddress.status).to.equal(409);
    });

    it('a name change sent together with the submission never leaves an approval resting on the new name', async () => {
      for (let round = 0; round < 6; round++) {
        const { customer } = await newCustomer(t.api, { fullName: 'Kim Lee 003' });
        // complete data that approves (777); the change would reject (002)
        await t.api.call('PATCH', `/customers/${customer.id}`, { body: { ...complete, fullName: 'Kim Lee 777' } });
        expect((await passport(customer.id)).status).to.equal(201);
        const patch = () =>
          t.api.call('PATCH', `/customers/${customer.id}`, {
            body: { customerType: 'INDIVIDUAL', fullName: 'Kim Lee 002' },
          });
        const submit = () => t.api.post('/verifications', { customerId: customer.id });
        const [changed, verification] =
          round % 2 ? await Promise.all([patch(), submit()]) : (await Promise.all([submit(), patch()])).reverse();
        const after = (await t.api.get(`/customers/${customer.id}`)).body;
        if (changed!.status === 200) {
          // the change landed first: the verification judged the new name
          expect(verification!.body.verificationStatus).to.equal('REJECTED');
          expect(after).to.include({ fullName: 'Kim Lee 002', kycStatus: 'REJECTED' });
        } else {
          expect(changed!.status).to.equal(409);
          expect(changed!.body.code).to.equal('IDENTITY_LOCKED');
          expect(verification!.body.verificationStatus).to.equal('APPROVED');
          expect(after).to.include({ fullName: 'Kim Lee 777', kycStatus: 'APPROVED' });
        }
      }
    });

    it('documents the decision rested on cannot be replaced, nor new ones added, once pending or decided', async () => {
      const { customer } = await newCustomer(t.api, { fullName: 'Kim Lee 003' });
      const before = await passport(customer.id);
      expect(before.status).to.equal(201);
      await t.api.call('PATCH', `/customers/${customer.id}`, { body: { ...complete, fullName: 'Kim Lee 777' } });
      expect((await t.api.post('/verifications', { customerId: customer.id })).body.verificationStatus).to.equal(
        'APPROVED',
      );
      const replaced = await upload(
        'PUT',
        `/documents/${before.body.id}`,
        { documentType: 'PASSPORT', country: 'FR' },
        png('someone-else.png'),
      );
      expect(replaced.status, replaced.text).to.equal(409);
      expect(replaced.body.code).to.equal('IDENTITY_LOCKED');
      expect((await t.api.get(`/documents/${before.body.id}`)).body).to.include({
        fileName: 'passport.png',
        country: 'DE',
      });
      const added = await upload(
        'POST',
        '/documents',
        { documentHolder: customer.id, documentType: 'UTILITY_BILL', country: 'DE' },
        png('bill.png'),
      );
      expect(added.status, added.text).to.equal(409);
      expect(added.body.code).to.equal('IDENTITY_LOCKED');
      expect((await t.api.get('/documents', { documentHolder: customer.id })).body.data).to.have.length(1);

      const { customer: pending } = await newCustomer(t.api, { fullName: 'Kim Lee 001' });
      expect(pending.kycStatus).to.equal('PENDING');
      expect((await passport(pending.id)).status, 'pending').to.equal(409);
    });
  });

  describe('beneficial owners', () => {
    it('validates the owner, belongs to a business only, lists by customer, patches only the given fields', async () => {
      const { customer } = await newCustomer(t.api);
      const individual = await t.api.post('/beneficial-owners', {
        customerId: customer.id,
        roles: ['UBO'],
        ownershipPercentage: 30,
        personalInfo: ownerInfo,
      });
      expect(individual.status).to.equal(400);
      const business = await t.api.post('/customers', {
        platformCustomerId: `biz-${crypto.randomUUID()}`,
        customerType: 'BUSINESS',
        email: `biz-${crypto.randomUUID()}@example.com`,
        businessInfo: { legalName: 'Owners GmbH', country: 'DE', taxId: 'DE2', incorporatedOn: '2021-01-01' },
      });
      const bad = await t.api.post('/beneficial-owners', {
        customerId: business.body.id,
        roles: ['OWNER'],
        ownershipPercentage: 101,
        personalInfo: { firstName: 'A' },
      });
      expect(bad.status).to.equal(400);
      expect(bad.body.details.errors.map((e: { field: string }) => e.field)).to.include.members([
        'roles',
        'ownershipPercentage',
        'personalInfo.lastName',
        'personalInfo.address',
      ]);
      expect(
        (
          await t.api.post('/beneficial-owners', {
            customerId: 'Customer:nobody',
            roles: ['UBO'],
            ownershipPercentage: 30,
            personalInfo: ownerInfo,
          })
        ).status,
      ).to.equal(404);
      const owner = await t.api.post('/beneficial-owners', {
        customerId: business.body.id,
        roles: ['UBO', 'DIRECTOR'],
        ownershipPercentage: 30,
        personalInfo: ownerInfo,
      });
      expect(owner.status).to.equal(201);
      const patched = await t.api.call('PATCH', `/beneficial-owners/${owner.body.id}`, {
        body: { ownershipPercentage: 35 },
      });
      expect(patched.body).to.include({ ownershipPercentage: 35 });
      expect(patched.body.roles).to.deep.equal(['UBO', 'DIRECTOR']);
      expect(patched.body.personalInfo.lastName).to.equal(ownerInfo.lastName);
      expect((await t.api.get(`/beneficial-owners/${owner.body.id}`)).body.ownershipPercentage).to.equal(35);
      expect((await t.api.get('/beneficial-owners')).status).to.equal(400);
      expect((await t.api.get('/beneficial-owners', { customerId: customer.id })).body.data).to.deep.equal([]);
    });
  });

  describe('beneficial owners: cap and total ownership (issue 22)', () => {
    const newBusiness = async () =>
      (
        await t.api.post('/customers', {
          platformCustomerId: `biz-${crypto.randomUUID()}`,
          customerType: 'BUSINESS',
          email: `biz-${crypto.randomUUID()}@example.com`,
          businessInfo: { legalName: 'Cap GmbH', country: 'DE', taxId: 'DE3', incorporatedOn: '2021-01-01' },
        })
      ).body.id as string;
    const addOwner = (customerId: string, ownershipPercentage: number, roles = ['UBO']) =>
      t.api.post('/beneficial-owners', { customerId, roles, ownershipPercentage, personalInfo: ownerInfo });

    it('refuses owners holding more than 100% together, on create and on PATCH', async () => {
      const id = await newBusiness();
      expect((await addOwner(id, 60)).status).to.equal(201);
      const second = await addOwner(id, 40);
      expect(second.status).to.equal(201);
      const over = await addOwner(id, 1);
      expect(over.status, over.text).to.equal(400);
      expect(over.body.code).to.equal('INVALID_INPUT');
      expect(over.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['ownershipPercentage']);
      expect((await addOwner(id, 0, ['DIRECTOR'])).status, 'a director without shares').to.equal(201);
      const raised = await t.api.call('PATCH', `/beneficial-owners/${second.body.id}`, {
        body: { ownershipPercentage: 41 },
      });
      expect(raised.status).to.equal(400);
      expect(raised.body.code).to.equal('INVALID_INPUT');
      const same = await t.api.call('PATCH', `/beneficial-owners/${second.body.id}`, {
        body: { ownershipPercentage: 40 },
      });
      expect(same.status, 'its own share is not counted twice').to.equal(200);
      const listed = await t.api.get('/beneficial-owners', { customerId: id });
      expect(
        listed.body.data.reduce((sum: number, o: { ownershipPercentage: number }) => sum + o.ownershipPercentage, 0),
      ).to.equal(100);
    });

    it('caps a business at 20 owners, directors and officers', async () => {
      const id = await newBusiness();
      for (let i = 0; i < 20; i++) expect((await addOwner(id, i < 4 ? 25 : 0, ['DIRECTOR'])).status).to.equal(201);
      const over = await addOwner(id, 0, ['COMPANY_OFFICER']);
      expect(over.status, over.text).to.equal(400);
      expect(over.body.code).to.equal('INVALID_INPUT');
      expect(over.body.details.errors[0].field).to.equal('customerId');
      const listed = await t.api.get('/beneficial-owners', { customerId: id, limit: '100' });
      expect(listed.body.data).to.have.length(20);
    });
  });

  describe('documents', () => {
    it('checks the part Content-Type, not the extension, and the 10 MB limit', async () => {
      const { customer } = await newCustomer(t.api, { fullName: 'Doc Test 003' });
      const text = await passport(customer.id, new File(['hello'], 'passport.png', { type: 'text/plain' }));
      expect(text.status).to.equal(400);
      expect(text.body.details.errors[0].field).to.equal('file');
      const named = await passport(customer.id, new File([PNG], 'scan.txt', { type: 'image/png' }));
      expect(named.status).to.equal(201);
      const pdf = await passport(customer.id, new File(['%PDF-1.7'], 'p.pdf', { type: 'application/pdf' }));
      expect(pdf.status).to.equal(201);
      const big = await passport(
        customer.id,
        new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }),
      );
      expect(big.status).to.equal(400);
      expect(big.body.details.errors[0].field).to.equal('file');
      const max = await passport(
        customer.id,
        new File([new Uint8Array(10 * 1024 * 1024)], 'max.jpg', { type: 'image/jpeg' }),
      );
      expect(max.status).to.equal(201);
      const missing = await upload('POST', '/documents', { documentHolder: customer.id });
      expect(missing.body.details.errors.map((e: { field: string }) => e.field)).to.have.members([
        'documentType',
        'country',
        'file',
      ]);
      expect((await passport('Customer:nobody')).status).to.equal(404);
    });

    it('a file named *-rejected is refused by screening with 422 DOCUMENT_REJECTED and nothing is stored', async () => {
      const { customer } = await newCustomer(t.api, { fullName: 'Screen Test 003' });
      const rejected = await passport(customer.id, png('passport-rejected.png'));
      expect(rejected.status).to.equal(422);
      expect(rejected.body).to.include({ code: 'DOCUMENT_REJECTED' });
      expect(rejected.body.details).to.deep.equal({ reason: 'LOW_QUALITY' });
      const list = await t.api.get('/documents', { documentHolder: customer.id });
      expect(list.body.data).to.deep.equal([]);
      const kept = await passport(customer.id);
      const replace = await upload(
        'PUT',
        `/documents/${kept.body.id}`,
        { documentType: 'PASSPORT', country: 'DE' },
        png('again-rejected.png'),
      );
      expect(replace.status).to.equal(422);
      expect((await t.api.get(`/documents/${kept.body.id}`)).body.fileName).to.equal('passport.png');
      expect((await t.api.call('DELETE', `/documents/${kept.body.id}`)).status).to.equal(204);
      expect((await t.api.get(`/documents/${kept.body.id}`)).status).to.equal(404);
    });
  });

  describe('hosted KYC link', () => {
    it('returns a single-use link on its own origin; completing it approves, like the provider would', async () => {
      const { customer } = await newCustomer(t.api, { fullName: 'Link Test 003' });
      const key = crypto.randomUUID();
      const link = await t.api.post(
        `/customers/${customer.id}/kyc-link`,
        { redirectUri: 'http://localhost:5173/onboarding/done' },
        { 'Idempotency-Key': key },
      );
      expect(link.status, link.text).to.equal(201);
      expect(link.body).to.include({ provider: 'SUMSUB' });
      expect(link.body.token).to.be.a('string');
      const url = new URL(link.body.kycUrl);
      expect(url.origin).to.equal(t.server.kycOrigin);
      expect(url.origin).not.to.equal(new URL(t.server.baseUrl).origin);
      const again = await t.api.post(
        `/customers/${customer.id}/kyc-link`,
        { redirectUri: 'http://localhost:5173/onboarding/done' },
        { 'Idempotency-Key': key },
      );
      expect(again.body.kycUrl).to.equal(link.body.kycUrl);
      const fresh = await t.api.post(`/customers/${customer.id}/kyc-link`);
      expect(fresh.body.kycUrl).not.to.equal(link.body.kycUrl);
      expect((await t.api.get(`/customers/${customer.id}`)).body.kycStatus).to.equal('UNVERIFIED');

      const page = await t.fetch(link.body.kycUrl);
      expect(page.status).to.equal(200);
      expect(page.headers.get('Content-Security-Policy')).to.include('frame-ancestors http://localhost:5173');
      expect(await page.text()).to.include('Complete verification');
      const done = await t.fetch(link.body.kycUrl, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'complete' }),
        redirect: 'manual',
      });
      expect(done.status).to.equal(303);
      expect(done.headers.get('Location')).to.equal('http://localhost:5173/onboarding/done');
      expect((await t.api.get(`/customers/${customer.id}`)).body.kycStatus).to.equal('APPROVED');
      expect((await t.fetch(link.body.kycUrl)).status).to.equal(410);
      const verifications = await t.api.get('/verifications', { customerId: customer.id });
      expect(verifications.body.data.map((v: { verificationStatus: string }) => v.verificationStatus)).to.deep.equal([
        'APPROVED',
      ]);
    });

    it('failing the hosted flow rejects the customer', async () => {
      const { customer } = await newCustomer(t.api, { fullName: 'Link Fail 003' });
      const link = await t.api.post(`/customers/${customer.id}/kyc-link`);
      const done = await t.fetch(link.body.kycUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }) });
      expect(done.status).to.equal(200);
      expect((await t.api.get(`/customers/${customer.id}`)).body.kycStatus).to.equal('REJECTED');
    });
  });
});
