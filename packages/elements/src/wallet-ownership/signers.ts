/**
 * Signers for `<pay-wallet-ownership>`: the user's own wallet signs `messageToSign` exactly as the
 * service returned it. `eip1193Signer` asks an EIP-1193 provider (MetaMask, Coinbase Wallet, …) for
 * `personal_sign`; `solanaSigner` asks a Solana wallet for `signMessage` and answers base58, as the
 * service reads it. Any other chain plugs in through the `WalletOwnershipSigner` interface.
 *
 * @example
 *   element.signer = eip1193Signer(window.ethereum, '0xAbC…');
 */

/** Signs the ownership challenge's message; resolves with the signature in the encoding the service reads. */
export interface WalletOwnershipSigner {
  signMessage(message: string): Promise<string>;
}

/** The part of an EIP-1193 provider the signer uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The part of a Solana wallet (wallet-standard or injected) the signer uses. */
export interface SolanaMessageSigner {
  signMessage(message: Uint8Array): Promise<Uint8Array | { signature: Uint8Array }>;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** `personal_sign` of the UTF-8 message (sent as 0x-hex, which every wallet reads byte for byte) by `address`. */
export function eip1193Signer(provider: Eip1193Provider, address: string): WalletOwnershipSigner {
  return {
    async signMessage(message) {
      const signature = await provider.request({
        method: 'personal_sign',
        params: [`0x${hex(new TextEncoder().encode(message))}`, address],
      });
      if (typeof signature !== 'string') throw new TypeError('personal_sign answered without a signature');
      return signature;
    },
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin-alphabet base58 of `bytes`. */
export function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** `signMessage` of the UTF-8 message by a Solana wallet; the ed25519 signature as base58. */
export function solanaSigner(wallet: SolanaMessageSigner): WalletOwnershipSigner {
  return {
    async signMessage(message) {
      const answer = await wallet.signMessage(new TextEncoder().encode(message));
      const signature = answer instanceof Uint8Array ? answer : answer.signature;
      if (!(signature instanceof Uint8Array) || signature.length !== 64)
        throw new TypeError('signMessage answered without a 64-byte signature');
      return base58(signature);
    },
  };
}
