/**
 * Customers: create (with an embedded wallet provisioned at once), read, list, update. Individuals are
 * approved at creation unless `fullName` ends in 001 (PENDING), 002 (REJECTED) or 003 (UNVERIFIED);
 * businesses the same on `businessInfo.registrationNumber`. Changing `email` (or `phoneNumber`) while
 * the customer's wallets have EMAIL_OTP (SMS_OTP) credentials is a signed retry, signed by a session of
 * one of those wallets; the credentials change with the contact field. A changed email or phone number
 * makes its `contactVerification` channel PENDING again where the provider requires it (EU/EEA region).
 * Once a verification is pending or decided (kycStatus/kybStatus not UNVERIFIED) the KYC/KYB data is what
 * it rests on: a body carrying any of it is 409 IDENTITY_LOCKED (checked again, on the customer as stored,
 * at the moment the update applies); contact details, `customerType` and the rest stay changeable.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField, invalidInput } from '../http/errors.js';
import { newId } from '../store/ids.js';
import {
  END_USER_TERMS_VERSION,
  IDENTITY_FIELDS,
  assertIdentityOpen,
  requiredContactChannels,
  resetContactChannel,
} from '../onboarding/rules.js';
import { requireCustomer } from '../store/lookups.js';
import { paginate } from '../http/pagination.js';
import { hasWalletHeaders, signedRequest } from '../wallet/signed-retry.js';
import type { CredentialRecord, CustomerRecord } from '../store/state.js';
import { COUNTRY, E164, Fields, UMA_ADDRESS, parseJsonObject, type JsonObject } from '../http/validation.js';
import { toCustomer } from '../store/views.js';
import { provisionWallet, walletsOf } from '../wallet/wallets.js';
import { sessionKeyOf } from '../wallet/wallet-sessions.js';

type Status = NonNullable<CustomerRecord['kycStatus']>;
/** Echoed back on reads, except `identifier` (write-only: views.ts drops it). */
const PROFILE_FIELDS = [
  'birthDate',
  'nationality',
  'idType',
  'identifier',
  'countryOfIssuance',
  'address',
  'businessInfo',
  'description',
  'endUserTermsConsent',
] as const;
const TERMS_METHODS = ['CHECKBOX', 'CLICK_TO_ACCEPT'];

interface CustomerFields {
  email?: string;
  phoneNumber?: string;
  fullName?: string;
  region?: string;
  currencies?: string[];
  umaAddress?: string;
  profile: Record<string, unknown>;
}

/** The fields create and update share; every problem is collected in `f`. */
function readCustomerFields(f: Fields): CustomerFields {
  const out: CustomerFields = { profile: {} };
  const set = <K extends keyof CustomerFields>(key: K, value: CustomerFields[K] | undefined): void => {
    if (value !== undefined) out[key] = value;
  };
  // No length limits the service does not have (the OpenAPI sets none on these; bodies are capped at 1 MB).
  set('email', f.string('email', { format: 'email' }));
  set('phoneNumber', f.string('phoneNumber', { pattern: E164, format: 'e.164' }));
  set('fullName', f.string('fullName'));
  set('region', f.string('region', { pattern: COUNTRY, format: 'iso3166-1-alpha-2' }));
  set('currencies', f.stringArray('currencies', { pattern: '^[A-Z]{3,5}$' }));
  set('umaAddress', f.string('umaAddress', { pattern: UMA_ADDRESS }));
  f.string('birthDate', { pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });
  f.string('nationality', { pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  f.string('idType', { enum: ['SSN', 'ITIN', 'NON_US_TAX_ID'] });
  f.string('identifier');
  f.string('countryOfIssuance', { pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  f.string('description');
  f.address('address');
  const business = f.object('businessInfo');
  if (business) {
    // BusinessInfo of the OpenAPI: these four are required whenever businessInfo is given.
    for (const field of ['legalName', 'country', 'taxId']) business.string(field, { required: true });
    business.string('incorporatedOn', { required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });
    business.string('registrationNumber');
  }
  const consent = f.object('endUserTermsConsent');
  if (consent) {
    consent.string('acceptedAt', {
      required: true,
      format: 'date-time',
      check: (v) => (Number.isNaN(Date.parse(v)) ? 'must be a date-time' : undefined),
    });
    consent.string('ipAddress', { required: true, maxLength: 45 });
    consent.string('termsVersion', { required: true });
    consent.string('acceptanceMethod', { required: true, enum: TERMS_METHODS });
  }
  for (const field of PROFILE_FIELDS) if (f.body[field] !== undefined) out.profile[field] = f.body[field];
  return out;
}

/** 400 END_USER_TERMS_VERSION_NOT_FOUND for a consent to terms the service does not serve. */
function assertTermsVersion(json: JsonObject): void {
  const version = (json['endUserTermsConsent'] as { termsVersion?: unknown } | undefined)?.termsVersion;
  if (typeof version === 'string' && version !== END_USER_TERMS_VERSION)
    throw new ApiError(400, 'END_USER_TERMS_VERSION_NOT_FOUND', 'The end-user terms version is not supported');
}

/** Sandbox verification outcome from the last three characters of the name (or registration number). */
function verificationStatus(key: string | undefined): Status {
  const suffix = key?.slice(-3);
  return suffix === '001' ? 'PENDING' : suffix === '002' ? 'REJECTED' : suffix === '003' ? 'UNVERIFIED' : 'APPROVED';
}

const withDefined = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function defaultUmaAddress(platformCustomerId: string): string {
  const user =
    platformCustomerId
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '-')
      .slice(0, 48) || 'customer';
  return `$${user}.${crypto.randomUUID().slice(0, 8)}@sandbox.paykit.dev`;
}

function assertUmaAddressFree(ctx: SandboxContext, umaAddress: string, exceptId?: string): void {
  if (ctx.state.customers.list((c) => c.umaAddress === umaAddress && c.id !== exceptId).length) {
    throw conflict('The UMA address is already taken', 'UMA_ADDRESS_EXISTS');
  }
}

type ContactField = 'email' | 'phoneNumber';

/** The OTP credentials tied to a contact field across the customer's wallets. */
function tiedCredentials(ctx: SandboxContext, customer: CustomerRecord, field: ContactField): CredentialRecord[] {
  const walletIds = new Set(walletsOf(ctx, customer.id).map((w) => w.id));
  const type = field === 'email' ? 'EMAIL_OTP' : 'SMS_OTP';
  return ctx.state.credentials.list((cred) => walletIds.has(cred.accountId) && cred.type === type);
}

interface Update {
  json: JsonObject;
  fields: CustomerFields;
  /** The contact field being changed, when it changes. */
  contact?: ContactField;
}

function readUpdate(ctx: SandboxContext, customer: CustomerRecord, json: JsonObject): Update {
  const f = new Fields(json);
  if (json['email'] !== undefined && json['phoneNumber'] !== undefined) {
    const message = 'email and phoneNumber must be updated in separate requests';
    throw invalidInput([fieldError('email', message), fieldError('phoneNumber', message)], message);
  }
  // The update body carries the discriminator (CustomerUpdateRequestOneOf): required, and it must be the customer's.
  const customerType = f.string('customerType', { required: true, enum: ['INDIVIDUAL', 'BUSINESS'] });
  if (customerType !== undefined && customerType !== customer.customerType)
    f.fail('customerType', `must be ${customer.customerType}: a customer's type cannot be changed`, {
      enum: [customer.customerType],
    });
  for (const fixed of ['platformCustomerId', 'id']) if (json[fixed] !== undefined) f.fail(fixed, 'cannot be changed');
  const fields = readCustomerFields(f);
  f.done();
  assertTermsVersion(json);
  assertIdentityUnchanged(customer, json);
  if (fields.umaAddress !== undefined) assertUmaAddressFree(ctx, fields.umaAddress, customer.id);
  const contact = (['email', 'phoneNumber'] as const).find(
    (field) => fields[field] !== undefined && fields[field] !== customer[field],
  );
  return { json, fields, ...(contact ? { contact } : {}) };
}

/** 409 IDENTITY_LOCKED when the update touches KYC/KYB data of a customer whose verification is pending or decided. */
function assertIdentityUnchanged(customer: CustomerRecord, json: JsonObject): void {
  const touched = IDENTITY_FIELDS.find((field) => json[field] !== undefined);
  if (touched !== undefined) assertIdentityOpen(customer, touched);
}

/**
 * Applies the update to the customer as stored now, in one synchronous step: a verification that
 * decided while the request was read locks the identity data first, and nothing read before is written back.
 */
function applyUpdate(ctx: SandboxContext, customerId: string, update: Update): CustomerRecord {
  const customer = requireCustomer(ctx, customerId);
  assertIdentityUnchanged(customer, update.json);
  const now = ctx.config.now();
  const { profile, ...rest } = update.fields;
  if (update.contact) {
    const previous = customer[update.contact];
    for (const cred of tiedCredentials(ctx, customer, update.contact)) {
      const value = update.fields[update.contact]!;
      if (update.contact === 'email') cred.email = value;
      else cred.phoneNumber = value;
      if (cred.nickname === previous) cred.nickname = value;
      cred.updatedAt = now;
      ctx.state.credentials.put(cred);
    }
  }
  if (update.contact) {
    // a new address or number is unconfirmed: its channel is PENDING again where the provider requires it
    const channel = update.contact === 'email' ? 'email' : 'phone';
    const contactVerification = resetContactChannel(ctx, customer, channel, rest.region ?? customer.region);
    if (contactVerification) customer.contactVerification = contactVerification;
  }
  Object.assign(customer, rest, { profile: { ...customer.profile, ...profile }, updatedAt: now });
  return ctx.state.customers.put(customer);
}

export function customerRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/customers', async (c) => {
    const json = parseJsonObject(await c.req.text());
    const f = new Fields(json);
    const platformCustomerId = f.string('platformCustomerId', { required: true });
    const customerType = f.string('customerType', { required: true, enum: ['INDIVIDUAL', 'BUSINESS'] }) as
      CustomerRecord['customerType'] | undefined;
    const fields = readCustomerFields(f);
    if (customerType === 'BUSINESS' && !f.has('businessInfo'))
      f.fail('businessInfo', 'is required for a BUSINESS customer');
    if (json['email'] === undefined || json['email'] === null)
      f.fail('email', 'is required: the embedded wallet is provisioned with an EMAIL_OTP credential on it', {
        format: 'email',
      });
    f.done();
    assertTermsVersion(json);
    if (ctx.state.customers.list((x) => x.platformCustomerId === platformCustomerId).length) {
      throw conflict('A customer with this platformCustomerId already exists');
    }
    if (fields.umaAddress !== undefined) assertUmaAddressFree(ctx, fields.umaAddress);
    const now = ctx.config.now();
    const { profile, ...contact } = fields;
    const business = customerType === 'BUSINESS';
    const verificationKey = business
      ? (json['businessInfo'] as { registrationNumber?: string } | undefined)?.registrationNumber
      : fields.fullName;
    const customer = ctx.state.customers.put({
      id: newId('Customer'),
      platformCustomerId: platformCustomerId!,
      customerType: customerType!,
      ...contact,
      umaAddress: fields.umaAddress ?? defaultUmaAddress(platformCustomerId!),
      profile,
      ...(business
        ? { kybStatus: verificationStatus(verificationKey) }
        : { kycStatus: verificationStatus(verificationKey) }),
      ...withDefined('contactVerification', requiredContactChannels(fields.region, fields)),
      createdAt: now,
      updatedAt: now,
    });
    provisionWallet(ctx, customer);
    return c.json(toCustomer(customer), 201);
  });

  app.get('/customers', (c) => {
    const { platformCustomerId, customerType, region, umaAddress, currency } = c.req.query();
    const [createdAfter, createdBefore, updatedAfter, updatedBefore] = (
      ['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore'] as const
    ).map((name) => {
      const text = c.req.query(name);
      if (text === undefined) return undefined;
      const ms = Date.parse(text);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(ms))
        throw invalidField(name, 'must be a date-time', { format: 'date-time' });
      return ms;
    });
    const items = ctx.state.customers.list(
      (x) =>
        (platformCustomerId === undefined || x.platformCustomerId === platformCustomerId) &&
        (customerType === undefined || x.customerType === customerType) &&
        (region === undefined || x.region === region) &&
        (umaAddress === undefined || x.umaAddress === umaAddress) &&
        (currency === undefined || (x.currencies ?? ['USD']).includes(currency)) &&
        (createdAfter === undefined || x.createdAt > createdAfter) &&
        (createdBefore === undefined || x.createdAt < createdBefore) &&
        (updatedAfter === undefined || x.updatedAt > updatedAfter) &&
        (updatedBefore === undefined || x.updatedAt < updatedBefore),
    );
    return c.json(paginate(c, items, toCustomer));
  });

  app.get('/customers/:id', (c) => c.json(toCustomer(requireCustomer(ctx, c.req.param('id')))));

  app.patch('/customers/:id', async (c) => {
    const customer = requireCustomer(ctx, c.req.param('id'));
    if (!hasWalletHeaders(c)) {
      const update = readUpdate(ctx, customer, parseJsonObject(await c.req.text()));
      if (!update.contact || tiedCredentials(ctx, customer, update.contact).length === 0) {
        return c.json(toCustomer(applyUpdate(ctx, customer.id, update)));
      }
    }
    interface Context {
      update: Update;
      tiedIds: string[];
    }
    return signedRequest<Context>(c, ctx, {
      async begin({ json }) {
        const update = readUpdate(ctx, customer, json);
        const contact = update.contact!;
        const value = update.fields[contact]!;
        const tied = tiedCredentials(ctx, customer, contact);
        if (
          contact === 'email' &&
          ctx.state.credentials.list((x) => x.type === 'EMAIL_OTP' && x.email === value && !tied.includes(x)).length
        ) {
          throw conflict(
            'Another wallet already has an EMAIL_OTP credential on this email',
            'EMAIL_OTP_EMAIL_ALREADY_EXISTS',
          );
        }
        const account = walletsOf(ctx, customer.id)[0]!;
        return {
          type: contact === 'email' ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL' : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
          organizationId: account.organizationId,
          parameters: {
            userId: account.userId,
            ...(contact === 'email' ? { userEmail: value } : { userPhoneNumber: value }),
          },
          context: { update, tiedIds: tied.map((x) => x.id) },
        };
      },
      signer: () =>
        sessionKeyOf(
          ctx,
          walletsOf(ctx, customer.id).map((w) => w.id),
        ),
      async finish({ update, tiedIds }) {
        const now = tiedCredentials(ctx, customer, update.contact!).map((x) => x.id);
        if (now.length !== tiedIds.length || now.some((id) => !tiedIds.includes(id))) {
          throw new ApiError(
            409,
            'EMAIL_OTP_CREDENTIAL_SET_CHANGED',
            'The tied credentials changed after the challenge was issued; start again',
          );
        }
        return { status: 200, body: toCustomer(applyUpdate(ctx, customer.id, update)) };
      },
    });
  });

  return app;
}
