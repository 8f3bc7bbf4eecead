/**
 * Checking an external wallet's ownership proof: an EVM `personal_sign` (EIP-191) signature, recovered
 * with secp256k1 to an address compared with the account's, or a Solana `signMessage` ed25519
 * signature (base58, or base64, or hex) checked against the address's public key. The message is the
 * challenge's `messageToSign` exactly as the sandbox returned it.
 *
 * @example
 *   verifyOwnershipSignature('ETHEREUM_WALLET', '0xAbC…', message, '0x52d7…1c'); // true or false
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8Encode } from '@paykit/crypto-core/encoding';

const base64Decode = (text: string): Uint8Array => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** Wallet types whose ownership the sandbox verifies by signature. */
export const EVM_WALLETS: readonly string[] = ['ETHEREUM_WALLET', 'BASE_WALLET', 'POLYGON_WALLET', 'PLASMA_WALLET'];
export const SOLANA_WALLETS: readonly string[] = ['SOLANA_WALLET'];

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin-alphabet base58 (Solana addresses and signatures); throws on a character outside it. */
export function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) throw new Error('not base58');
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

/** EIP-191 `personal_sign` digest of a UTF-8 message. */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8Encode(message);
  const prefix = utf8Encode(`\x19Ethereum Signed Message:\n${body.length}`);
  const all = new Uint8Array(prefix.length + body.length);
  all.set(prefix);
  all.set(body, prefix.length);
  return keccak_256(all);
}

/** The 0x address of an uncompressed secp256k1 public key (65 bytes). */
export const evmAddressOf = (uncompressed: Uint8Array): string =>
  `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;

function verifyEvm(address: string, message: string, signature: string): boolean {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return false;
  try {
    const sig = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), 'compact').addRecoveryBit(recovery);
    const point = sig.recoverPublicKey(personalMessageHash(message));
    return evmAddressOf(point.toBytes(false)) === address.toLowerCase();
  } catch {
    return false;
  }
}

function decodeSolanaSignature(signature: string): Uint8Array | undefined {
  try {
    if (/^(0x)?[0-9a-fA-F]{128}$/.test(signature)) return hexToBytes(signature.replace(/^0x/, ''));
    const b58 = base58Decode(signature);
    if (b58.length === 64) return b58;
    const b64 = base64Decode(signature);
    return b64.length === 64 ? b64 : undefined;
  } catch {
    return undefined;
  }
}

function verifySolana(address: string, message: string, signature: string): boolean {
  const sig = decodeSolanaSignature(signature);
  if (!sig) return false;
  try {
    const publicKey = base58Decode(address);
    return publicKey.length === 32 && ed25519.verify(sig, utf8Encode(message), publicKey);
  } catch {
    return false;
  }
}

/** Whether `signature` proves control of `address` over `message`; false for any malformed input. */
export function verifyOwnershipSignature(
  accountType: string,
  address: string,
  message: string,
  signature: string,
): boolean {
  if (EVM_WALLETS.includes(accountType)) return verifyEvm(address, message, signature);
  if (SOLANA_WALLETS.includes(accountType)) return verifySolana(address, message, signature);
  return false;
}
