import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

// Every answer is judged against the service's OpenAPI (startTestSandbox): close() fails on a violation.
describe('sandbox: UMA invitations (create, read, claim, cancel, expiry)', () => {
  let t: TestSandbox;
  let inviter: string;
  before(async () => {
    t = await startTestSandbox();
    inviter = (await newCustomer(t.api)).customer.umaAddress;
  });
  after(() => t.close());

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await t.api.post('/invitations', { inviterUma: inviter, ...body });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  };
  const claim = (code: string, inviteeUma = '$invitee@uma.example') =>
    t.api.post(`/invitations/${code}/claim`, { inviteeUma });

  it('a PENDING invitation with an amount is read by its code, then claimed once', async () => {
    const created = await create({ firstName: 'Jane', amountToSend: 12550 });
    expect(created).to.include({ inviterUma: inviter, status: 'PENDING', firstName: 'Jane' });
    expect(created.code).to.match(/^[0-9a-f]{8}$/);
    expect(created.url).to.equal(`https://uma.me/i/${created.code}`);
    expect(created.amountToSend).to.deep.equal({
      amount: 12550,
      currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
    });
    const read = await t.api.get(`/invitations/${created.code}`);
    expect([read.status, read.body]).to.deep.equal([200, created]);

    t.clock.advance(5_000);
    const claimed = await claim(created.code);
    expect(claimed.status, claimed.text).to.equal(200);
    expect(claimed.body).to.include({ status: 'CLAIMED', inviteeUma: '$invitee@uma.example' });
    expect(Date.parse(claimed.body.claimedAt) - Date.parse(created.createdAt)).to.be.within(5_000, 60_000);
    const again = await claim(created.code, '$other@uma.example');
    expect([again.status, again.body.code]).to.deep.equal([400, 'INVITATION_ALREADY_CLAIMED']);
    expect((await t.api.get(`/invitations/${created.code}`)).body.inviteeUma).to.equal('$invitee@uma.example');
  });

  it('cancel: PENDING → CANCELLED, which can be neither claimed nor cancelled again', async () => {
    const { code } = await create();
    const cancelled = await t.api.post(`/invitations/${code}/cancel`);
    expect([cancelled.status, cancelled.body.status]).to.deep.equal([200, 'CANCELLED']);
    const claimed = await claim(code);
    expect([claimed.status, claimed.body.code]).to.deep.equal([400, 'INVITATION_CANCELLED']);
    const twice = await t.api.post(`/invitations/${code}/cancel`);
    expect([twice.status, twice.body.code]).to.deep.equal([400, 'INVITATION_CANCELLED']);
  });

  it('a PENDING invitation reads EXPIRED from its expiresAt on; claiming it is 400 with details.status', async () => {
    const { code } = await create({ expiresAt: new Date(t.clock.now() + 60_000).toISOString() });
    expect((await t.api.get(`/invitations/${code}`)).body.status).to.equal('PENDING');
    t.clock.advance(60_000);
    expect((await t.api.get(`/invitations/${code}`)).body.status).to.equal('EXPIRED');
    const late = await claim(code);
    expect([late.status, late.body.code, late.body.details?.status]).to.deep.equal([400, 'INVALID_INPUT', 'EXPIRED']);
    const cancel = await t.api.post(`/invitations/${code}/cancel`);
    expect([cancel.status, cancel.body.details?.status]).to.deep.equal([400, 'EXPIRED']);
  });

  it('refuses an unknown code (404), bad UMA addresses, the inviter as invitee and unknown fields', async () => {
    const missing = await t.api.get('/invitations/nope1234');
    expect([missing.status, missing.body.code]).to.deep.equal([404, 'INVITATION_NOT_FOUND']);
    const missingClaim = await claim('nope1234');
    expect([missingClaim.status, missingClaim.body.code]).to.deep.equal([404, 'INVITATION_NOT_FOUND']);
    const { code } = await create();
    const malformed = await claim(code, 'invitee@uma.example');
    expect([malformed.status, malformed.body.code]).to.deep.equal([400, 'INVALID_UMA_ADDRESS']);
    const self = await claim(code, inviter);
    expect([self.status, self.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const extra = await t.api.post(`/invitations/${code}/claim`, { inviteeUma: '$x@uma.example', amount: 1 });
    expect([extra.status, extra.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const stranger = await t.api.post('/invitations', { inviterUma: '$nobody@uma.example' });
    expect([stranger.status, stranger.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const badUma = await t.api.post('/invitations', { inviterUma: 'nobody' });
    expect([badUma.status, badUma.body.code]).to.deep.equal([400, 'INVALID_UMA_ADDRESS']);
    expect((await t.api.get(`/invitations/${code}`)).body.status).to.equal('PENDING');
    expect(t.contract.checked).to.be.greaterThan(0);
  });
});
