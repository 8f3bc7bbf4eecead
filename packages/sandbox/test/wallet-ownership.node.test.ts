import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { base58Decode, base58Encode, verifyOwnershipSignature } from '../src/money/wallet-ownership.js';

// Produced by viem's `privateKeyToAccount(…).signMessage` (an independent EIP-191 implementation) for the
// private key 0x4c0883a6…3f362318 (a well-known test key).
const VIEM_VECTOR = {
  address: '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23',
  message: 'I verify that I control this wallet.\nNonce: 1',
  signature:
    '0x62833c106a19601bfba66855c912d3139a95e4385dd9b5ce2b7b4afb187831280befb87b5dd8bb4d8ed1b1457339f36ba6019918b8802fde73a91711578124491c',
};

describe('sandbox: wallet ownership signatures', () => {
  it('accepts an EIP-191 personal_sign vector from viem, for the checksummed or lowercase address', () => {
    const { address, message, signature } = VIEM_VECTOR;
    expect(verifyOwnershipSignature('ETHEREUM_WALLET', address, message, signature)).to.equal(true);
    expect(verifyOwnershipSignature('POLYGON_WALLET', address.toLowerCase(), message, signature)).to.equal(true);
  });

  it('refuses the vector over another message, for another address, or malformed', () => {
    const { address, message, signature } = VIEM_VECTOR;
    expect(verifyOwnershipSignature('ETHEREUM_WALLET', address, `${message} `, signature)).to.equal(false);
    expect(
      verifyOwnershipSignature('ETHEREUM_WALLET', '0x0000000000000000000000000000000000000001', message, signature),
    ).to.equal(false);
    expect(verifyOwnershipSignature('ETHEREUM_WALLET', address, message, signature.slice(0, -2) + '1d')).to.equal(
      false,
    );
    expect(verifyOwnershipSignature('ETHEREUM_WALLET', address, message, 'zz')).to.equal(false);
    expect(verifyOwnershipSignature('TRON_WALLET', address, message, signature)).to.equal(false);
  });

  it('base58 round-trips and knows the all-zero Solana address', () => {
    expect(base58Decode('11111111111111111111111111111111')).to.deep.equal(new Uint8Array(32));
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 254, 3]);
    expect(base58Decode(base58Encode(bytes))).to.deep.equal(bytes);
    expect(() => base58Decode('0OIl')).to.throw();
  });
});
