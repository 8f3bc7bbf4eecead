/**
 * Same-site CSRF through the demo in Chromium: a visitor signed in at http://localhost:<demo> opens a
 * page on another port of the same host (same site, so its SameSite=Strict cookie rides along) that
 * tries what an outsider tried before: OTP challenges until the visitor's own sign-in is rate-limited
 * (the "sign-out through 429s"), an SCA login, a card issue, a sign-out. Every attempt must be refused
 * by the demo, and the visitor must not feel any of it.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@paykit/test-harness/debian-browsers';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import type { RunningDemo } from '../index.js';
import { startDemo } from './support.js';

describe('demo in Chromium: a page on another port of the same host cannot act for a signed-in visitor', () => {
  let demo: RunningDemo;
  let outDir: string;
  let attacker: Server;
  let attackerUrl: string;
  let browser: Browser;

  before(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'paykit-demo-csrf-'));
    // a bare page at the demo origin is enough to sign up from (the built page is not what is tested here)
    writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>demo</title>');
    demo = await startDemo({ port: 0, outDir, build: false });
    attacker = createServer((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>another app on this machine</title>'),
    );
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
    await demo?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('refuses OTP challenges, an SCA login, a card issue and a sign-out from the other port; the visitor keeps their session and their sign-in codes', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(demo.url);
    const visitor = (await page.evaluate(`(async () => {
      const response = await fetch('/api/demo/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"victim@example.com","region":"DE"}' });
      return { status: response.status, profile: await response.json() };
    })()`)) as { status: number; profile: { customerId: string; accountId: string; otpCredentialId: string } };
    expect(visitor.status).to.equal(201);
    const { customerId, accountId, otpCredentialId } = visitor.profile;

    // the other app: same host, another port. The demo's answers are blocked from that page (CORP), so
    // their statuses are read from the DevTools protocol, where they arrive before the block
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // the two events are joined at the end: Chromium does not order an ExtraInfo event after the
    // requestWillBeSent of the same request (under load it can arrive first)
    const sent = new Map<string, { url: string; method: string }>();
    const statuses = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith(demo.origin))
        sent.set(event.requestId, { url: event.request.url, method: event.request.method });
    });
    cdp.on('Network.responseReceivedExtraInfo', (event) => statuses.set(event.requestId, event.statusCode));
    await page.goto(attackerUrl);
    // plain JavaScript text: the test's own functions are compiled with helpers the page does not have
    const attempts = (await page.evaluate(`(async () => {
      const demoOrigin = ${JSON.stringify(demo.origin)};
      const otp = ${JSON.stringify(encodeURIComponent(otpCredentialId))};
      const simple = (path, body) =>
        fetch(demoOrigin + path, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body })
          .then(() => 'sent', (error) => 'failed: ' + error.message);
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await simple('/api/wallet/auth/credentials/' + otp + '/challenge', '{}'));
      results.push(await simple('/api/wallet/sca/login/complete?customerId=' + ${JSON.stringify(encodeURIComponent(customerId))}, '{"code":"000000"}'));
      results.push(await simple('/api/wallet/cards', ${JSON.stringify(JSON.stringify({ fundingSource: accountId }))}));
      results.push(await simple('/api/demo/reset', '{}'));
      // a JSON call needs a CORS preflight, which the demo does not grant
      results.push(await fetch(demoOrigin + '/api/wallet/auth/credentials/' + otp + '/challenge', {
        method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}',
      }).then((response) => 'read ' + response.status, () => 'blocked'));
      return results;
    })()`)) as string[];
    expect(attempts).to.have.length(8);
    expect(attempts[7]).to.equal('blocked');

    // every request that reached the demo was refused there (the JSON one never left: its preflight failed)
    // the DevTools events of the last answers may still be on their way when the page's script returns
    const answered = () =>
      [...sent]
        .map(([id, request]) => ({ ...request, status: statuses.get(id) }))
        .filter((r) => r.method === 'POST' && r.status !== undefined);
    for (let waited = 0; answered().length < 7 && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const posts = answered();
    expect(posts.length).to.be.at.least(7);
    for (const request of posts)
      expect([403, 415], `${request.method} ${request.url} → ${request.status}`).to.include(request.status);
    await cdp.detach();

    // the visitor: still signed in, no card, and all three sign-in codes the sandbox allows per 30 s still theirs
    await page.goto(demo.url);
    const after = await page.evaluate(`(async () => {
      const me = await fetch('/api/demo/me');
      const challenges = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch('/api/wallet/auth/credentials/' + ${JSON.stringify(encodeURIComponent(otpCredentialId))} + '/challenge', {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
        });
        challenges.push(response.status);
      }
      return { me: me.status, challenges };
    })()`);
    expect(after).to.deep.equal({ me: 200, challenges: [200, 200, 200] });
    expect(demo.sandbox.sandbox.state.cards.list((card) => card.customerId === customerId)).to.have.length(0);
    await context.close();
  });
});
