/**
 * The customer record behind the wallet, as a function that takes the `WalletClient` first:
 * `updateCustomerContact` (email or phone number). A free function rather than a client method so that
 * a page ships only the flows it calls.
 *
 * @example
 *   import { updateCustomerContact } from '@paykit/crypto-core';
 *   await updateCustomerContact(client, { customerId, email: 'ada@example.com' });
 */
import { invalidArgument } from './args.js';
import type { WalletClient } from './client.js';
import { request, requireSession } from './client-internals.js';
import { enc } from './http.js';
import type { Customer } from './resources.js';

/**
 * `PATCH /customers/{id}` with one of `email` or `phoneNumber`; signed when the service asks for it. The
 * body carries `customerType` (the service's discriminator, required): `INDIVIDUAL` unless given.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`,
 *   `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED`.
 */
export async function updateCustomerContact(
  client: WalletClient,
  params: {
    customerId: string;
    customerType?: 'INDIVIDUAL' | 'BUSINESS';
    email?: string;
    phoneNumber?: string;
  },
): Promise<Customer> {
  const { customerId, customerType = 'INDIVIDUAL', email, phoneNumber } = params ?? {};
  if (!customerId || (email === undefined) === (phoneNumber === undefined))
    throw invalidArgument('Give a customerId and one of email or phoneNumber');
  if (customerType !== 'INDIVIDUAL' && customerType !== 'BUSINESS') throw invalidArgument('Invalid customerType');
  requireSession(client);
  return request<Customer>(client, 'PATCH', `/customers/${enc(customerId)}`, {
    body: { customerType, email, phoneNumber }, // JSON drops the one left undefined
    signed: true,
  });
}
