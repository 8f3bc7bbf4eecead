/**
 * The onboarding rules of the sandbox, in one place: the current end-user terms, which contact channels
 * a customer's provider requires, and how a KYC/KYB submission resolves (payments-api.md, "Verification
 * (KYC/KYB) in sandbox"). Routes call these; nothing here reads a request.
 *
 * Sandbox choices where the spec is silent: contact verification is required for customers whose
 * `region` is in the EU/EEA (email when the customer has one, phone when it has a phone number); an
 * individual is complete with fullName, birthDate, nationality, address (line1, city, postalCode,
 * country) and one identity document; suffix 003 reports POOR_QUALITY_DOCUMENT on that document until it
 * is replaced with `PUT /documents/{id}`, then resolves APPROVED. A validated business (001/003) also
 * needs at least one beneficial owner (MISSING_BENEFICIAL_OWNER).
 *
 * @example
 *   const outcome = resolveVerification(ctx, customer); // { verificationStatus: 'RESOLVE_ERRORS', errors: [...] }
 */
import { EU_EEA } from '../config.js';
import type { SandboxContext } from '../context.js';
import { ApiError, rateLimited } from '../http/errors.js';
import type { CustomerRecord, DocumentRecord, VerificationRecord } from '../store/state.js';

/** The terms version the sandbox serves; any other is END_USER_TERMS_VERSION_NOT_FOUND. */
export const END_USER_TERMS_VERSION = '2025-10-01';

export const termsUrl = (ctx: SandboxContext): string => `${ctx.config.kycOrigin}/terms/${END_USER_TERMS_VERSION}`;

export type ContactChannel = 'email' | 'phone';

/** The channels a new customer must verify (none outside the EU/EEA). */
export function requiredContactChannels(
  region: string | undefined,
  contact: { email?: string | undefined; phoneNumber?: string | undefined },
): CustomerRecord['contactVerification'] {
  if (region === undefined || !EU_EEA.includes(region)) return undefined;
  const channels: NonNullable<CustomerRecord['contactVerification']> = {};
  if (contact.email !== undefined) channels.email = 'PENDING';
  if (contact.phoneNumber !== undefined) channels.phone = 'PENDING';
  return Object.keys(channels).length ? channels : undefined;
}

/** Wrong codes in a row on one channel (resends do not reset the count) before the code is spent and the channel locked. */
export const CONTACT_CODE_MAX_FAILURES = 5;
/** How long a channel stays locked after that: sends and confirms are 429 RATE_LIMITED until then. */
export const CONTACT_CODE_LOCK_MS = 30 * 60_000;

/** 429 RATE_LIMITED (Retry-After, `details.lockedUntil`) while too many wrong codes keep the channel locked. */
export function assertContactChannelOpen(ctx: SandboxContext, customer: CustomerRecord, channel: ContactChannel): void {
  const lockedUntil = customer.contactAttempts?.[channel]?.lockedUntil;
  const now = ctx.config.now();
  if (lockedUntil !== undefined && lockedUntil > now)
    throw rateLimited(Math.ceil((lockedUntil - now) / 1000), { lockedUntil: new Date(lockedUntil).toISOString() });
}

/**
 * Counts a wrong code on the customer's channel. The fifth in a row spends the code and locks the
 * channel for `CONTACT_CODE_LOCK_MS`. Resolves with the tries left and, when it locked, until when.
 */
export function countWrongContactCode(
  ctx: SandboxContext,
  customer: CustomerRecord,
  channel: ContactChannel,
): { attemptsRemaining: number; lockedUntil?: number } {
  const failures = (customer.contactAttempts?.[channel]?.failures ?? 0) + 1;
  const attemptsRemaining = Math.max(0, CONTACT_CODE_MAX_FAILURES - failures);
  const lockedUntil = attemptsRemaining === 0 ? ctx.config.now() + CONTACT_CODE_LOCK_MS : undefined;
  if (lockedUntil !== undefined) {
    const sent = ctx.state.contactCodes.get(contactCodeId(customer.id, channel));
    if (sent) ctx.state.contactCodes.put({ ...sent, used: true });
  }
  ctx.state.customers.put({
    ...customer,
    contactAttempts: {
      ...customer.contactAttempts,
      [channel]: lockedUntil === undefined ? { failures } : { failures: 0, lockedUntil },
    },
  });
  return { attemptsRemaining, ...(lockedUntil !== undefined ? { lockedUntil } : {}) };
}

/** Where the code last sent on a customer's channel is kept (`contactCodes`). */
export const contactCodeId = (customerId: string, channel: ContactChannel): string => `${customerId}:${channel}`;

/**
 * The customer's `contactVerification` after its email (or phone number) changed: where the provider
 * requires that channel (the customer's region is in the EU/EEA), it is PENDING again, since the new
 * address or number was never confirmed, and a code sent to the old one no longer counts.
 */
export function resetContactChannel(
  ctx: SandboxContext,
  customer: CustomerRecord,
  channel: ContactChannel,
  region: string | undefined,
): CustomerRecord['contactVerification'] {
  const current = customer.contactVerification;
  if (!requiredContactChannels(region, channel === 'email' ? { email: '' } : { phoneNumber: '' })) return current;
  ctx.state.contactCodes.delete(contactCodeId(customer.id, channel));
  return { ...current, [channel]: 'PENDING' };
}

/** Channels still PENDING: every present channel must be VERIFIED before KYC begins. */
export const pendingChannels = (customer: CustomerRecord): ContactChannel[] =>
  (['email', 'phone'] as const).filter((channel) => customer.contactVerification?.[channel] === 'PENDING');

export const IDENTITY_DOCUMENTS = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
const LEGAL_PRESENCE_DOCUMENTS = [
  'CERTIFICATE_OF_INCORPORATION',
  'ARTICLES_OF_INCORPORATION',
  'ARTICLES_OF_ASSOCIATION',
  'STATE_REGISTRY_EXCERPT',
];
const PROOF_OF_ADDRESS_DOCUMENTS = [
  'UTILITY_BILL',
  'RENT_OR_LEASE_AGREEMENT',
  'ELECTRICITY_BILL',
  'BANK_STATEMENT',
  'TAX_RETURN',
];

type Status = VerificationRecord['verificationStatus'];
type VerificationErrorEntry = Record<string, unknown>;
export interface Outcome {
  verificationStatus: Status;
  errors: VerificationErrorEntry[];
}

const ADDRESS_FIELDS = ['line1', 'city', 'postalCode', 'country'];

function missingFields(customer: CustomerRecord, paths: string[]): VerificationErrorEntry[] {
  const read = (path: string): unknown =>
    path === 'fullName'
      ? customer.fullName
      : path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], customer.profile);
  return paths
    .filter((path) => {
      const value = read(path);
      return typeof value !== 'string' || value.trim() === '';
    })
    .map((path) => ({
      resourceId: customer.id,
      type: 'MISSING_FIELD',
      field: `customer.${path}`,
      reason: `${path} is required`,
    }));
}

function missingDocument(
  customer: CustomerRecord,
  documents: DocumentRecord[],
  type: string,
  accepted: string[],
  reason: string,
): VerificationErrorEntry[] {
  return documents.some((d) => accepted.includes(d.documentType))
    ? []
    : [{ resourceId: customer.id, type, acceptedDocumentTypes: accepted, reason }];
}

const suffixOf = (key: unknown): string => (typeof key === 'string' ? key.slice(-3) : '');

/**
 * What `POST /verifications` decides now for this customer (not yet final: the caller checked that).
 * Businesses follow the sandbox's paperwork-skipped mode (the one customer creation emulates): 002
 * REJECTED and other suffixes APPROVED at once; 001 and 003 are validated, and when complete go to
 * manual review.
 */
export function resolveVerification(ctx: SandboxContext, customer: CustomerRecord): Outcome {
  const documents = ctx.state.documents.list((d) => d.documentHolder === customer.id);
  if (customer.customerType === 'BUSINESS') {
    const suffix = suffixOf(
      (customer.profile['businessInfo'] as Record<string, unknown> | undefined)?.['registrationNumber'],
    );
    if (suffix === '002') return { verificationStatus: 'REJECTED', errors: [] };
    if (suffix !== '001' && suffix !== '003') return { verificationStatus: 'APPROVED', errors: [] };
    const errors = [
      ...missingFields(customer, ['businessInfo.legalName', ...ADDRESS_FIELDS.map((f) => `address.${f}`)]),
      ...(ctx.state.beneficialOwners.list((o) => o.customerId === customer.id).length
        ? []
        : [
            {
              resourceId: customer.id,
              type: 'MISSING_BENEFICIAL_OWNER',
              reason: 'Add the control person and every beneficial owner holding 25% or more',
            },
          ]),
      ...missingDocument(
        customer,
        documents,
        'MISSING_LEGAL_PRESENCE_DOCUMENT',
        LEGAL_PRESENCE_DOCUMENTS,
        'A company formation document is required',
      ),
      ...missingDocument(
        customer,
        documents,
        'MISSING_PROOF_OF_ADDRESS_DOCUMENT',
        PROOF_OF_ADDRESS_DOCUMENTS,
        'A proof of address dated within the last 3 months is required',
      ),
    ];
    return errors.length
      ? { verificationStatus: 'RESOLVE_ERRORS', errors }
      : { verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] };
  }
  const errors = [
    ...missingFields(customer, ['fullName', 'birthDate', 'nationality', ...ADDRESS_FIELDS.map((f) => `address.${f}`)]),
    ...missingDocument(
      customer,
      documents,
      'MISSING_IDENTITY_DOCUMENT',
      IDENTITY_DOCUMENTS,
      'An identity document is required',
    ),
  ];
  if (errors.length) return { verificationStatus: 'RESOLVE_ERRORS', errors };
  const suffix = suffixOf(customer.fullName);
  if (suffix === '001') return { verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] };
  if (suffix === '002') return { verificationStatus: 'REJECTED', errors: [] };
  if (suffix === '003') {
    const identity = documents.filter((d) => IDENTITY_DOCUMENTS.includes(d.documentType));
    if (!identity.some((d) => d.replacedAt !== undefined)) {
      return {
        verificationStatus: 'RESOLVE_ERRORS',
        errors: identity.map((d) => ({
          resourceId: d.id,
          type: 'POOR_QUALITY_DOCUMENT',
          reason: 'The document is blurred or has glare; replace it with a sharp photo showing all four corners',
        })),
      };
    }
  }
  return { verificationStatus: 'APPROVED', errors: [] };
}

/**
 * A business's beneficial owners still UNVERIFIED resolve when the business is submitted, from the last
 * three characters of `personalInfo.lastName`: 001 PENDING, 002 REJECTED, any other APPROVED.
 */
export function resolveBeneficialOwners(ctx: SandboxContext, customer: CustomerRecord): void {
  if (customer.customerType !== 'BUSINESS') return;
  for (const owner of ctx.state.beneficialOwners.list(
    (o) => o.customerId === customer.id && o.kycStatus === 'UNVERIFIED',
  )) {
    const suffix = suffixOf(owner.personalInfo['lastName']);
    const kycStatus = suffix === '001' ? 'PENDING' : suffix === '002' ? 'REJECTED' : 'APPROVED';
    ctx.state.beneficialOwners.put({ ...owner, kycStatus, updatedAt: ctx.config.now() });
  }
}

/** The customer status a verification outcome leaves (RESOLVE_ERRORS leaves it as it was). */
export function customerStatusAfter(status: Status, current: CustomerRecord['kycStatus']): CustomerRecord['kycStatus'] {
  if (status === 'APPROVED') return 'APPROVED';
  if (status === 'REJECTED') return 'REJECTED';
  if (status === 'PENDING_MANUAL_REVIEW') return 'PENDING';
  return current ?? 'UNVERIFIED';
}

/**
 * The customer's own KYC/KYB data (what `<pay-kyc>` sends and the proxy locks under the same rule):
 * contact details, `customerType`, currencies, terms consent and the like stay changeable.
 */
export const IDENTITY_FIELDS = [
  'fullName',
  'birthDate',
  'nationality',
  'address',
  'idType',
  'identifier',
  'countryOfIssuance',
  'businessInfo',
] as const;

/** A verification is pending or decided: the data and documents it rests on stay as submitted. */
export const isIdentityLocked = (customer: CustomerRecord): boolean =>
  (customer.kycStatus ?? customer.kybStatus ?? 'UNVERIFIED') !== 'UNVERIFIED';

/** 409 IDENTITY_LOCKED for a change to `what` once the customer's verification is pending or decided. */
export function assertIdentityOpen(customer: CustomerRecord, what: string): void {
  if (isIdentityLocked(customer))
    throw new ApiError(
      409,
      'IDENTITY_LOCKED',
      `${what} cannot change once the identity verification is pending or decided`,
      { status: customer.kycStatus ?? customer.kybStatus },
    );
}

export const isFinal = (customer: CustomerRecord): boolean => {
  const status = customer.kycStatus ?? customer.kybStatus;
  return status === 'APPROVED' || status === 'REJECTED';
};

/**
 * Applies a decided status to the customer (kycStatus for individuals, kybStatus for businesses), on the
 * record as stored now: a copy read before an `await` must not write back what changed since.
 */
export function settleCustomer(ctx: SandboxContext, customer: CustomerRecord, status: Status): CustomerRecord {
  const current = ctx.state.customers.get(customer.id) ?? customer;
  const key = current.customerType === 'BUSINESS' ? 'kybStatus' : 'kycStatus';
  return ctx.state.customers.put({
    ...current,
    [key]: customerStatusAfter(status, current[key]),
    updatedAt: ctx.config.now(),
  });
}
