import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { alice, bob, envelope, harness, PREFIX, PRODUCTION_URL } from './support.js';

describe('path safety: the service sees exactly the path that was checked', () => {
  it('refuses encoded slashes and backslashes that a server might decode into another path', async () => {
    const { send, service } = harness();
    const tricks: [string, string][] = [
      ['DELETE', '/auth/sessions/..%2f..%2fcustomers'],
      ['DELETE', '/auth/sessions/..%2F..%2Fcustomers'],
      ['GET', '/auth/sessions/..%2f..%2fcustomers'],
      ['DELETE', '/auth/sessions/..%5c..%5ccustomers'],
      ['GET', `/customers/${alice.customer}%2f..%2f..%2fcustomers`],
      ['POST', `/internal-accounts/${alice.account}%2fexport`],
      ['GET', `/cards/${alice.card}%00`],
      ['GET', `/cards/%2e%2e%2fcustomers`],
      ['GET', '/cards/%252e%252e%252fcustomers'],
      ['GET', '/cards/%E0%A4%A'],
    ];
    for (const [method, path] of tricks) {
      const response = await send(method, `${PREFIX}${path}`);
      expect(response.status, `${method} ${path}`).to.equal(404);
      expect(await envelope(response)).to.deep.equal({ status: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }
    expect(service.calls).to.have.length(0);
  });

  it('refuses empty segments: double slashes and trailing slashes', async () => {
    const { send, service } = harness();
    for (const path of [
      `//cards/${alice.card}`,
      `/cards//${alice.card}`,
      `/cards/${alice.card}/`,
      `/auth//sessions?accountId=${alice.account}`,
    ]) {
      expect((await send('GET', `${PREFIX}${path}`)).status, path).to.equal(404);
    }
    expect(service.calls).to.have.length(0);
  });

  it('refuses dot segments that climb out of an allowlisted path or out of the mount prefix', async () => {
    const { send, service } = harness();
    const response = await send('POST', `${PREFIX}/internal-accounts/x/export/../../../customers`);
    expect(response.status).to.equal(404);
    expect(
      (await send('POST', `${PREFIX}/internal-accounts/${alice.account}/export/../../../../customers`)).status,
    ).to.equal(404);
    expect((await send('GET', `${PREFIX}/../customers`)).status).to.equal(404);
    const unprefixed = harness({ pathPrefix: '' });
    expect((await unprefixed.send('POST', '/internal-accounts/x/export/../../../customers')).status).to.equal(404);
    expect(service.calls).to.have.length(0);
    expect(unprefixed.service.calls).to.have.length(0);
  });

  it('judges ownership on the path that results, so climbing to another user gains nothing', async () => {
    const { send, service } = harness();
    for (const path of [
      `/customers/${alice.customer}/../${bob.customer}`,
      `/customers/${alice.customer}/%2e%2e/${bob.customer}`,
    ]) {
      const response = await send('GET', `${PREFIX}${path}`);
      expect(response.status, path).to.equal(403);
    }
    expect(service.calls).to.have.length(0);
  });

  it('forwards an encoded identifier in its canonical form', async () => {
    const { send, service } = harness();
    const response = await send('GET', `${PREFIX}/customers/Customer%3Aalice`);
    expect(response.status).to.equal(200);
    expect(service.calls[0]?.url).to.equal(`${PRODUCTION_URL}/customers/Customer:alice`);
  });

  it('answers 404 for paths outside the mount prefix', async () => {
    const { send, service } = harness();
    for (const path of [`/api/walletx/cards/${alice.card}`, `/cards/${alice.card}`, `/api/cards/${alice.card}`]) {
      expect((await send('GET', path)).status, path).to.equal(404);
    }
    expect(service.calls).to.have.length(0);
  });
});
