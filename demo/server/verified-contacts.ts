/**
 * Which of a visitor's sign-up identifiers are verified, and so may find their wallet at sign-in or keep
 * another sign-up from taking them. The customer is read from the service with the platform credential
 * (its current email and phone number must still be the ones signed up with): where the customer's
 * provider verifies contacts (`contactVerification`, EU/EEA customers), a channel counts once it is
 * `VERIFIED`; where it does not (the object or channel is absent), the email counts once the visitor has
 * signed in to the wallet with its email code (the credential made for that address at sign-up,
 * `emailProven`), and the phone number never does.
 *
 * @example
 *   const { email } = await verifiedContacts(platform, visitor); // true: a sign-in identifier
 */
import type { PlatformClient } from './platform.js';
import type { DemoSession } from './sessions.js';

interface Customer {
  email?: string;
  phoneNumber?: string;
  contactVerification?: { email?: 'PENDING' | 'VERIFIED'; phone?: 'PENDING' | 'VERIFIED' };
}

export async function verifiedContacts(
  platform: PlatformClient,
  visitor: DemoSession,
): Promise<{ email: boolean; phone: boolean }> {
  const customer = await platform.find<Customer>(`/customers/${encodeURIComponent(visitor.customerId)}`);
  if (!customer) return { email: false, phone: false };
  const emailStatus = customer.contactVerification?.email;
  return {
    email:
      customer.email?.toLowerCase() === visitor.email &&
      (emailStatus === 'VERIFIED' || (emailStatus === undefined && visitor.emailProven)),
    phone:
      visitor.phoneNumber !== undefined &&
      customer.phoneNumber === visitor.phoneNumber &&
      customer.contactVerification?.phone === 'VERIFIED',
  };
}

/** The oldest of `visitors` whose `channel` is verified: the first to prove an identifier keeps it. */
export async function firstVerified(
  platform: PlatformClient,
  visitors: readonly DemoSession[],
  channel: 'email' | 'phone',
): Promise<DemoSession | undefined> {
  for (const visitor of visitors) if ((await verifiedContacts(platform, visitor))[channel]) return visitor;
  return undefined;
}
