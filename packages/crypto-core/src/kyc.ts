/**
 * KYC/KYB of a customer, the end user's calls: submit for verification (`POST /verifications`, answered
 * with a status and an `errors[]` naming each missing field or document), a single-use hosted
 * verification link (`POST /customers/{id}/kyc-link`), and a business's beneficial owners
 * (`GET|POST /beneficial-owners`). Free functions over `client.request`; documents are in documents.ts.
 *
 * @example
 *   import { submitVerification, createKycLink } from '@paykit/crypto-core';
 *   const v = await submitVerification(client, { customerId });
 *   if (v.verificationStatus === 'RESOLVE_ERRORS') show(v.errors);
 *   const { kycUrl } = await createKycLink(client, { customerId, redirectUri: location.href });
 */
import { object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import type { ServiceRequestBody } from './resources.js';

/** One thing a verification still needs: `resourceId` names the customer, beneficial owner or document. */
export interface VerificationError {
  resourceId: string;
  /** MISSING_FIELD, MISSING_IDENTITY_DOCUMENT, POOR_QUALITY_DOCUMENT, MISSING_BENEFICIAL_OWNER, … */
  type: string;
  /** Dot path of a missing field (`customer.address.line1`). */
  field?: string;
  reason: string;
  acceptedDocumentTypes?: string[];
}

export interface Verification {
  id: string;
  customerId: string;
  /** RESOLVE_ERRORS, PENDING_MANUAL_REVIEW, APPROVED, REJECTED (others may appear). */
  verificationStatus: string;
  errors: VerificationError[];
  createdAt: string;
  updatedAt?: string;
}

export interface KycLink {
  /** The single-use hosted URL; expires at `expiresAt`. */
  kycUrl: string;
  expiresAt: string;
  provider: string;
  /** A provider token for embedding its SDK, where the provider has one. */
  token?: string;
}

export interface BeneficialOwnerPersonalInfo {
  firstName: string;
  middleName?: string;
  lastName: string;
  birthDate: string;
  nationality: string;
  address: { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };
  idType: string;
  identifier: string;
  countryOfIssuance?: string;
}

export interface BeneficialOwner {
  id: string;
  customerId: string;
  /** UBO, DIRECTOR, COMPANY_OFFICER, CONTROL_PERSON, TRUSTEE, GENERAL_PARTNER. */
  roles: string[];
  ownershipPercentage: number;
  /** As the service returns it (it may leave out write-only fields such as `identifier`). */
  personalInfo: Partial<BeneficialOwnerPersonalInfo>;
  kycStatus: string;
  createdAt: string;
}

/**
 * Submits the customer for KYC (individual) or KYB (business). A RESOLVE_ERRORS answer is a 200 with
 * `errors`; fix them and call again.
 *
 * @throws {PayError} the service's error: 400 when the verification is final or contact verification is pending.
 */
export function submitVerification(client: WalletClient, params: { customerId: string }): Promise<Verification> {
  const customerId = text(object(params, 'params').customerId, 'customerId');
  return request<Verification>(client, 'POST', '/verifications', {
    body: { customerId } satisfies ServiceRequestBody<'createVerification'>,
  });
}

/**
 * A fresh single-use hosted verification link; the customer's status does not change until the hosted
 * flow completes. `redirectUri` (http(s)) is where the flow returns.
 *
 * @throws {PayError} the service's error: 409 while contact verification is pending.
 */
export function createKycLink(
  client: WalletClient,
  params: { customerId: string; redirectUri?: string },
): Promise<KycLink> {
  const customerId = text(object(params, 'params').customerId, 'customerId');
  return request<KycLink>(client, 'POST', `/customers/${encodeURIComponent(customerId)}/kyc-link`, {
    body: (params.redirectUri
      ? { redirectUri: params.redirectUri }
      : {}) satisfies ServiceRequestBody<'createCustomerKycLink'>,
  });
}

/** The business customer's beneficial owners, directors and officers (first page). */
export async function listBeneficialOwners(
  client: WalletClient,
  params: { customerId: string },
): Promise<BeneficialOwner[]> {
  const customerId = text(object(params, 'params').customerId, 'customerId');
  const page = await request<{ data?: BeneficialOwner[] }>(client, 'GET', '/beneficial-owners', {
    query: { customerId, limit: '100' },
  });
  return page?.data ?? [];
}

/** Adds a beneficial owner (or director, officer) to a business customer; their KYC runs automatically. */
export function addBeneficialOwner(
  client: WalletClient,
  params: {
    customerId: string;
    roles: string[];
    ownershipPercentage: number;
    personalInfo: BeneficialOwnerPersonalInfo;
  },
): Promise<BeneficialOwner> {
  const { customerId, roles, ownershipPercentage, personalInfo } = object(params, 'params');
  return request<BeneficialOwner>(client, 'POST', '/beneficial-owners', {
    body: { customerId: text(customerId, 'customerId'), roles, ownershipPercentage, personalInfo },
  });
}
