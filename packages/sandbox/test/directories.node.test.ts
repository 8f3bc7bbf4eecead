import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

describe('sandbox: the directories a payee is declared at (UMA providers, VASPs)', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  const names = (body: { data: { name?: string; vaspName?: string }[] }) => body.data.map((p) => p.name ?? p.vaspName);

  it('lists UMA providers by region and currency, blocked ones unless asked not to, sorted and paged', async () => {
    const all = await t.api.get('/uma-providers');
    expect(all.status).to.equal(200);
    expect(names(all.body), 'descending by name by default').to.deep.equal([
      'Receiver Example',
      'Manila Pay',
      'Lightspark Group',
    ]);
    expect(all.body.totalCount).to.equal(3);
    expect(all.body.data[0]).to.include({ domain: 'receiver.example', allowListStatus: true });

    const us = await t.api.get('/uma-providers', { countryCode: 'US', currencyCode: 'USD', sortOrder: 'asc' });
    expect(names(us.body)).to.deep.equal(['Lightspark Group', 'Receiver Example']);
    expect(names((await t.api.get('/uma-providers', { currencyCode: 'PHP' })).body)).to.deep.equal(['Manila Pay']);
    const allowed = await t.api.get('/uma-providers', { hasBlockedProviders: 'false' });
    expect(names(allowed.body)).to.deep.equal(['Receiver Example', 'Lightspark Group']);
    // a filter the API types as any string matches nothing rather than failing (no 400 is declared)
    const none = await t.api.get('/uma-providers', { countryCode: 'Narnia' });
    expect([none.status, none.body.data, none.body.totalCount]).to.deep.equal([200, [], 0]);

    const first = await t.api.get('/uma-providers', { limit: '2' });
    expect(first.body.hasMore).to.equal(true);
    const second = await t.api.get('/uma-providers', { limit: '2', cursor: first.body.nextCursor });
    expect([...names(first.body), ...names(second.body)]).to.deep.equal(names(all.body));
    expect(second.body.hasMore).to.equal(false);
    expect((await t.api.get('/uma-providers', { hasBlockedProviders: 'yes' })).status).to.equal(400);
  });

  it('lists the VASPs whose vaspName a counterparty declaration takes, paged', async () => {
    const all = await t.api.get('/vasps');
    expect(all.status).to.equal(200);
    expect(names(all.body)).to.deep.equal(['Kraken', 'Coinbase', 'Bitstamp']);
    expect(all.body.data[0]).to.deep.equal({ vaspName: 'Kraken', url: 'https://www.kraken.com' });
    const page = await t.api.get('/vasps', { limit: '1' });
    expect([names(page.body), page.body.hasMore]).to.deep.equal([['Kraken'], true]);
    expect((await t.api.get('/vasps', { limit: '0' })).status).to.equal(400);
  });
});
