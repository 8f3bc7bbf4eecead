import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayInvitationElement } from '../src/invitation/invitation.js';
import '../src/define/pay-invitation.js';
import '../src/translations/fr.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import {
  expectAccessible,
  fixture,
  hasState,
  html,
  maybePart,
  nextEvent,
  part,
  pressEnter,
  setupElementTests,
  until,
} from './helpers/dom.js';

/** A chain (the invitee, signed in to the platform) and an inviter, Jane, who is a customer of the same platform. */
async function invited(): Promise<SandboxChain & { inviterUma: string; create(body?: object): Promise<string> }> {
  const chain = await sandboxChain();
  const inviter = await chain.platform('POST', '/customers', {
    platformCustomerId: `inviter-${crypto.randomUUID()}`,
    customerType: 'INDIVIDUAL',
    email: `jane-${crypto.randomUUID()}@example.com`,
  });
  return {
    ...chain,
    inviterUma: inviter.umaAddress,
    create: async (body = {}) =>
      (await chain.platform('POST', '/invitations', { inviterUma: inviter.umaAddress, ...body })).code,
  };
}

describe('<pay-invitation>', () => {
  setupElementTests();
  const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
  const shown = async (chain: SandboxChain, code: string, lang = 'en') => {
    const el = await fixture<PayInvitationElement>(
      html`<pay-invitation
        .client=${chain.client}
        code=${code}
        customer-id=${chain.customerId}
        lang=${lang}
      ></pay-invitation>`,
    );
    await until(() => !hasState(el, 'loading') && !hasState(el, 'busy'), 'the invitation');
    await el.updateComplete;
    return el;
  };

  it('shows who invited and the amount, and accepts it for the signed-in customer’s own UMA address', async () => {
    const chain = await invited();
    const code = await chain.create({ firstName: 'Jane', amountToSend: 12550 });
    const el = await shown(chain, code);
    expect(hasState(el, 'ready')).to.equal(true);
    expect(text(part(el, 'inviter'))).to.equal('Jane invited you');
    expect(text(el.shadowRoot!.querySelector('.card')!)).to.contain(chain.inviterUma);
    expect(text(part(el, 'amount'))).to.equal('$125.50 for you');
    expect(text(part(el, 'status'))).to.equal('Waiting for you');
    await expectAccessible(el, 'ready');

    const claimed = nextEvent<CustomEvent>(document, 'pay-invitation-claimed');
    await pressEnter(part<HTMLButtonElement>(el, 'claim-button'));
    expect((await claimed).detail).to.deep.equal({ invitationCode: code, status: 'CLAIMED' });
    await until(() => hasState(el, 'claimed'), 'claimed');
    await el.updateComplete;
    expect(text(part(el, 'success'))).to.equal('Invitation accepted.');
    expect(text(part(el, 'status'))).to.equal('Accepted');
    expect(maybePart(el, 'claim-button')).to.equal(null);
    const customer = await chain.platform('GET', `/customers/${encodeURIComponent(chain.customerId)}`);
    const stored = await chain.platform('GET', `/invitations/${code}`);
    expect([stored.status, stored.inviteeUma]).to.deep.equal(['CLAIMED', customer.umaAddress]);
    expect(chain.forwarded.filter((p) => p.startsWith('POST /invitations'))).to.deep.equal([
      `POST /invitations/${code}/claim`,
    ]);
  });

  it('says so when the invitation was accepted, cancelled, expired or is unknown (and in French)', async () => {
    const chain = await invited();
    const accepted = await chain.create({ amountToSend: 500 });
    await chain.platform('POST', `/invitations/${accepted}/claim`, { inviteeUma: '$someone@other.example' });
    const cancelled = await chain.create({ amountToSend: 500 });
    await chain.platform('POST', `/invitations/${cancelled}/cancel`);
    const expired = await chain.create({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const cases: [string, string, string, string][] = [
      [accepted, 'en', 'already-claimed', 'This invitation has already been accepted.'],
      [cancelled, 'en', 'cancelled', 'This invitation was cancelled by the person who sent it.'],
      [expired, 'en', 'expired', 'This invitation has expired. Ask for a new one.'],
      ['00000000', 'en', 'not-found', 'We can’t find this invitation. Check the link you were sent.'],
      [expired, 'fr', 'expired', 'Cette invitation a expiré. Demandez-en une nouvelle.'],
    ];
    for (const [code, lang, state, message] of cases) {
      const el = await shown(chain, code, lang);
      expect(hasState(el, state), `${code} ${state}`).to.equal(true);
      expect(text(part(el, 'message'))).to.equal(message);
      expect(maybePart(el, 'claim-button')).to.equal(null);
      expect(maybePart(el, 'amount'), 'no amount promised any more').to.equal(null);
    }
  });

  it('shows the state a refused claim reveals, and a lost read as the shared error with “Try again”', async () => {
    const chain = await invited();
    const code = await chain.create();
    const el = await shown(chain, code);
    // someone else accepts it meanwhile: the service refuses (INVITATION_ALREADY_CLAIMED)
    await chain.platform('POST', `/invitations/${code}/claim`, { inviteeUma: '$someone@other.example' });
    await pressEnter(part<HTMLButtonElement>(el, 'claim-button'));
    await until(() => hasState(el, 'already-claimed'), 'already claimed');
    await el.updateComplete;
    expect(text(part(el, 'message'))).to.equal('This invitation has already been accepted.');
    expect(hasState(el, 'error')).to.equal(false);

    chain.loseNextAnswer(/^\/invitations\//);
    const lost = await shown(chain, await chain.create());
    expect(hasState(lost, 'error')).to.equal(true);
    expect(text(part(lost, 'error'))).to.contain('Try again');
    await pressEnter(part<HTMLButtonElement>(lost, 'retry-button'));
    await until(() => hasState(lost, 'ready'), 'ready after the retry');
  });
});
