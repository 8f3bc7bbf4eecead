/**
 * A business customer's beneficial owners, directors and officers: `POST /beneficial-owners` (201),
 * `GET /beneficial-owners?customerId=` (the business's, paginated), `GET|PATCH /beneficial-owners/{id}`
 * (PATCH changes only the fields given). An owner starts UNVERIFIED; its KYC resolves when the business
 * is submitted (`POST /verifications`, onboarding/rules.ts: the last three characters of
 * `personalInfo.lastName`). The OpenAPI's BeneficialOwner echoes `personalInfo` whole (its `identifier` too).
 * The OpenAPI sets no cap, the sandbox does: at most `MAX_BENEFICIAL_OWNERS` per business, and the owners'
 * `ownershipPercentage` together at most 100 (both 400 INVALID_INPUT, on create and on PATCH).
 *
 * @example
 *   POST /beneficial-owners { customerId, roles: ['UBO'], ownershipPercentage: 40, personalInfo: { … } }
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { invalidField, notFound } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireCustomer } from '../store/lookups.js';
import { paginate } from '../http/pagination.js';
import type { BeneficialOwnerRecord } from '../store/state.js';
import { COUNTRY, E164, Fields, parseJsonObject } from '../http/validation.js';
import { iso } from '../store/views.js';

export const OWNER_ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'];
/** IdentificationType of the OpenAPI. */
const ID_TYPES = ['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID'];
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/**
 * Owners, directors and officers one business may list: room for the (at most four) holders of 25% or
 * more and sixteen directors, officers, control persons, trustees or partners.
 */
export const MAX_BENEFICIAL_OWNERS = 20;

function toOwner(r: BeneficialOwnerRecord): Record<string, unknown> {
  return {
    id: r.id,
    customerId: r.customerId,
    roles: r.roles,
    ownershipPercentage: r.ownershipPercentage,
    personalInfo: r.personalInfo,
    kycStatus: r.kycStatus,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** Checks `personalInfo` (every required field on create; only those given on update). */
function readPersonalInfo(f: Fields, create: boolean): Record<string, unknown> | undefined {
  const info = f.object('personalInfo', { required: create });
  if (!info) return undefined;
  const required = create;
  for (const name of ['firstName', 'lastName', 'identifier']) info.string(name, { required });
  info.string('middleName');
  info.string('birthDate', { required, pattern: DATE, format: 'date' });
  info.string('nationality', { required, pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  info.string('countryOfIssuance', { pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  info.string('idType', { required, enum: ID_TYPES });
  info.string('email', { format: 'email' });
  info.string('phoneNumber', { pattern: E164, format: 'e.164' });
  const address = info.object('address', { required });
  if (address) {
    for (const name of ['line1', 'city', 'postalCode']) address.string(name, { required: true });
    for (const name of ['line2', 'state']) address.string(name);
    address.string('country', { required: true, pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  }
  return info.body;
}

/** 400 when the business's owners would hold more than 100% together (`exceptId`: the owner being changed). */
function assertTotalOwnership(ctx: SandboxContext, customerId: string, percentage: number, exceptId?: string): void {
  const others = ctx.state.beneficialOwners
    .list((o) => o.customerId === customerId && o.id !== exceptId)
    .reduce((sum, o) => sum + o.ownershipPercentage, 0);
  if (others + percentage > 100)
    throw invalidField(
      'ownershipPercentage',
      `would bring the business's owners to ${others + percentage}% together; at most ${100 - others} is left`,
    );
}

export function beneficialOwnerRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  const requireOwner = (id: string): BeneficialOwnerRecord => {
    const record = ctx.state.beneficialOwners.get(id);
    if (!record) throw notFound('The beneficial owner');
    return record;
  };

  app.post('/beneficial-owners', async (c) => {
    const f = new Fields(parseJsonObject(await c.req.text()));
    const customerId = f.string('customerId', { required: true });
    const roles = f.stringArray('roles', { required: true });
    if (roles && (roles.length === 0 || roles.some((role) => !OWNER_ROLES.includes(role))))
      f.fail('roles', `must be a non-empty list of ${OWNER_ROLES.join(', ')}`, { enum: OWNER_ROLES });
    const ownershipPercentage = f.integer('ownershipPercentage', { required: true, min: 0, max: 100 });
    const personalInfo = readPersonalInfo(f, true);
    f.done();
    const customer = requireCustomer(ctx, customerId!);
    if (customer.customerType !== 'BUSINESS')
      throw invalidField('customerId', 'must name a BUSINESS customer', { enum: ['BUSINESS'] });
    if (ctx.state.beneficialOwners.list((o) => o.customerId === customer.id).length >= MAX_BENEFICIAL_OWNERS)
      throw invalidField('customerId', `names a business that already has ${MAX_BENEFICIAL_OWNERS} beneficial owners`);
    assertTotalOwnership(ctx, customer.id, ownershipPercentage!);
    const now = ctx.config.now();
    const record = ctx.state.beneficialOwners.put({
      id: newId('BeneficialOwner'),
      customerId: customer.id,
      roles: roles!,
      ownershipPercentage: ownershipPercentage!,
      personalInfo: personalInfo!,
      kycStatus: 'UNVERIFIED',
      createdAt: now,
      updatedAt: now,
    });
    return c.json(toOwner(record), 201);
  });

  app.get('/beneficial-owners', (c) => {
    const customerId = c.req.query('customerId');
    if (!customerId) throw invalidField('customerId', 'is required');
    return c.json(
      paginate(
        c,
        ctx.state.beneficialOwners.list((o) => o.customerId === customerId),
        toOwner,
      ),
    );
  });

  app.get('/beneficial-owners/:id', (c) => c.json(toOwner(requireOwner(c.req.param('id')))));

  app.patch('/beneficial-owners/:id', async (c) => {
    requireOwner(c.req.param('id'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const roles = f.stringArray('roles');
    if (roles && (roles.length === 0 || roles.some((role) => !OWNER_ROLES.includes(role))))
      f.fail('roles', `must be a non-empty list of ${OWNER_ROLES.join(', ')}`, { enum: OWNER_ROLES });
    const ownershipPercentage = f.integer('ownershipPercentage', { min: 0, max: 100 });
    const personalInfo = readPersonalInfo(f, false);
    f.done();
    const existing = requireOwner(c.req.param('id')); // as stored now, after the await
    if (typeof ownershipPercentage === 'number')
      assertTotalOwnership(ctx, existing.customerId, ownershipPercentage, existing.id);
    const record = ctx.state.beneficialOwners.put({
      ...existing,
      ...(roles ? { roles } : {}),
      ...(typeof ownershipPercentage === 'number' ? { ownershipPercentage } : {}),
      ...(personalInfo ? { personalInfo: { ...existing.personalInfo, ...personalInfo } } : {}),
      updatedAt: ctx.config.now(),
    });
    return c.json(toOwner(record));
  });

  return app;
}
