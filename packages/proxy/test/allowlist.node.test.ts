import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { ALLOWLIST, createPlatformProxy, endUserFromIds, memoryCardControls } from '../src/index.js';
import {
  alice,
  bob,
  CLIENT_SECRET,
  envelope,
  harness,
  type Harness,
  fakeCards,
  externalAccountOwners,
  json,
  PREFIX,
  PRODUCTION_URL,
  SANDBOX_URL,
  TOKEN_ID,
} from './support.js';

const enc = encodeURIComponent;

function documentForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ documentType: 'PASSPORT', country: 'DE', ...fields }))
    form.set(name, value);
  form.set('file', new File([new Uint8Array([0x89, 0x50])], 'passport.png', { type: 'image/png' }));
  return form;
}

/** A multipart body as a browser sends it, with the page's Origin (uploads need one). */
async function multipart(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  const encoded = new Response(form);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'Content-Type': encoded.headers.get('Content-Type')!, Origin: 'https://platform.example' },
  };
}

/** One owned request per allowlist entry, written from the brief, not derived from the table. */
const OWNED_REQUESTS: { method: string; path: string; body?: unknown; form?: FormData }[] = [
  { method: 'GET', path: `/auth/credentials?accountId=${enc(alice.account)}` },
  { method: 'POST', path: '/auth/credentials', body: { type: 'SMS_OTP', accountId: alice.account } },
  { method: 'DELETE', path: `/auth/credentials/${alice.credential}` },
  { method: 'POST', path: `/auth/credentials/${alice.credential}/challenge`, body: {} },
  { method: 'POST', path: `/auth/credentials/${alice.credential}/verify`, body: { type: 'EMAIL_OTP' } },
  { method: 'GET', path: `/auth/sessions?accountId=${enc(alice.account)}` },
  { method: 'POST', path: `/auth/sessions/${alice.session}/refresh`, body: { clientPublicKey: '02ab' } },
  { method: 'DELETE', path: `/auth/sessions/${alice.session}` },
  {
    method: 'POST',
    path: '/auth/delegated-keys',
    body: { cardId: alice.card, internalAccountId: alice.account, nickname: 'k' },
  },
  {
    method: 'GET',
    path: `/auth/delegated-keys?accountId=${enc(alice.account)}&fundingSourceId=${enc(alice.fundingSource)}`,
  },
  { method: 'GET', path: `/auth/delegated-keys/${alice.delegatedKey}` },
  { method: 'DELETE', path: `/auth/delegated-keys/${alice.delegatedKey}` },
  { method: 'GET', path: `/customers/internal-accounts?customerId=${enc(alice.customer)}&type=EMBEDDED_WALLET` },
  { method: 'PATCH', path: `/internal-accounts/${alice.account}`, body: { privateEnabled: true } },
  { method: 'POST', path: `/internal-accounts/${alice.account}/export`, body: { clientPublicKey: '04ab' } },
  { method: 'GET', path: `/customers/${alice.customer}` },
  { method: 'PATCH', path: `/customers/${alice.customer}`, body: { email: 'alice@example.com' } },
  { method: 'GET', path: '/customers/end-user-terms' },
  { method: 'POST', path: `/customers/${alice.customer}/verify-email` },
  { method: 'POST', path: `/customers/${alice.customer}/verify-email/confirm`, body: { code: '123456' } },
  { method: 'POST', path: `/customers/${alice.customer}/verify-phone` },
  { method: 'POST', path: `/customers/${alice.customer}/verify-phone/confirm`, body: { code: '123456' } },
  { method: 'POST', path: `/customers/${alice.customer}/kyc-link`, body: {} },
  { method: 'POST', path: '/verifications', body: { customerId: alice.customer } },
  { method: 'POST', path: '/documents', form: documentForm({ documentHolder: alice.customer }) },
  { method: 'PUT', path: '/documents/Document:alice', form: documentForm({}) },
  {
    method: 'POST',
    path: '/beneficial-owners',
    body: { customerId: alice.customer, roles: ['UBO'], ownershipPercentage: 30, personalInfo: {} },
  },
  { method: 'GET', path: `/beneficial-owners?customerId=${enc(alice.customer)}` },
  {
    method: 'POST',
    path: '/quotes',
    body: { source: { sourceType: 'ACCOUNT', accountId: alice.account }, destination: { umaAddress: '$bob@x' } },
  },
  { method: 'GET', path: `/quotes/${alice.quote}` },
  { method: 'GET', path: `/receiver/uma/$bob@receiver.example?customerId=${enc(alice.customer)}` },
  {
    method: 'GET',
    path: `/receiver/external-account/${alice.externalAccount}?customerId=${enc(alice.customer)}`,
  },
  { method: 'GET', path: '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=1000' },
  { method: 'GET', path: '/discoveries?country=PH&currency=PHP' },
  { method: 'GET', path: '/uma-providers?countryCode=US&currencyCode=USD&limit=5' },
  { method: 'GET', path: '/vasps?limit=10' },
  {
    method: 'POST',
    path: '/crypto/estimate-withdrawal-fee',
    body: {
      internalAccountId: alice.account,
      currency: 'USDC',
      cryptoNetwork: 'SOLANA',
      amount: 1000000,
      destinationAddress: 'x',
    },
  },
  { method: 'POST', path: `/quotes/${alice.quote}/execute` },
  { method: 'POST', path: `/quotes/${alice.quote}/authorize`, body: { code: '123456' } },
  { method: 'POST', path: `/quotes/${alice.quote}/authorize/resend` },
  { method: 'POST', path: `/sca/login/start?customerId=${enc(alice.customer)}`, body: { factor: 'SMS_OTP' } },
  { method: 'POST', path: `/sca/login/complete?customerId=${enc(alice.customer)}`, body: { code: '123456' } },
  {
    method: 'POST',
    path: '/cards',
    body: { cardholderId: alice.customer, fundingSource: alice.account, form: 'VIRTUAL' },
  },
  { method: 'GET', path: `/cards/${alice.card}` },
  { method: 'POST', path: `/cards/${alice.card}/reveal` },
  { method: 'GET', path: `/transactions?cardId=${enc(alice.card)}&limit=20` },
  { method: 'GET', path: '/transactions/Transaction:alice' },
  { method: 'GET', path: `/cards?cardholderId=${enc(alice.customer)}` },
  { method: 'PATCH', path: `/cards/${alice.card}`, body: { state: 'FROZEN', maxSpendPerDay: 5000 } },
  { method: 'GET', path: `/customers/external-accounts?customerId=${enc(alice.customer)}` },
  {
    method: 'POST',
    path: '/customers/external-accounts',
    body: { customerId: alice.customer, currency: 'USDC', accountInfo: { accountType: 'ETHEREUM_WALLET' } },
  },
  { method: 'GET', path: `/customers/external-accounts/${alice.externalAccount}` },
  { method: 'DELETE', path: `/customers/external-accounts/${alice.externalAccount}` },
  {
    method: 'POST',
    path: `/customers/external-accounts/${alice.externalAccount}/challenge`,
    body: { method: 'LIVENESS' },
  },
  { method: 'POST', path: `/customers/external-accounts/${alice.externalAccount}/verify`, body: { signature: '0x' } },
  { method: 'POST', path: `/customers/external-accounts/${alice.externalAccount}/trust` },
  {
    method: 'POST',
    path: `/customers/external-accounts/${alice.externalAccount}/trust/confirm`,
    body: { code: '123456' },
  },
  { method: 'POST', path: `/customers/external-accounts/${alice.externalAccount}/untrust` },
  {
    method: 'POST',
    path: `/customers/external-accounts/${alice.externalAccount}/untrust/confirm`,
    body: { code: '123456' },
  },
  { method: 'POST', path: `/sandbox/internal-accounts/${alice.account}/fund`, body: { amount: 1000 } },
  { method: 'GET', path: '/sandbox/enclave-keys' },
  { method: 'POST', path: '/sandbox/send', body: { quoteId: alice.quote, currencyCode: 'USD' } },
  { method: 'POST', path: `/sandbox/cards/${alice.card}/simulate/authorization`, body: { amount: 1 } },
  { method: 'POST', path: `/sandbox/cards/${alice.card}/simulate/clearing`, body: { amount: 1 } },
  { method: 'POST', path: `/sandbox/cards/${alice.card}/simulate/return`, body: { amount: 1 } },
  { method: 'POST', path: '/transactions/Transaction:alice/cancel', body: { reason: 'CHANGED_MIND' } },
  { method: 'GET', path: '/invitations/019542f5' },
  { method: 'POST', path: '/invitations/019542f5/claim', body: { inviteeUma: '$alice@platform.example' } },
  { method: 'GET', path: `/sca/factors?customerId=${enc(alice.customer)}` },
  { method: 'POST', path: `/sca/factors?customerId=${enc(alice.customer)}`, body: { type: 'TOTP' } },
  {
    method: 'POST',
    path: `/sca/factors/confirm?customerId=${enc(alice.customer)}`,
    body: { type: 'TOTP', secret: 'ab', code: '123456' },
  },
  { method: 'DELETE', path: `/sca/factors/cred-alice?customerId=${enc(alice.customer)}` },
  { method: 'POST', path: `/sca/factors/reset?customerId=${enc(alice.customer)}`, body: { factor: 'SMS_OTP' } },
  { method: 'GET', path: `/sca/factors/reset/ScaReset:alice?customerId=${enc(alice.customer)}` },
  {
    method: 'POST',
    path: `/sca/factors/reset/ScaReset:alice/complete?customerId=${enc(alice.customer)}`,
    body: { mobile: { countryCode: '+49', number: '15199990000' } },
  },
];

/** Sends each `[method, path, body?, expected status]` case and checks the status. */
async function expectStatuses(
  send: Harness['send'],
  cases: [string, string, string | undefined, number][],
): Promise<void> {
  for (const [method, path, body, status] of cases) {
    const response = await send(method, `${PREFIX}${path}`, body === undefined ? {} : { body });
    expect(response.status, `${method} ${path} ${body}`).to.equal(status);
  }
}

describe('allowlist: what a signed-in end user may call', () => {
  it('forwards every allowlisted endpoint when the user owns what it names', async () => {
    expect(OWNED_REQUESTS).to.have.length(ALLOWLIST.length);
    // owner reads: each external account's owner, the document's holder (GET /documents/{id}) and the transaction's customer
    const cards = fakeCards();
    const { send, service } = harness({
      serviceUrl: SANDBOX_URL,
      allowSandboxPaths: true,
      clientAddress: () => '203.0.113.7', // stamped on the SCA login complete, which the service requires it in
      answer: async (request) =>
        externalAccountOwners(request) ??
        (request.method === 'GET' ? await cards.answer(request) : undefined) ??
        Response.json(
          request.method === 'GET' && request.url.includes('/documents/')
            ? { documentHolder: alice.customer }
            : request.method === 'GET' && request.url.includes('/transactions/')
              ? { customerId: alice.customer }
              : request.method === 'GET' && /\/customers\/Customer%3Aalice$/.test(request.url)
                ? { kycStatus: 'UNVERIFIED' }
                : request.method === 'GET' && request.url.includes('/customers?umaAddress=')
                  ? { data: [{ id: alice.customer }], hasMore: false }
                  : request.method === 'GET' && request.url.includes('/auth/delegated-keys?')
                    ? { data: [{ id: alice.delegatedKey, cardId: alice.card }] }
                    : request.method === 'GET' && request.url.includes('/sca/factors?')
                      ? { factors: [{ factor: 'SMS_OTP' }, { factor: 'PASSKEY', credentialId: 'cred-alice' }] }
                      : { ok: true },
        ),
    });
    for (const { method, path, body, form } of OWNED_REQUESTS) {
      const init = form ? await multipart(form) : body === undefined ? {} : { body: json(body) };
      const response = await send(method, `${PREFIX}${path}`, init);
      expect(response.status, `${method} ${path}`).to.equal(200);
      const forwarded = service.calls.at(-1) as Request;
      // a card's transactions are asked for with the cardholder's filter, which the service lists by
      const sent = path.startsWith('/transactions?cardId=') ? `${path}&customerId=${enc(alice.customer)}` : path;
      expect(`${forwarded.method} ${forwarded.url}`).to.equal(`${method} ${SANDBOX_URL}${sent}`);
    }
    // plus one read of the owner of each resource the platform does not track, of the card whose transactions
    // are listed, of the customer's verification status before a document goes, of a card before its change,
    // and of the customer's list holding the item a route names (an SCA factor before its removal)
    const reads =
      ALLOWLIST.filter((route) => route.owned.some((p) => p.ownerOf || p.addsFilter)).length +
      ALLOWLIST.filter((route) => route.lockedOnceVerified === true || route.cardControls || route.listedFor).length;
    expect(service.calls).to.have.length(ALLOWLIST.length + reads);
  });

  it('lists exactly the routes of ALLOWLIST in the README table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) +\| `([^`]+)` +\|/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(rows.sort()).to.deep.equal(ALLOWLIST.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('prefers the literal route: GET /customers/internal-accounts is the account list, not a customer', async () => {
    const { send, service } = harness();
    const response = await send('GET', `${PREFIX}/customers/internal-accounts?customerId=${enc(bob.customer)}`);
    expect(response.status).to.equal(403);
    expect(await envelope(response)).to.deep.equal({
      status: 403,
      code: 'FORBIDDEN',
      message: 'customerId names a resource you do not own.',
    });
    expect(service.calls).to.have.length(0);
  });
});

describe('UMA receiver lookup', () => {
  it('forwards a lookup as the user themself, and refuses one without a customerId or as another customer (403)', async () => {
    const { send, service } = harness();
    const mine = await send(
      'GET',
      `${PREFIX}/receiver/uma/${enc('$bob@receiver.example')}?customerId=${enc(alice.customer)}`,
    );
    expect(mine.status).to.equal(200);
    expect(service.calls).to.have.length(1);
    expect((service.calls[0] as Request).url, 'the decoded address is forwarded').to.equal(
      `${PRODUCTION_URL}/receiver/uma/$bob@receiver.example?customerId=${enc(alice.customer)}`,
    );
    expect(
      (await send('GET', `${PREFIX}/receiver/uma/${enc('$bob@receiver.example')}?customerId=${enc(bob.customer)}`))
        .status,
    ).to.equal(403);
    expect((await send('GET', `${PREFIX}/receiver/uma/${enc('$bob@receiver.example')}`)).status).to.be.oneOf([
      400, 403,
    ]);
    expect(service.calls).to.have.length(1);
  });
});

describe('sending money', () => {
  it("looks up only the user's own external account as themself, and estimates fees only from their own account", async () => {
    const { send, service } = harness({
      answer: (request) => externalAccountOwners(request) ?? Response.json({ ok: true }),
    });
    const fee = { currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 1000000, destinationAddress: 'x' };
    await expectStatuses(send, [
      ['GET', `/receiver/external-account/${bob.externalAccount}?customerId=${enc(alice.customer)}`, undefined, 403],
      ['GET', `/receiver/external-account/${alice.externalAccount}?customerId=${enc(bob.customer)}`, undefined, 403],
      ['GET', `/receiver/external-account/${alice.externalAccount}`, undefined, 400],
      ['POST', '/crypto/estimate-withdrawal-fee', json({ ...fee, internalAccountId: bob.account }), 403],
      ['POST', '/crypto/estimate-withdrawal-fee', json(fee), 400],
      ['GET', '/discoveries?country=PH&bankName=x', undefined, 400],
      ['GET', '/discoveries?country=PH', undefined, 200],
      ['GET', '/vasps?customerId=x', undefined, 400],
      ['GET', `/receiver/external-account/${alice.externalAccount}?customerId=${enc(alice.customer)}`, undefined, 200],
      ['POST', '/crypto/estimate-withdrawal-fee', json({ ...fee, internalAccountId: alice.account }), 200],
    ]);
    const forwarded = service.calls
      .map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`)
      .filter((call) => !call.includes('/customers/external-accounts/'));
    expect(forwarded, 'only the own lookups and a known query are forwarded').to.deep.equal([
      'GET /2025-10-13/discoveries?country=PH',
      `GET /2025-10-13/receiver/external-account/${alice.externalAccount}?customerId=${enc(alice.customer)}`,
      'POST /2025-10-13/crypto/estimate-withdrawal-fee',
    ]);
  });
});

describe('refusals', () => {
  it('answers 401 UNAUTHORIZED when nobody is signed in, on allowlisted and other paths alike', async () => {
    const { send, service } = harness();
    for (const [method, path] of [
      ['GET', `/customers/${alice.customer}`],
      ['POST', '/customers'],
      ['GET', '/nowhere'],
    ]) {
      const response = await send(method as string, `${PREFIX}${path}`, { as: null });
      expect(response.status).to.equal(401);
      expect(await envelope(response)).to.deep.equal({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Sign in to continue.',
      });
    }
    expect(service.calls).to.have.length(0);
  });

  it('answers 404 NOT_FOUND, without revealing the allowlist, for calls that are not on it', async () => {
    const { send, service } = harness();
    const refused: [string, string][] = [
      ['POST', '/customers'],
      ['GET', '/customers'],
      ['DELETE', `/customers/${alice.customer}`],
      ['POST', '/transactions/Transaction:1/approve'],
      ['DELETE', `/customers/external-accounts/${alice.externalAccount}/trust`],
      ['GET', '/platform/external-accounts'],
      ['POST', `/sandbox/cards/${alice.card}/simulate/return_reversal`],
      ['GET', '/verifications'],
      ['GET', '/verifications/Verification:1'],
      ['GET', '/documents'],
      ['GET', '/documents/Document:alice'],
      ['DELETE', '/documents/Document:alice'],
      ['POST', '/customers/bulk/csv'],
      ['GET', '/beneficial-owners/BeneficialOwner:1'],
      ['PATCH', '/beneficial-owners/BeneficialOwner:1'],
      ['GET', '/config'],
      // the platform's risk signal: a user must not lift their own lockout (RESET_PASSWORD_COMPLETED)
      ['POST', `/sca/record-event?customerId=${enc(alice.customer)}`],
      ['HEAD', `/customers/${alice.customer}`],
      ['PUT', `/customers/${alice.customer}`],
      ['GET', '/'],
      ['GET', ''],
    ];
    for (const [method, path] of refused) {
      const response = await send(method, `${PREFIX}${path}`);
      expect(response.status, `${method} ${path}`).to.equal(404);
      if (method !== 'HEAD') {
        expect(await envelope(response)).to.deep.equal({ status: 404, code: 'NOT_FOUND', message: 'Not found.' });
      }
    }
    expect(service.calls).to.have.length(0);
  });

  it('answers 403 FORBIDDEN when the path names a resource of another user', async () => {
    const { send, service } = harness();
    const refused: [string, string, string][] = [
      ['POST', `/quotes/${bob.quote}/execute`, 'The path'],
      ['GET', `/quotes/${bob.quote}`, 'The path'],
      ['GET', `/customers/${bob.customer}`, 'The path'],
      ['POST', `/internal-accounts/${bob.account}/export`, 'The path'],
      ['GET', `/cards/${bob.card}`, 'The path'],
      ['POST', `/cards/${bob.card}/reveal`, 'The path'],
      ['DELETE', `/auth/sessions/${bob.session}`, 'The path'],
      ['POST', `/auth/credentials/${bob.credential}/verify`, 'The path'],
      ['DELETE', `/auth/delegated-keys/${bob.delegatedKey}`, 'The path'],
      ['GET', `/auth/credentials?accountId=${enc(bob.account)}`, 'accountId'],
      ['GET', `/auth/sessions?accountId=${enc(bob.account)}`, 'accountId'],
    ];
    for (const [method, path, parameter] of refused) {
      const response = await send(method, `${PREFIX}${path}`);
      expect(response.status, `${method} ${path}`).to.equal(403);
      expect(await envelope(response)).to.deep.equal({
        status: 403,
        code: 'FORBIDDEN',
        message: `${parameter} names a resource you do not own.`,
      });
    }
    expect(service.calls).to.have.length(0);
  });

  it('answers 403 when the body names an account or card of another user', async () => {
    const { send, service } = harness();
    const refused: [string, unknown, string][] = [
      ['/quotes', { source: { sourceType: 'ACCOUNT', accountId: bob.account }, destination: {} }, 'source.accountId'],
      [
        '/quotes',
        { source: { sourceType: 'REALTIME_FUNDING', customerId: bob.customer, currency: 'USD' } },
        'source.customerId',
      ],
      ['/cards', { cardholderId: alice.customer, fundingSource: bob.account }, 'fundingSource'],
      ['/cards', { cardholderId: bob.customer, fundingSource: alice.account }, 'cardholderId'],
      ['/auth/credentials', { type: 'SMS_OTP', accountId: bob.account }, 'accountId'],
      ['/auth/delegated-keys', { internalAccountId: alice.account, cardId: bob.card }, 'cardId'],
      ['/auth/delegated-keys', { internalAccountId: bob.account, cardId: alice.card }, 'internalAccountId'],
      ['/sca/login/complete', { customerId: bob.customer, code: '123456' }, 'customerId'],
    ];
    for (const [path, body, parameter] of refused) {
      const response = await send('POST', `${PREFIX}${path}`, { body: json(body) });
      expect(response.status, `${path} ${json(body)}`).to.equal(403);
      expect(await envelope(response)).to.deep.include({
        code: 'FORBIDDEN',
        message: `${parameter} names a resource you do not own.`,
      });
    }
    expect(service.calls).to.have.length(0);
  });

  it('lets PATCH /customers/{id} change only contact details and the customer’s own KYC data (with the customerType the service requires)', async () => {
    // the customer is UNVERIFIED: its KYC data may still change (the proxy reads the status first)
    const { send, service } = harness({
      answer: (request) =>
        Response.json(request.method === 'GET' ? { id: alice.customer, kycStatus: 'UNVERIFIED' } : { ok: true }),
    });
    const path = `${PREFIX}/customers/${alice.customer}`;
    for (const body of [
      { email: 'a@example.com', kycStatus: 'APPROVED' },
      { fullName: 'Mallory', kybStatus: 'APPROVED' },
      { umaAddress: '$x@y' },
      { region: 'US' },
      { platformCustomerId: 'p' },
      { contactVerification: { email: 'VERIFIED' } },
    ]) {
      const response = await send('PATCH', path, { body: json(body) });
      expect(response.status, json(body)).to.equal(403);
      expect(await envelope(response)).to.deep.include({ code: 'FORBIDDEN' });
    }
    expect(service.calls).to.have.length(0);
    expect((await send('PATCH', path, { body: json({ phoneNumber: '+15555550100' }) })).status).to.equal(200);
    expect(
      (await send('PATCH', path, { body: json({ customerType: 'INDIVIDUAL', email: 'a@example.com' }) })).status,
    ).to.equal(200);
    const kyc = { customerType: 'INDIVIDUAL', fullName: 'Alice Doe', birthDate: '1990-01-01', address: { line1: 'x' } };
    expect((await send('PATCH', path, { body: json(kyc) })).status).to.equal(200);
    expect(service.calls.map((call) => call.method)).to.deep.equal(['PATCH', 'PATCH', 'GET', 'PATCH']);
  });

  it('lets PATCH /internal-accounts/{id} change only privateEnabled', async () => {
    const { send, service } = harness();
    const response = await send('PATCH', `${PREFIX}/internal-accounts/${alice.account}`, {
      body: json({ privateEnabled: true, type: 'INTERNAL_FIAT' }),
    });
    expect(response.status).to.equal(403);
    expect(service.calls).to.have.length(0);
  });

  it('refuses a quote that sets the platform fee, or that names no source of the user (platform funds)', async () => {
    const { send, service } = harness();
    const withFee = await send('POST', `${PREFIX}/quotes`, {
      body: json({ source: { accountId: alice.account }, platformFeeOverride: { fixed: 0 } }),
    });
    expect(withFee.status).to.equal(403);
    expect(await envelope(withFee)).to.deep.equal({
      status: 403,
      code: 'FORBIDDEN',
      message: 'The field "platformFeeOverride" cannot be set through this endpoint.',
    });
    const platformFunds = await send('POST', `${PREFIX}/quotes`, {
      body: json({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } }),
    });
    expect(platformFunds.status).to.equal(400);
    expect(await envelope(platformFunds)).to.deep.equal({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'One of source.accountId, source.customerId is required.',
    });
    expect(service.calls).to.have.length(0);
  });

  it('requires the identifying parameter and checks every one present', async () => {
    const { send, service } = harness();
    const cases: [string, string, string | undefined, number][] = [
      ['GET', '/auth/credentials', undefined, 400],
      ['GET', '/customers/internal-accounts?type=EMBEDDED_WALLET', undefined, 400],
      ['GET', '/auth/delegated-keys', undefined, 400],
      [
        'GET',
        `/auth/delegated-keys?accountId=${enc(bob.account)}&fundingSourceId=${enc(alice.fundingSource)}`,
        undefined,
        403,
      ],
      ['POST', '/auth/delegated-keys', json({ internalAccountId: alice.account }), 400],
      ['POST', '/cards', json({ cardholderId: alice.customer }), 400],
      ['POST', `/sca/login/complete?customerId=${enc(alice.customer)}`, json({ customerId: bob.customer }), 403],
      ['POST', '/sca/login/complete', json({ code: '123456' }), 400],
    ];
    await expectStatuses(send, cases);
    expect(service.calls).to.have.length(0);
  });

  it('refuses parameters the service could read differently: repeated, re-cased, or not strings', async () => {
    const { send, service } = harness();
    const cases: [string, string, string | undefined, number][] = [
      ['GET', `/auth/sessions?accountId=${enc(alice.account)}&accountId=${enc(bob.account)}`, undefined, 400],
      ['GET', `/auth/sessions?accountId=${enc(alice.account)}&AccountId=${enc(bob.account)}`, undefined, 400],
      ['GET', `/auth/sessions?ACCOUNTID=${enc(bob.account)}`, undefined, 400],
      ['GET', `/auth/sessions?ACCOUNTID=${enc(alice.account)}`, undefined, 400],
      ['POST', '/cards', `{"fundingSource":"${alice.account}","fundingSource":"${bob.account}"}`, 400],
      ['POST', '/cards', `{"fundingSource":"${alice.account}","FundingSource":"${bob.account}"}`, 400],
      ['POST', '/cards', `{"fundingSource":"${alice.account}","cardholderid":"${bob.customer}"}`, 403],
      [
        'POST',
        '/quotes',
        `{"source":{"accountId":"${alice.account}","accountıd":"x","accountId":"${bob.account}"}}`,
        400,
      ],
      ['POST', '/cards', json({ fundingSource: [alice.account] }), 400],
      ['POST', '/quotes', json({ source: { accountId: null } }), 400],
      [
        'PATCH',
        `/customers/${alice.customer}`,
        `{"email":"a@example.com","PlatformFeeOverride":1,"EMAIL":"b@example.com"}`,
        400,
      ],
      ['POST', '/quotes', json({ source: { accountId: alice.account }, PlatformFeeOverride: {} }), 403],
    ];
    await expectStatuses(send, cases);
    expect(service.calls).to.have.length(0);
  });

  it('answers 400 INVALID_INPUT for malformed JSON or a non-JSON body where the check reads the body', async () => {
    const { send, service } = harness();
    const cases: [string, Record<string, string>, string][] = [
      ['{"fundingSource": ', {}, 'The request body cannot be accepted: the body is not valid JSON.'],
      ['[1,2]', {}, 'The request body must be a JSON object.'],
    ];
    for (const [body, headers, message] of cases) {
      const response = await send('POST', `${PREFIX}/cards`, { body, headers });
      expect(response.status).to.equal(400);
      expect(await envelope(response)).to.deep.equal({ status: 400, code: 'INVALID_INPUT', message });
    }
    const invalidUtf8 = await send('POST', `${PREFIX}/cards`, {
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(invalidUtf8.status).to.equal(400);
    expect(service.calls).to.have.length(0);
  });

  it('grants access only on an exact `true` from owns, sync or async', async () => {
    const service = { calls: 0, fetch: async () => (service.calls++, Response.json({})) };
    const make = (owns: (kind: string, id: string) => unknown) =>
      createPlatformProxy({
        serviceUrl: PRODUCTION_URL,
        tokenId: TOKEN_ID,
        clientSecret: CLIENT_SECRET,
        fetch: service.fetch,
        resolveEndUser: () => ({ owns: owns as (kind: string, id: string) => boolean }),
      });
    const request = () => new Request(`https://platform.example/cards/${alice.card}`);
    expect((await make(() => 'yes')(request())).status).to.equal(403);
    expect((await make(() => 1)(request())).status).to.equal(403);
    expect((await make(async () => false)(request())).status).to.equal(403);
    expect(service.calls).to.equal(0);
    const seen: string[] = [];
    const response = await make(async (kind, id) => (seen.push(`${kind} ${id}`), true))(request());
    expect(response.status).to.equal(200);
    expect(seen).to.deep.equal([`card ${alice.card}`]);
    expect(service.calls).to.equal(1);
  });

  it('endUserFromIds owns exactly what it lists, per kind', () => {
    const user = endUserFromIds({ accountIds: [alice.account] });
    expect(user.owns('account', alice.account)).to.equal(true);
    expect(user.owns('account', bob.account)).to.equal(false);
    expect(user.owns('customer', alice.account)).to.equal(false);
    expect(user.owns('card', alice.card)).to.equal(false);
  });

  it('refuses a browser request marked cross-site (CSRF) with 403', async () => {
    const { send, service } = harness();
    const response = await send('POST', `${PREFIX}/quotes/${alice.quote}/execute`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).to.equal(403);
    expect(service.calls).to.have.length(0);
    expect(
      (await send('POST', `${PREFIX}/quotes/${alice.quote}/execute`, { headers: { 'Sec-Fetch-Site': 'same-origin' } }))
        .status,
    ).to.equal(200);
  });
});

describe('sandbox-only endpoints', () => {
  const fund = `/sandbox/internal-accounts/${alice.account}/fund`;

  it('are refused (404) when the service is production', async () => {
    const { send, service } = harness({ serviceUrl: PRODUCTION_URL });
    expect((await send('POST', `${PREFIX}${fund}`, { body: json({ amount: 100 }) })).status).to.equal(404);
    expect((await send('GET', `${PREFIX}/sandbox/enclave-keys`)).status).to.equal(404);
    expect(service.calls).to.have.length(0);
  });

  it('are forwarded only when allowSandboxPaths is true: neither a local host nor "sandbox" in the host name is enough', async () => {
    for (const serviceUrl of [
      SANDBOX_URL,
      'http://127.0.0.1:4010/2025-10-13',
      'http://[::1]:4010/v',
      'https://api.sandbox.payments.example/2025-10-13',
    ]) {
      const guessed = harness({ serviceUrl });
      expect((await guessed.send('GET', `${PREFIX}/sandbox/enclave-keys`)).status, serviceUrl).to.equal(404);
      expect(guessed.service.calls).to.have.length(0);
      const { send, service } = harness({ serviceUrl, allowSandboxPaths: true });
      expect((await send('GET', `${PREFIX}/sandbox/enclave-keys`)).status, serviceUrl).to.equal(200);
      expect(service.calls[0]?.url).to.equal(`${serviceUrl}/sandbox/enclave-keys`);
    }
    expect(
      (
        await harness({ serviceUrl: SANDBOX_URL, allowSandboxPaths: false }).send(
          'GET',
          `${PREFIX}/sandbox/enclave-keys`,
        )
      ).status,
    ).to.equal(404);
  });

  it('still check ownership of the funded account', async () => {
    const { send, service } = harness({ serviceUrl: SANDBOX_URL, allowSandboxPaths: true });
    const response = await send('POST', `${PREFIX}/sandbox/internal-accounts/${bob.account}/fund`, {
      body: json({ amount: 100 }),
    });
    expect(response.status).to.equal(403);
    expect(service.calls).to.have.length(0);
  });
});

describe('money: transactions, card state and limits, external accounts', () => {
  it('lists transactions only by the user’s own card, customer or wallet', async () => {
    const { send, service } = harness();
    await expectStatuses(send, [
      ['GET', `/transactions?cardId=${enc(bob.card)}`, undefined, 403],
      ['GET', `/transactions?customerId=${enc(bob.customer)}`, undefined, 403],
      ['GET', `/transactions?senderAccountIdentifier=${enc(bob.account)}`, undefined, 403],
      ['GET', `/transactions?cardId=${enc(alice.card)}&customerId=${enc(bob.customer)}`, undefined, 403],
      ['GET', `/transactions?cardId=${enc(alice.card)}&CARDID=${enc(bob.card)}`, undefined, 400],
      ['GET', '/transactions?type=CARD', undefined, 400],
      ['GET', `/transactions?customerId=${enc(alice.customer)}&type=OUTGOING`, undefined, 200],
      ['GET', `/cards?cardholderId=${enc(bob.customer)}`, undefined, 403],
      ['GET', '/cards', undefined, 400],
    ]);
    expect(service.calls).to.have.length(1);
  });

  it('reads one transaction only when the service says it is the user’s customer’s (GET /transactions/{id})', async () => {
    const { send, service } = harness({
      answer: (request) =>
        Response.json(
          decodeURIComponent(request.url).endsWith('/transactions/Transaction:alice')
            ? { id: 'Transaction:alice', customerId: alice.customer, status: 'FAILED' }
            : decodeURIComponent(request.url).endsWith('/transactions/Transaction:bob')
              ? { id: 'Transaction:bob', customerId: bob.customer, status: 'COMPLETED' }
              : { status: 404, code: 'TRANSACTION_NOT_FOUND' },
          { status: request.url.includes('Transaction:nobody') ? 404 : 200 },
        ),
    });
    await expectStatuses(send, [
      ['GET', '/transactions/Transaction:alice', undefined, 200],
      ['GET', '/transactions/Transaction:bob', undefined, 403],
      ['GET', '/transactions/Transaction:nobody', undefined, 403],
      ['POST', '/transactions/Transaction:alice/approve', undefined, 404],
    ]);
    // an owner read each, and the one forwarded read of the user's own
    expect(
      service.calls.map(
        (call) =>
          `${(call as Request).method} ${decodeURIComponent(new URL((call as Request).url).pathname.split('/').at(-1)!)}`,
      ),
    ).to.deep.equal([
      'GET Transaction:alice',
      'GET Transaction:alice',
      'GET Transaction:bob',
      'GET Transaction:nobody',
    ]);
  });

  it('lists delegated keys by funding source only of the user’s own card (GET /auth/delegated-keys?fundingSourceId=)', async () => {
    // the service's keys of each funding source (read with the platform credential): a funding source binds one card
    const keys: Record<string, { cardId: string }[]> = {
      [alice.fundingSource]: [{ cardId: alice.card }, { cardId: alice.card }],
      [bob.fundingSource]: [{ cardId: bob.card }],
      'CardFundingSource:mixed': [{ cardId: alice.card }, { cardId: bob.card }],
      'CardFundingSource:empty': [],
    };
    const { send, service } = harness({
      answer: (request) => {
        const source = new URL(request.url).searchParams.get('fundingSourceId') ?? '';
        if (source === 'CardFundingSource:down') return Response.json({ status: 503 }, { status: 503 });
        return Response.json({ data: keys[source] ?? [] });
      },
    });
    const list = (query: string) => `/auth/delegated-keys?${query}`;
    await expectStatuses(send, [
      ['GET', list(`fundingSourceId=${enc(alice.fundingSource)}`), undefined, 200],
      ['GET', list(`accountId=${enc(alice.account)}&fundingSourceId=${enc(alice.fundingSource)}`), undefined, 200],
      ['GET', list(`fundingSourceId=${enc(bob.fundingSource)}`), undefined, 403],
      ['GET', list(`accountId=${enc(alice.account)}&fundingSourceId=${enc(bob.fundingSource)}`), undefined, 403],
      // rows that disagree, no row (nothing to own yet), or a wallet id where a funding source goes
      ['GET', list('fundingSourceId=CardFundingSource%3Amixed'), undefined, 403],
      ['GET', list('fundingSourceId=CardFundingSource%3Aempty'), undefined, 403],
      ['GET', list(`fundingSourceId=${enc(alice.account)}`), undefined, 403],
      ['GET', list('fundingSourceId=CardFundingSource%3Adown'), undefined, 503],
    ]);
    expect(
      (await send('GET', `${PREFIX}${list(`fundingSourceId=${enc(alice.fundingSource)}`)}`, { as: null })).status,
    ).to.equal(401);
    // an owner read each (a 503 passes on as is), and the two forwarded lists of alice's own
    const fs = (id: string) => `fundingSourceId=${enc(id)}`;
    expect(service.calls.map((call) => new URL(call.url).search.slice(1))).to.deep.equal([
      fs(alice.fundingSource),
      fs(alice.fundingSource),
      fs(alice.fundingSource),
      `accountId=${enc(alice.account)}&${fs(alice.fundingSource)}`,
      fs(bob.fundingSource),
      fs(bob.fundingSource),
      fs('CardFundingSource:mixed'),
      fs('CardFundingSource:empty'),
      fs(alice.account),
      fs('CardFundingSource:down'),
    ]);
  });

  it('cancels only the user’s own transaction (POST /transactions/{id}/cancel): stranger 401, another’s 403', async () => {
    const { send, service } = harness({
      answer: (request) =>
        Response.json(
          decodeURIComponent(request.url).endsWith('/transactions/Transaction:bob')
            ? { id: 'Transaction:bob', customerId: bob.customer, status: 'PROCESSING' }
            : { id: 'Transaction:alice', customerId: alice.customer, status: 'PROCESSING' },
        ),
    });
    const stranger = await send('POST', `${PREFIX}/transactions/Transaction:alice/cancel`, { as: null, body: '{}' });
    expect(stranger.status).to.equal(401);
    await expectStatuses(send, [
      ['POST', '/transactions/Transaction:bob/cancel', json({}), 403],
      ['POST', '/transactions/Transaction:alice/cancel', json({ customerId: bob.customer }), 403],
      ['POST', '/transactions/Transaction:alice/cancel', json({ reason: 'CHANGED_MIND' }), 200],
    ]);
    const forwarded = service.calls.filter((call) => (call as Request).method === 'POST');
    expect(forwarded.map((call) => decodeURIComponent((call as Request).url))).to.deep.equal([
      `${PRODUCTION_URL}/transactions/Transaction:alice/cancel`,
    ]);
  });

  it('reads an invitation for anyone signed in, and claims it only for the user themself (POST /invitations/{code}/claim)', async () => {
    const customers: Record<string, string[]> = {
      '$alice@platform.example': [alice.customer],
      '$bob@platform.example': [bob.customer],
      '$both@platform.example': [alice.customer, bob.customer], // a list that is not one row names nobody
    };
    const { send, service } = harness({
      answer: (request) => {
        const uma = new URL(request.url).searchParams.get('umaAddress');
        if (uma === null) return Response.json({ code: '019542f5', status: 'PENDING' });
        return Response.json({ data: (customers[uma] ?? []).map((id) => ({ id })), hasMore: false });
      },
    });
    const claim = '/invitations/019542f5/claim';
    for (const [method, path] of [
      ['GET', '/invitations/019542f5'],
      ['POST', claim],
    ] as const) {
      const stranger = await send(
        method,
        `${PREFIX}${path}`,
        method === 'POST' ? { as: null, body: '{}' } : { as: null },
      );
      expect(stranger.status, `${method} ${path}`).to.equal(401);
    }
    await expectStatuses(send, [
      ['GET', '/invitations/019542f5', undefined, 200],
      ['POST', claim, json({ inviteeUma: '$bob@platform.example' }), 403],
      ['POST', claim, json({ inviteeUma: '$nobody@platform.example' }), 403],
      ['POST', claim, json({ inviteeUma: '$both@platform.example' }), 403],
      ['POST', claim, json({ inviteeUma: '$alice@platform.example', amount: 5 }), 403],
      ['POST', claim, json({}), 400],
      ['POST', claim, json({ inviteeUma: '$alice@platform.example' }), 200],
    ]);
    const forwarded = service.calls.filter((call) => !(call as Request).url.includes('umaAddress='));
    expect(forwarded.map((call) => `${(call as Request).method} ${(call as Request).url}`)).to.deep.equal([
      `GET ${PRODUCTION_URL}/invitations/019542f5`,
      `POST ${PRODUCTION_URL}${claim}`,
    ]);
  });

  it('lists, enrolls, confirms and removes only the user’s own SCA factors: stranger 401, another’s 403, extra fields 403', async () => {
    const { send, service } = harness({
      // the factor lists: Alice has passkey cred-alice, Bob cred-bob
      answer: (request) =>
        Response.json(
          request.method !== 'GET'
            ? { ok: true }
            : decodeURIComponent(request.url).includes(bob.customer)
              ? { factors: [{ factor: 'SMS_OTP' }, { factor: 'PASSKEY', credentialId: 'cred-bob' }] }
              : { factors: [{ factor: 'SMS_OTP' }, { factor: 'PASSKEY', credentialId: 'cred-alice' }] },
        ),
    });
    const mine = `customerId=${enc(alice.customer)}`;
    const theirs = `customerId=${enc(bob.customer)}`;
    const stranger = await send('GET', `${PREFIX}/sca/factors?${mine}`, { as: null });
    expect(stranger.status).to.equal(401);
    await expectStatuses(send, [
      ['GET', `/sca/factors?${theirs}`, undefined, 403],
      ['GET', '/sca/factors', undefined, 400],
      ['POST', `/sca/factors?${theirs}`, json({ type: 'TOTP' }), 403],
      ['POST', `/sca/factors?${mine}`, json({ type: 'TOTP', customerId: bob.customer }), 403],
      ['POST', `/sca/factors/confirm?${mine}`, json({ type: 'TOTP', secret: 's', code: '1', factor: 'x' }), 403],
      ['DELETE', `/sca/factors/cred-bob?${mine}`, undefined, 403],
      ['DELETE', `/sca/factors/cred-bob?${theirs}`, undefined, 403],
      ['DELETE', `/sca/factors/cred-alice?${theirs}`, undefined, 403],
      ['DELETE', `/sca/factors/cred-alice?${mine}`, undefined, 200],
      ['POST', `/sca/factors?${mine}`, json({ type: 'PASSKEY' }), 200],
      // a lost factor's reset: the user's own customer only, with the body fields the API names
      ['POST', `/sca/factors/reset?${theirs}`, json({ factor: 'SMS_OTP' }), 403],
      ['GET', `/sca/factors/reset/ScaReset:1?${theirs}`, undefined, 403],
      ['POST', `/sca/factors/reset/ScaReset:1/complete?${theirs}`, undefined, 403],
      ['POST', `/sca/factors/reset?${mine}`, json({ factor: 'SMS_OTP', customerId: bob.customer }), 403],
    ]);
    const changes = service.calls.filter((call) => (call as Request).method !== 'GET');
    expect(changes.map((call) => `${call.method} ${decodeURIComponent((call as Request).url)}`)).to.deep.equal([
      `DELETE ${PRODUCTION_URL}/sca/factors/cred-alice?customerId=${alice.customer}`,
      `POST ${PRODUCTION_URL}/sca/factors?customerId=${alice.customer}`,
    ]);
  });

  it('lets a user freeze, unfreeze and limit their own card, but not close it or move its funding', async () => {
    const cards = fakeCards();
    const { send, service } = harness({
      answer: async (request) => (await cards.answer(request)) ?? Response.json({ ok: true }),
    });
    const path = `/cards/${alice.card}`;
    await expectStatuses(send, [
      ['PATCH', path, json({ state: 'FROZEN' }), 200],
      ['PATCH', path, json({ state: 'ACTIVE' }), 200],
      ['PATCH', path, json({ maxSpendPerTransaction: 1000, maxTransactionsPerDay: null }), 200],
      ['PATCH', path, json({ state: 'CLOSED' }), 403],
      ['PATCH', path, json({ STATE: 'CLOSED' }), 403],
      ['PATCH', path, json({ state: null }), 403],
      ['PATCH', path, json({ fundingSource: alice.account }), 403],
      ['PATCH', `/cards/${bob.card}`, json({ state: 'FROZEN' }), 403],
    ]);
    // each allowed change: the card read, then the change
    expect(service.calls.filter((call) => call.method === 'PATCH')).to.have.length(3);
    expect(service.calls).to.have.length(6);
    const refused = await send('PATCH', `${PREFIX}${path}`, { body: json({ state: 'CLOSED' }) });
    expect(await envelope(refused)).to.deep.equal({
      status: 403,
      code: 'FORBIDDEN',
      message: 'The field "state" may only be ACTIVE or FROZEN here.',
    });
  });

  it('keeps what the platform decided on a card: its freeze and its limits stay, the user’s own freeze and lower limits are theirs', async () => {
    const cards = fakeCards();
    const store = memoryCardControls();
    const proxy = () =>
      harness({ cardControls: store, answer: async (request) => (await cards.answer(request)) ?? Response.json({}) });
    const { send, service } = proxy();
    const patch = async (change: unknown, via = send) => {
      const res = await via('PATCH', `${PREFIX}/cards/${alice.card}`, { body: JSON.stringify(change) });
      return { status: res.status, body: (await envelope(res)) as { code?: string; state?: string } };
    };
    const patches = () => service.calls.filter((call) => call.method === 'PATCH').length;

    // the platform froze it (fraud review): the user cannot unfreeze it, and nothing reaches the service
    cards.platform(alice.card, { state: 'FROZEN' });
    let refused = await patch({ state: 'ACTIVE' });
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('CARD_CONTROLLED_BY_PLATFORM');
    expect(patches()).to.equal(0);
    expect(cards.cards.get(alice.card)!.state).to.equal('FROZEN');

    // the user's own freeze is theirs to undo, from another instance sharing the store too
    cards.platform(alice.card, { state: 'ACTIVE' });
    expect((await patch({ state: 'FROZEN' })).status).to.equal(200);
    expect((await patch({ state: 'ACTIVE' }, proxy().send)).status).to.equal(200);
    expect(cards.cards.get(alice.card)!.state).to.equal('ACTIVE');

    // frozen by the user, then changed by the platform: the freeze counts as the platform's now
    expect((await patch({ state: 'FROZEN' })).status).to.equal(200);
    cards.platform(alice.card, { maxSpendPerDay: 90_000 });
    expect((await patch({ state: 'ACTIVE' })).body.code).to.equal('CARD_CONTROLLED_BY_PLATFORM');
    cards.platform(alice.card, { state: 'ACTIVE', maxSpendPerDay: null });

    // the platform's limit is the most the user may set; lowering and raising back up to it is theirs
    cards.platform(alice.card, { maxSpendPerTransaction: 5000 });
    expect((await patch({ maxSpendPerTransaction: 3000 })).status).to.equal(200);
    expect((await patch({ maxSpendPerTransaction: 5000 })).status).to.equal(200);
    const before = patches();
    for (const change of [
      { maxSpendPerTransaction: 5001 },
      { maxSpendPerTransaction: null },
      { MAXSPENDPERTRANSACTION: 9999 },
      { maxSpendPerTransaction: '9999' },
    ]) {
      refused = await patch(change);
      expect(refused.status, JSON.stringify(change)).to.equal(403);
      expect(refused.body.code, JSON.stringify(change)).to.equal('CARD_CONTROLLED_BY_PLATFORM');
    }
    expect(patches()).to.equal(before);
    expect(cards.cards.get(alice.card)!.maxSpendPerTransaction).to.equal(5000);
    // a limit the platform left open is the user's to set and clear
    expect((await patch({ maxSpendPerDay: 100 })).status).to.equal(200);
    expect((await patch({ maxSpendPerDay: null })).status).to.equal(200);

    // without the shared store, another instance knows no user freeze: it refuses rather than guess
    expect((await patch({ state: 'FROZEN' })).status).to.equal(200);
    const alone = harness({ answer: async (request) => (await cards.answer(request)) ?? Response.json({}) });
    expect((await patch({ state: 'ACTIVE' }, alone.send)).body.code).to.equal('CARD_CONTROLLED_BY_PLATFORM');
  });

  it('forwards every call <pay-card> makes for the user’s own card, and none of them for another user’s', async () => {
    const calls = (who: typeof alice): [string, string, string | undefined][] => [
      ['GET', `/cards/${who.card}`, undefined],
      ['GET', `/transactions?cardId=${enc(who.card)}&limit=20`, undefined],
      ['GET', `/transactions?cardId=${enc(who.card)}&limit=20&cursor=abc`, undefined],
      ['GET', `/customers/internal-accounts?customerId=${enc(who.customer)}`, undefined],
      ['GET', `/auth/delegated-keys?accountId=${enc(who.account)}`, undefined],
      ['POST', '/auth/delegated-keys', json({ cardId: who.card, internalAccountId: who.account, nickname: 'k' })],
      ['PATCH', `/cards/${who.card}`, json({ state: 'FROZEN' })],
      ['PATCH', `/cards/${who.card}`, json({ state: 'ACTIVE' })],
      [
        'PATCH',
        `/cards/${who.card}`,
        json({ maxSpendPerTransaction: 2550, maxSpendPerDay: null, maxTransactionsPerDay: 3 }),
      ],
      ['POST', `/cards/${who.card}/reveal`, json({})],
    ];
    const cards = fakeCards();
    const { send, service } = harness({
      answer: async (request) => (await cards.answer(request)) ?? Response.json({ ok: true }),
    });
    await expectStatuses(send, [
      ...calls(alice).map(([method, path, body]): [string, string, string | undefined, number] => [
        method,
        path,
        body,
        200,
      ]),
      ...calls(bob).map(([method, path, body]): [string, string, string | undefined, number] => [
        method,
        path,
        body,
        403,
      ]),
    ]);
    // and one read of alice's card per listing of its transactions (the cardholder filter) and per change
    expect(service.calls).to.have.length(calls(alice).length + 2 + 3);
  });

  it('keeps external accounts and their ownership verification to the user’s customer (the owner read from the service)', async () => {
    const { send, service } = harness({
      answer: (request) => externalAccountOwners(request) ?? Response.json({ ok: true }),
    });
    const other = `/customers/external-accounts/${bob.externalAccount}`;
    await expectStatuses(send, [
      ['GET', other, undefined, 403],
      ['DELETE', other, undefined, 403],
      ['POST', `${other}/challenge`, json({ method: 'WALLET_SIGNATURE' }), 403],
      ['POST', `${other}/verify`, json({ signature: '0x00' }), 403],
      ['GET', `/customers/external-accounts?customerId=${enc(bob.customer)}`, undefined, 403],
      ['GET', '/customers/external-accounts', undefined, 400],
      ['POST', '/customers/external-accounts', json({ customerId: bob.customer, currency: 'USD' }), 403],
      ['POST', '/customers/external-accounts', json({ currency: 'USD' }), 400],
      ['POST', `/customers/external-accounts/${alice.externalAccount}/challenge`, json({ method: 'LIVENESS' }), 200],
    ]);
    // four owner reads of bob's account (each refused), then alice's read and her challenge forwarded
    expect(service.calls.map((r) => `${r.method} ${new URL(r.url).pathname}`)).to.deep.equal([
      ...Array(4).fill(`GET /2025-10-13/customers/external-accounts/${enc(bob.externalAccount)}`),
      `GET /2025-10-13/customers/external-accounts/${enc(alice.externalAccount)}`,
      `POST /2025-10-13/customers/external-accounts/${alice.externalAccount}/challenge`,
    ]);
  });

  it('trusts and untrusts only the user’s own payee: stranger 401, another’s 403, extra body fields 403', async () => {
    const { send, service } = harness({
      answer: (request) => externalAccountOwners(request) ?? Response.json({ trusted: true }),
    });
    const mine = `/customers/external-accounts/${alice.externalAccount}`;
    const other = `/customers/external-accounts/${bob.externalAccount}`;
    const proof = json({ challengeId: 'ScaChallenge:1', code: '123456' });
    for (const step of ['trust', 'untrust', 'trust/confirm', 'untrust/confirm']) {
      const stranger = await send('POST', `${PREFIX}${mine}/${step}`, { as: null, body: proof });
      expect(stranger.status, step).to.equal(401);
    }
    await expectStatuses(send, [
      ['POST', `${other}/trust`, undefined, 403],
      ['POST', `${other}/untrust/confirm`, proof, 403],
      ['POST', `${mine}/trust`, json({ customerId: bob.customer }), 403],
      ['POST', `${mine}/untrust/confirm`, json({ code: '123456', customerId: bob.customer }), 403],
      ['POST', `${mine}/trust`, undefined, 200],
      ['POST', `${mine}/trust/confirm`, proof, 200],
    ]);
    expect(
      service.calls
        .filter((r) => r.method === 'POST')
        .map((r) => new URL(r.url).pathname.split('/').slice(-2).join('/')),
    ).to.deep.equal([`${alice.externalAccount}/trust`, 'trust/confirm']);
  });

  it('answers an external account the service does not find as not owned (403), and passes on a 5xx', async () => {
    const missing = harness({
      answer: () => Response.json({ status: 404, code: 'REFERENCE_NOT_FOUND', message: '' }, { status: 404 }),
    });
    const refused = await missing.send('GET', `${PREFIX}/customers/external-accounts/ExternalAccount:nope`);
    expect(refused.status).to.equal(403);
    expect(missing.service.calls).to.have.length(1);
    const failing = harness({
      answer: () => Response.json({ status: 503, code: 'UNAVAILABLE', message: '' }, { status: 503 }),
    });
    expect((await failing.send('GET', `${PREFIX}/customers/external-accounts/ExternalAccount:x`)).status).to.equal(503);
    expect(failing.service.calls).to.have.length(1);
  });

  it('forwards the card and funding simulators to a sandbox only, for the user’s own card or quote', async () => {
    const production = harness();
    expect(
      (
        await production.send('POST', `${PREFIX}/sandbox/cards/${alice.card}/simulate/authorization`, {
          body: json({}),
        })
      ).status,
    ).to.equal(404);
    expect(
      (await production.send('POST', `${PREFIX}/sandbox/send`, { body: json({ quoteId: alice.quote }) })).status,
    ).to.equal(404);
    const { send, service } = harness({ serviceUrl: SANDBOX_URL, allowSandboxPaths: true });
    await expectStatuses(send, [
      ['POST', `/sandbox/cards/${bob.card}/simulate/authorization`, json({ amount: 1 }), 403],
      ['POST', '/sandbox/send', json({ quoteId: bob.quote, currencyCode: 'USD' }), 403],
    ]);
    expect(service.calls).to.have.length(0);
  });
});
