import { expect } from 'chai';
import { claimInvitation, getInvitation } from '@paykit/crypto-core/activity';
import type { WalletClient } from '@paykit/crypto-core/client';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, platformClient, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

/** crypto-core's invitation flows (`@paykit/crypto-core/activity`) against the sandbox. */
describe('sandbox: getInvitation and claimInvitation of @paykit/crypto-core/activity', () => {
  let t: TestSandbox;
  let client: WalletClient;
  before(async () => {
    t = await startTestSandbox();
    client = platformClient(t);
  });
  after(async () => {
    client.close();
    await t.close();
  });

  it('reads an invitation by its code and claims it for the invitee; a second claim is the service’s error', async () => {
    const inviter = (await newCustomer(t.api)).customer;
    const invitee = (await newCustomer(t.api)).customer;
    const created = await t.api.post('/invitations', { inviterUma: inviter.umaAddress, amountToSend: 500 });
    const invitation = await getInvitation(client, created.body.code);
    expect(invitation).to.include({ code: created.body.code, status: 'PENDING', inviterUma: inviter.umaAddress });
    expect(invitation.amountToSend?.amount).to.equal(500);

    const claimed = await claimInvitation(client, invitation.code, invitee.umaAddress);
    expect(claimed).to.include({ status: 'CLAIMED', inviteeUma: invitee.umaAddress });
    const again = await claimInvitation(client, invitation.code, invitee.umaAddress).catch((e: unknown) => e);
    expect(again).to.include({ status: 400, code: 'INVITATION_ALREADY_CLAIMED' });
  });

  it('passes INVITATION_NOT_FOUND on, and refuses an empty code before any request', async () => {
    const missing = await getInvitation(client, 'nope/../1').catch((e: unknown) => e);
    expect(missing).to.include({ status: 404, code: 'INVITATION_NOT_FOUND' });
    const empty = await getInvitation(client, '').catch((e: unknown) => e);
    expect(empty).to.include({ code: 'INVALID_ARGUMENT' });
    const noInvitee = await claimInvitation(client, 'abc', '').catch((e: unknown) => e);
    expect(noInvitee).to.include({ code: 'INVALID_ARGUMENT' });
  });
});
