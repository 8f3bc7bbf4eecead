/**
 * Identity and business documents for KYC/KYB: `POST /documents` and, after a rejection reported in a
 * verification's errors, `PUT /documents/{id}`. Both are `multipart/form-data` (the file in `file`, its
 * metadata in the other fields), sent as a form through the client's request path like every flow. The service's rules are
 * checked first: the file must be a PDF, JPEG or PNG by its content (its first bytes, not its name or the
 * type the browser guessed) and at most 10 MB; the part is sent with the type the bytes show. The file
 * and its fields go into the request body only: never a URL, a log line or storage.
 *
 * @example
 *   import { uploadDocument, replaceDocument } from '@paykit/crypto-core';
 *   const doc = await uploadDocument(client, { documentHolder: customerId, documentType: 'PASSPORT', country: 'DE', file });
 *   // the verification says POOR_QUALITY_DOCUMENT on doc.id: send a sharper photo
 *   await replaceDocument(client, { documentId: doc.id, documentType: 'PASSPORT', country: 'DE', file: better });
 */
import { invalidArgument, object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';

/** The service's size limit for one document file. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The content types the service accepts for a document's file part. */
export type DocumentContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** A document's metadata (`documentType` e.g. PASSPORT, DRIVERS_LICENSE, NATIONAL_ID; `country` ISO 3166-1 alpha-2). */
export interface DocumentFields {
  documentType: string;
  country: string;
  side?: 'FRONT' | 'BACK' | undefined;
  documentNumber?: string | undefined;
  issuingAuthority?: string | undefined;
  /** The file: a PDF, JPEG or PNG of at most 10 MB. A `File`'s name is sent as the file name. */
  file: Blob;
  signal?: AbortSignal | undefined;
}

export interface UploadDocumentParams extends DocumentFields {
  /** The customer (or beneficial owner) the document belongs to. */
  documentHolder: string;
}

export interface ReplaceDocumentParams extends DocumentFields {
  documentId: string;
}

/** The service's Document (its metadata; the file is never returned). */
export interface KycDocument {
  id: string;
  documentHolder: string;
  documentType: string;
  side?: 'FRONT' | 'BACK';
  country: string;
  fileName: string;
  createdAt: string;
  updatedAt?: string;
}

const SIGNATURES: readonly [DocumentContentType, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** The document type the file's first bytes show (PDF, JPEG or PNG), or `undefined` for anything else. */
export async function sniffDocumentType(file: Blob): Promise<DocumentContentType | undefined> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return SIGNATURES.find(([, magic]) => magic.every((byte, i) => head[i] === byte))?.[0];
}

/**
 * Uploads a document (`POST /documents`).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no file, not a PDF/JPEG/PNG by its bytes, over 10 MB, a missing
 *   field); the service's `INVALID_INPUT` (400), `DOCUMENT_REJECTED` (422: screening refused it, nothing
 *   was stored), `USER_NOT_FOUND` (404); the transport's `NETWORK_ERROR`, `TIMEOUT`, `ABORTED`.
 */
export function uploadDocument(client: WalletClient, params: UploadDocumentParams): Promise<KycDocument> {
  return send(client, 'POST', '/documents', params, text(object(params, 'params').documentHolder, 'documentHolder'));
}

/**
 * Replaces a document's file and metadata (`PUT /documents/{id}`), after a verification reported it
 * (POOR_QUALITY_DOCUMENT and the like); the earlier file becomes inactive. Call `POST /verifications` next.
 *
 * @throws {PayError} as `uploadDocument`; 404 for an unknown document.
 */
export function replaceDocument(client: WalletClient, params: ReplaceDocumentParams): Promise<KycDocument> {
  const id = text(object(params, 'params').documentId, 'documentId');
  return send(client, 'PUT', `/documents/${encodeURIComponent(id)}`, params);
}

async function send(
  client: WalletClient,
  method: 'POST' | 'PUT',
  path: string,
  params: DocumentFields,
  documentHolder?: string,
): Promise<KycDocument> {
  const { file } = params;
  if (!(file instanceof Blob)) throw invalidArgument('Invalid file');
  if (file.size > DOCUMENT_MAX_BYTES) throw invalidArgument('The file is over 10 MB');
  const type = await sniffDocumentType(file);
  if (!type) throw invalidArgument('The file is not a PDF, JPEG or PNG');
  const form = new FormData();
  if (documentHolder) form.set('documentHolder', documentHolder);
  form.set('documentType', text(params.documentType, 'documentType'));
  form.set('country', text(params.country, 'country'));
  for (const name of ['side', 'documentNumber', 'issuingAuthority'] as const) {
    const value = params[name];
    if (value) form.set(name, text(value, name));
  }
  // the part's Content-Type is what the bytes are, whatever the browser guessed from the name
  form.set('file', new Blob([file], { type }), (file as File).name || 'document');
  return request<KycDocument>(client, method, path, { form, ...(params.signal ? { signal: params.signal } : {}) });
}
