/**
 * `@paykit/crypto-core/sandbox`: what a client needs against the service's sandbox (or
 * `@paykit/sandbox`) and never against production: the sandbox's enclave signer keys, to pin as
 * `trustedSigners`. Against production leave `trustedSigners` out: the production pins are the default.
 *
 * @example
 *   import { sandboxSigners } from '@paykit/crypto-core/sandbox';
 *   const client = new WalletClient({ transport, trustedSigners: await sandboxSigners(transport) });
 */
import { fn } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import type { Transport } from './transport.js';

/**
 * Fetches the sandbox's enclave signer keys (`GET /sandbox/enclave-keys`) for `trustedSigners`.
 *
 * @throws {PayError} `UNEXPECTED_RESPONSE` when the answer is not a 200 with a list of keys (not a
 *   sandbox); `INVALID_ARGUMENT` when `transport` is not a function; the transport's `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED`.
 */
export async function sandboxSigners(transport: Transport): Promise<string[]> {
  const response = await fn(transport, 'transport')({ method: 'GET', path: '/sandbox/enclave-keys' });
  const signers = (response.body as { signers?: unknown } | undefined)?.signers;
  if (response.status !== 200 || !Array.isArray(signers) || !signers.every((s) => typeof s === 'string')) {
    throw new PayError(LocalErrorCode.UNEXPECTED_RESPONSE, 'No valid signers in the answer');
  }
  return signers as string[];
}
