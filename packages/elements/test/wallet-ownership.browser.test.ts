import { expect } from 'chai';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, it } from '@paykit/test-harness/suite';
// The sandbox's own verifier judges every signature the element submits.
import { verifyOwnershipSignature } from '../../sandbox/src/money/wallet-ownership.js';
import type { PayWalletOwnershipElement } from '../src/wallet-ownership/wallet-ownership.js';
import { base58, eip1193Signer, solanaSigner } from '../src/wallet-ownership/signers.js';
import '../src/define/pay-wallet-ownership.js'; // not in define.ts (the five-element page budget)
import type { FakeService } from './helpers/fake-service.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  part,
  maybePart,
  pressEnter,
  until,
  setupElementTests,
} from './helpers/dom.js';

const ACCOUNT = 'ExternalAccount:0191-w1';
const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string): Uint8Array => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));

/** An injected EIP-1193 provider (as a browser wallet extension would be) over one secp256k1 key. */
function testEthereumProvider() {
  const secret = secp256k1.utils.randomSecretKey();
  const address = `0x${hex(keccak_256(secp256k1.getPublicKey(secret, false).subarray(1)).subarray(-20))}`;
  const calls: { method: string; params?: unknown[] }[] = [];
  let refuse = false;
  return {
    address,
    calls,
    refuseNext: () => (refuse = true),
    provider: {
      async request(args: { method: string; params?: unknown[] }): Promise<unknown> {
        calls.push(args);
        if (refuse) {
          refuse = false;
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        }
        if (args.method !== 'personal_sign') throw Object.assign(new Error('unsupported'), { code: 4200 });
        const body = unhex(String(args.params![0]).slice(2));
        const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`);
        const digest = keccak_256(new Uint8Array([...prefix, ...body]));
        const sig = secp256k1.sign(digest, secret, { prehash: false, format: 'recovered' });
        return `0x${hex(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`;
      },
    },
  };
}

/** The service's ownership endpoints for one wallet, on the fake: challenge, verify (judged by the sandbox's verifier), read. */
function ownershipRoutes(
  fake: FakeService,
  wallet: { accountType: string; address: string },
  options: { expiresInMs?: number; liveness?: string[] } = {},
) {
  const path = `/customers/external-accounts/${encodeURIComponent(ACCOUNT)}`;
  const state = { status: 'PENDING_OWNERSHIP_VERIFICATION', message: '', nonce: 0 };
  const challenge = (request: { body?: string | undefined }) => {
    const method = JSON.parse(request.body ?? '{}').method;
    state.status = 'PENDING_OWNERSHIP_VERIFICATION';
    state.message = `I verify that I control this wallet.\nAddress: ${wallet.address}\nNonce: ${++state.nonce}`;
    const expiresAt = new Date(Date.now() + (options.expiresInMs ?? 60_000)).toISOString();
    return {
      status: 201,
      body:
        method === 'LIVENESS'
          ? { method, verificationLink: 'https://verify.example.test/session/abc', expiresAt }
          : { method, messageToSign: state.message, expiresAt },
    };
  };
  const verify = (request: { body?: string | undefined }) => {
    const ok = verifyOwnershipSignature(
      wallet.accountType,
      wallet.address,
      state.message,
      JSON.parse(request.body!).signature,
    );
    state.status = ok ? 'ACTIVE' : 'UNVERIFIED';
    return ok
      ? { status: 200, body: { id: ACCOUNT, status: 'ACTIVE' } }
      : {
          status: 400,
          body: { status: 400, code: 'INVALID_INPUT', message: 'no', details: { reason: 'SIGNATURE_INVALID' } },
        };
  };
  const statuses = [...(options.liveness ?? [])];
  const read = () => ({ status: 200, body: { id: ACCOUNT, status: statuses.shift() ?? state.status } });
  for (let i = 0; i < 4; i++) {
    fake.script(`POST ${path}/challenge`, challenge);
    fake.script(`POST ${path}/verify`, verify);
  }
  for (let i = 0; i < 10; i++) fake.script(`GET ${path}`, read);
  return { path, state };
}

describe('<pay-wallet-ownership>', () => {
  const t = setupElementTests();

  const render = (method = 'WALLET_SIGNATURE'): Promise<PayWalletOwnershipElement> =>
    fixture<PayWalletOwnershipElement>(
      html`<pay-wallet-ownership
        .client=${t.fake.client()}
        external-account-id=${ACCOUNT}
        method=${method}
        poll-interval="20"
      ></pay-wallet-ownership>`,
    );

  it('EVM: personal_sign of messageToSign exactly as returned, by the user’s address; verified', async () => {
    const eth = testEthereumProvider();
    const { path, state } = ownershipRoutes(t.fake, { accountType: 'ETHEREUM_WALLET', address: eth.address });
    const el = await render();
    el.signer = eip1193Signer(eth.provider, eth.address);
    await expectAccessible(el, 'idle');
    await pressEnter(part(el, 'start-button'));
    await until(() => t.leaks.of('pay-ownership-verified').length === 1, 'pay-ownership-verified');
    await el.updateComplete;
    expect(eth.calls).to.have.length(1);
    const [message, address] = eth.calls[0]!.params as [string, string];
    expect(new TextDecoder().decode(unhex(message.slice(2)))).to.equal(state.message); // byte for byte, line breaks too
    expect(address).to.equal(eth.address);
    expect(t.fake.calls(`POST ${path}/verify`)).to.have.length(1);
    expect(t.leaks.of('pay-ownership-verified')[0]!.detail).to.deep.equal({ externalAccountId: ACCOUNT });
    expect(hasState(el, 'verified')).to.equal(true);
    expect(part(el, 'success').textContent).to.contain('Your wallet is verified.');
    expect(announced(el)).to.contain('Your wallet is verified.');
    await expectAccessible(el, 'verified');
    t.leaks.assertClean(el);
  });

  it('another key’s signature leaves the account UNVERIFIED; Start again asks for a new challenge and succeeds', async () => {
    const eth = testEthereumProvider();
    const impostor = testEthereumProvider();
    const { path } = ownershipRoutes(t.fake, { accountType: 'ETHEREUM_WALLET', address: eth.address });
    const el = await render();
    el.signer = eip1193Signer(impostor.provider, eth.address);
    await pressEnter(part(el, 'start-button'));
    await until(() => t.leaks.of('pay-ownership-failed').length === 1, 'pay-ownership-failed');
    await el.updateComplete;
    expect(t.leaks.of('pay-ownership-failed')[0]!.detail).to.deep.equal({
      externalAccountId: ACCOUNT,
      reason: 'unverified',
    });
    expect(hasState(el, 'failed')).to.equal(true);
    expect(part(el, 'error').textContent, 'an error that looks like one').to.contain('We couldn’t verify this wallet');
    await expectAccessible(el, 'failed');
    el.signer = eip1193Signer(eth.provider, eth.address);
    await pressEnter(part(el, 'restart-button'));
    await until(() => t.leaks.of('pay-ownership-verified').length === 1, 'verified after restart');
    expect(t.fake.calls(`POST ${path}/challenge`)).to.have.length(2);
  });

  it('a challenge that expired while the wallet was signing is not submitted: expired, start again', async () => {
    const eth = testEthereumProvider();
    const { path } = ownershipRoutes(
      t.fake,
      { accountType: 'ETHEREUM_WALLET', address: eth.address },
      { expiresInMs: -1 },
    );
    const el = await render();
    el.signer = eip1193Signer(eth.provider, eth.address);
    await pressEnter(part(el, 'start-button'));
    await until(() => t.leaks.of('pay-ownership-failed').length === 1, 'expired');
    await el.updateComplete;
    expect(t.leaks.of('pay-ownership-failed')[0]!.detail).to.deep.equal({
      externalAccountId: ACCOUNT,
      reason: 'expired',
    });
    expect(t.fake.calls(`POST ${path}/verify`)).to.have.length(0);
    expect(hasState(el, 'expired')).to.equal(true);
    expect(part(el, 'notice').textContent, 'a notice, not an error').to.contain('expired');
    expect(maybePart(el, 'error')).to.equal(null);
    expect(part(el, 'restart-button').textContent?.trim()).to.equal('Start again');
  });

  it('a refused signature request returns to the start with a clear message (pay-error, no service call)', async () => {
    const eth = testEthereumProvider();
    const { path } = ownershipRoutes(t.fake, { accountType: 'ETHEREUM_WALLET', address: eth.address });
    const el = await render();
    el.signer = eip1193Signer(eth.provider, eth.address);
    eth.refuseNext();
    await pressEnter(part(el, 'start-button'));
    await until(() => t.leaks.of('pay-error').length === 1, 'pay-error');
    await el.updateComplete;
    expect(t.leaks.of('pay-error')[0]!.detail).to.deep.equal({ code: 'WALLET_SIGNING_FAILED' });
    expect(part(el, 'error').textContent).to.contain('Your wallet didn’t sign the message.');
    expect(hasState(el, 'idle')).to.equal(true);
    expect(t.fake.calls(`POST ${path}/verify`)).to.have.length(0);
    await expectAccessible(el, 'refused');
  });

  it('Solana: signMessage through an injected wallet, base58 signature; verified', async () => {
    const secret = ed25519.utils.randomSecretKey();
    const address = base58(ed25519.getPublicKey(secret));
    ownershipRoutes(t.fake, { accountType: 'SOLANA_WALLET', address });
    const el = await render();
    const signed: Uint8Array[] = [];
    el.signer = solanaSigner({
      signMessage: async (bytes) => {
        signed.push(bytes);
        return { signature: ed25519.sign(bytes, secret) };
      },
    });
    await pressEnter(part(el, 'start-button'));
    await until(() => t.leaks.of('pay-ownership-verified').length === 1, 'solana verified');
    expect(new TextDecoder().decode(signed[0])).to.contain(`Address: ${address}`);
  });

  it('LIVENESS: offers the hosted check in a new tab and follows the outcome until ACTIVE', async () => {
    const { path } = ownershipRoutes(
      t.fake,
      { accountType: 'ETHEREUM_WALLET', address: '0x' + '1'.repeat(40) },
      { liveness: ['PENDING_OWNERSHIP_VERIFICATION', 'PENDING_OWNERSHIP_VERIFICATION', 'ACTIVE'] },
    );
    const el = await render('LIVENESS');
    expect(part(el, 'start-button').textContent?.trim()).to.equal('Start the identity check');
    const firstRead = t.fake.gate(`GET ${path}`); // holds the first read: the page is looked at mid-check
    await pressEnter(part(el, 'start-button'));
    await firstRead.reached;
    await el.updateComplete;
    expect(hasState(el, 'liveness')).to.equal(true);
    const link = part<HTMLAnchorElement>(el, 'link');
    expect(link.href).to.equal('https://verify.example.test/session/abc');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    await expectAccessible(el, 'liveness');
    firstRead.release();
    await until(() => t.leaks.of('pay-ownership-verified').length === 1, 'liveness verified');
    expect(t.fake.calls(`GET ${path}`).length).to.equal(3);
    expect(t.fake.calls(`POST ${path}/verify`)).to.have.length(0);
  });

  it('LIVENESS: an UNVERIFIED outcome fails; removing the element stops following', async () => {
    const { path } = ownershipRoutes(
      t.fake,
      { accountType: 'ETHEREUM_WALLET', address: '0x' + '2'.repeat(40) },
      { liveness: ['UNVERIFIED'] },
    );
    const el = await render('LIVENESS');
    await pressEnter(part(el, 'start-button'));
    await until(() => t.leaks.of('pay-ownership-failed').length === 1, 'liveness failed');
    expect(t.leaks.of('pay-ownership-failed')[0]!.detail).to.deep.equal({
      externalAccountId: ACCOUNT,
      reason: 'unverified',
    });

    const second = await render('LIVENESS');
    await pressEnter(part(second, 'start-button'));
    await until(() => hasState(second, 'liveness'), 'second liveness');
    second.remove();
    const reads = t.fake.calls(`GET ${path}`).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.fake.calls(`GET ${path}`).length).to.be.at.most(reads + 1);
  });
});
