/**
 * KYC/KYB submission and documents: `POST /verifications` (resolved at once by the sandbox rules of
 * onboarding/rules.ts), `GET /verifications[/{id}]`, and `POST|GET|PUT|DELETE /documents`. Documents come as
 * multipart/form-data; the part's Content-Type must be PDF, JPEG or PNG and the file at most 10 MB
 * (else 400 INVALID_INPUT on `file`). Sandbox screening: a file whose name (before the extension) ends
 * in `-rejected` is refused with 422 DOCUMENT_REJECTED (`details.reason` LOW_QUALITY) and nothing is
 * stored. Only metadata is kept: the file's bytes are dropped once screened. Once the holder's
 * verification is pending or decided (kycStatus/kybStatus not UNVERIFIED) its documents stay as the
 * decision saw them: uploads and replacements are 409 IDENTITY_LOCKED (the OpenAPI names no document
 * type that may follow a decision).
 */
import { Hono, type Context } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField, invalidInput, notFound } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireCustomer } from '../store/lookups.js';
import {
  assertIdentityOpen,
  isFinal,
  pendingChannels,
  resolveBeneficialOwners,
  resolveVerification,
  settleCustomer,
} from '../onboarding/rules.js';
import { paginate } from '../http/pagination.js';
import type { DocumentRecord, VerificationRecord } from '../store/state.js';
import { COUNTRY, Fields, parseJsonObject } from '../http/validation.js';
import { iso } from '../store/views.js';

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const DOCUMENT_TYPES = [
  'PASSPORT',
  'DRIVERS_LICENSE',
  'NATIONAL_ID',
  'PROOF_OF_ADDRESS',
  'BANK_STATEMENT',
  'TAX_RETURN',
  'CERTIFICATE_OF_INCORPORATION',
  'ARTICLES_OF_INCORPORATION',
  'ARTICLES_OF_ASSOCIATION',
  'STATE_REGISTRY_EXCERPT',
  'GOOD_STANDING_CERTIFICATE',
  'INFORMATION_STATEMENT',
  'INCUMBENCY_CERTIFICATE',
  'BUSINESS_LICENSE',
  'SHAREHOLDER_REGISTER',
  'POWER_OF_ATTORNEY',
  'UTILITY_BILL',
  'ELECTRICITY_BILL',
  'RENT_OR_LEASE_AGREEMENT',
  'DIRECTOR_REGISTRY',
  'TRUST_AGREEMENT',
  'STATE_COMPANY_REGISTRY',
  'PARTNERSHIP_CONTROL_AGREEMENT',
  'PARTNERSHIP_AGREEMENT',
  'SELFIE',
  'OTHER',
];

function toVerification(r: VerificationRecord): Record<string, unknown> {
  return {
    id: r.id,
    customerId: r.customerId,
    verificationStatus: r.verificationStatus,
    errors: r.errors,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

function toDocument(r: DocumentRecord): Record<string, unknown> {
  return {
    id: r.id,
    documentHolder: r.documentHolder,
    documentType: r.documentType,
    ...(r.side ? { side: r.side } : {}),
    country: r.country,
    ...(r.documentNumber !== undefined ? { documentNumber: r.documentNumber } : {}),
    ...(r.issuingAuthority !== undefined ? { issuingAuthority: r.issuingAuthority } : {}),
    fileName: r.fileName,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** The multipart form, read from the bytes the app's body guard already took in. */
async function readForm(c: Context<SandboxEnv>): Promise<FormData> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw invalidField('file', 'must be sent as multipart/form-data', { format: 'binary' });
  try {
    return await new Response(await c.req.arrayBuffer(), { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw invalidField('file', 'the multipart body could not be read', { format: 'binary' });
  }
}

interface DocumentFields {
  file: File;
  meta: Omit<DocumentRecord, 'id' | 'documentHolder' | 'fileName' | 'submitted' | 'createdAt' | 'updatedAt'>;
}

/** Validates the form's fields and the file's rules; every problem is listed. */
function readDocument(form: FormData, withHolder: boolean): DocumentFields & { documentHolder?: string } {
  const text: Record<string, unknown> = {};
  for (const name of ['documentHolder', 'documentType', 'side', 'country', 'documentNumber', 'issuingAuthority']) {
    const value = form.get(name);
    if (value !== null) text[name] = typeof value === 'string' ? value : 0; // a file where text belongs fails
  }
  const f = new Fields(text);
  const documentHolder = withHolder ? f.string('documentHolder', { required: true }) : undefined;
  const documentType = f.string('documentType', { required: true, enum: DOCUMENT_TYPES });
  const side = f.string('side', { enum: ['FRONT', 'BACK'] }) as 'FRONT' | 'BACK' | undefined;
  const country = f.string('country', { required: true, pattern: COUNTRY, format: 'iso3166-1-alpha-2' });
  const documentNumber = f.string('documentNumber');
  const issuingAuthority = f.string('issuingAuthority');
  const file = form.get('file');
  if (!(file instanceof File)) f.fail('file', 'is required', { format: 'binary' });
  else if (!DOCUMENT_CONTENT_TYPES.includes(file.type.split(';')[0]!.trim().toLowerCase()))
    f.fail('file', 'must be a PDF, JPEG or PNG (by its part Content-Type)', { format: 'binary' });
  else if (file.size > DOCUMENT_MAX_BYTES) f.fail('file', 'must be at most 10 MB', { format: 'binary' });
  f.done();
  return {
    file: file as File,
    ...(documentHolder !== undefined ? { documentHolder } : {}),
    meta: {
      documentType: documentType!,
      country: country!,
      ...(side ? { side } : {}),
      ...(documentNumber !== undefined ? { documentNumber } : {}),
      ...(issuingAuthority !== undefined ? { issuingAuthority } : {}),
    },
  };
}

/** The sandbox's stand-in for the provider's screening during the upload. */
function screen(file: File): void {
  if (/-rejected(\.[^.]*)?$/i.test(file.name))
    throw new ApiError(422, 'DOCUMENT_REJECTED', 'The document was rejected by screening; upload a new one', {
      reason: 'LOW_QUALITY',
    });
}

const fileNameOf = (file: File): string => file.name || 'document';

export function kycRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/verifications', async (c) => {
    const f = new Fields(parseJsonObject(await c.req.text()));
    const customerId = f.string('customerId', { required: true });
    f.done();
    const customer = requireCustomer(ctx, customerId!);
    if (isFinal(customer))
      throw invalidField('customerId', 'names a customer whose verification is final (APPROVED or REJECTED)');
    const pending = pendingChannels(customer);
    if (pending.length)
      throw invalidInput(
        pending.map((channel) => fieldError(`contactVerification.${channel}`, 'must be VERIFIED before KYC begins')),
        'Verify the customer’s contact details before KYC',
      );
    resolveBeneficialOwners(ctx, customer);
    const outcome = resolveVerification(ctx, customer);
    const now = ctx.config.now();
    const previous = ctx.state.verifications.list((v) => v.customerId === customer.id).at(-1);
    const record = ctx.state.verifications.put({
      id: previous?.id ?? newId('Verification'),
      customerId: customer.id,
      ...outcome,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    });
    for (const d of ctx.state.documents.list((x) => x.documentHolder === customer.id && !x.submitted))
      ctx.state.documents.put({ ...d, submitted: true });
    settleCustomer(ctx, customer, outcome.verificationStatus);
    return c.json(toVerification(record));
  });

  app.get('/verifications', (c) => {
    const { customerId, verificationStatus } = c.req.query();
    const items = ctx.state.verifications.list(
      (v) =>
        (customerId === undefined || v.customerId === customerId) &&
        (verificationStatus === undefined || v.verificationStatus === verificationStatus),
    );
    return c.json(paginate(c, items, toVerification));
  });

  app.get('/verifications/:id', (c) => {
    const record = ctx.state.verifications.get(c.req.param('id'));
    if (!record) throw notFound('The verification');
    return c.json(toVerification(record));
  });

  app.post('/documents', async (c) => {
    const { file, documentHolder, meta } = readDocument(await readForm(c), true);
    const holder = ctx.state.customers.get(documentHolder!);
    if (!holder) throw notFound('The document holder');
    assertIdentityOpen(holder, 'The documents');
    screen(file);
    const now = ctx.config.now();
    const record = ctx.state.documents.put({
      id: newId('Document'),
      documentHolder: documentHolder!,
      ...meta,
      fileName: fileNameOf(file),
      submitted: false,
      createdAt: now,
      updatedAt: now,
    });
    return c.json(toDocument(record), 201);
  });

  app.get('/documents', (c) => {
    const holder = c.req.query('documentHolder');
    return c.json(
      paginate(
        c,
        ctx.state.documents.list((d) => holder === undefined || d.documentHolder === holder),
        toDocument,
      ),
    );
  });

  const requireDocument = (id: string): DocumentRecord => {
    const record = ctx.state.documents.get(id);
    if (!record) throw notFound('The document');
    return record;
  };

  app.get('/documents/:id', (c) => c.json(toDocument(requireDocument(c.req.param('id')))));

  app.put('/documents/:id', async (c) => {
    requireDocument(c.req.param('id'));
    const { file, meta } = readDocument(await readForm(c), false);
    // read again after the await: the holder's verification may have been submitted meanwhile
    const existing = requireDocument(c.req.param('id'));
    const holder = ctx.state.customers.get(existing.documentHolder);
    if (holder) assertIdentityOpen(holder, 'The documents');
    screen(file);
    const now = ctx.config.now();
    const record = ctx.state.documents.put({
      id: existing.id,
      documentHolder: existing.documentHolder,
      ...meta,
      fileName: fileNameOf(file),
      replacedAt: now,
      submitted: false,
      createdAt: existing.createdAt,
      updatedAt: now,
    });
    return c.json(toDocument(record));
  });

  app.delete('/documents/:id', (c) => {
    const record = requireDocument(c.req.param('id'));
    if (record.submitted) throw conflict('The document was submitted for verification and cannot be deleted');
    ctx.state.documents.delete(record.id);
    return c.body(null, 204);
  });

  return app;
}
