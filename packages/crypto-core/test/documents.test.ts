/** uploadDocument / replaceDocument over a fetch transport: the multipart form they send, the rules checked before sending, and the service's errors as PayErrors. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { DOCUMENT_MAX_BYTES, replaceDocument, sniffDocumentType, uploadDocument } from '../src/documents.js';
import { WalletClient } from '../src/client.js';
import { memoryKeyStore } from '../src/key-store.js';
import { fetchTransport } from '../src/transport.js';
import { failure } from './helpers/pay-error.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');

function recording(status = 201, body: unknown = { id: 'Document:1' }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof globalThis.fetch;
  const transport = fetchTransport({ baseUrl: 'https://platform.example/api', fetch });
  return { client: new WalletClient({ transport, keyStore: memoryKeyStore(), autoRefresh: false }), calls };
}

describe('documents', () => {
  it('sniffs PDF, JPEG and PNG by their first bytes, whatever the name or the given type', async () => {
    expect(await sniffDocumentType(new Blob([PNG], { type: 'text/plain' }))).to.equal('image/png');
    expect(await sniffDocumentType(new Blob([JPEG]))).to.equal('image/jpeg');
    expect(await sniffDocumentType(new Blob([PDF], { type: 'image/png' }))).to.equal('application/pdf');
    expect(await sniffDocumentType(new Blob(['GIF89a'], { type: 'image/png' }))).to.equal(undefined);
    expect(await sniffDocumentType(new Blob([]))).to.equal(undefined);
  });

  it('POSTs a multipart form: the file part typed by its bytes, metadata fields, no JSON content type', async () => {
    const { client, calls } = recording();
    const file = new File([JPEG], 'passport.bin', { type: 'application/octet-stream' });
    const doc = await uploadDocument(client, {
      documentHolder: 'Customer:1',
      documentType: 'PASSPORT',
      country: 'DE',
      documentNumber: 'C01X00T47',
      file,
    });
    expect(doc.id).to.equal('Document:1');
    expect(calls).to.have.length(1);
    const { url, init } = calls[0]!;
    expect(url).to.equal('https://platform.example/api/documents');
    expect(init.method).to.equal('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).to.equal(undefined);
    const form = init.body as FormData;
    expect(form).to.be.instanceOf(FormData);
    expect(form.get('documentHolder')).to.equal('Customer:1');
    expect(form.get('documentType')).to.equal('PASSPORT');
    expect(form.get('documentNumber')).to.equal('C01X00T47');
    expect(form.get('side')).to.equal(null);
    const part = form.get('file') as File;
    expect(part.type).to.equal('image/jpeg');
    expect(part.name).to.equal('passport.bin');
    expect(part.size).to.equal(JPEG.byteLength);
  });

  it('PUTs a replacement to /documents/{id} without a holder', async () => {
    const { client, calls } = recording(200);
    await replaceDocument(client, {
      documentId: 'Document:a/b',
      documentType: 'PASSPORT',
      country: 'DE',
      file: new Blob([PNG]),
    });
    expect(calls[0]!.url).to.equal('https://platform.example/api/documents/Document%3Aa%2Fb');
    expect(calls[0]!.init.method).to.equal('PUT');
    const form = calls[0]!.init.body as FormData;
    expect(form.get('documentHolder')).to.equal(null);
    expect((form.get('file') as File).name).to.equal('document');
  });

  it('refuses a file that is not a PDF/JPEG/PNG, or over 10 MB, before sending anything', async () => {
    const { client, calls } = recording();
    const base = { documentHolder: 'Customer:1', documentType: 'PASSPORT', country: 'DE' };
    const gif = await failure(uploadDocument(client, { ...base, file: new Blob(['GIF89a'], { type: 'image/png' }) }));
    expect(gif.code).to.equal('INVALID_ARGUMENT');
    const big = new Blob([PNG, new Uint8Array(DOCUMENT_MAX_BYTES)]);
    expect((await failure(uploadDocument(client, { ...base, file: big }))).code).to.equal('INVALID_ARGUMENT');
    const none = await failure(uploadDocument(client, { ...base, file: 'x' as unknown as Blob }));
    expect(none.code).to.equal('INVALID_ARGUMENT');
    expect(calls).to.have.length(0);
  });

  it('a 422 DOCUMENT_REJECTED is a PayError with its status and reason', async () => {
    const { client } = recording(422, {
      status: 422,
      code: 'DOCUMENT_REJECTED',
      message: 'rejected',
      details: { reason: 'LOW_QUALITY' },
    });
    const error = await failure(
      uploadDocument(client, {
        documentHolder: 'Customer:1',
        documentType: 'PASSPORT',
        country: 'DE',
        file: new Blob([PDF]),
      }),
    );
    expect(error.code).to.equal('DOCUMENT_REJECTED');
    expect(error.status).to.equal(422);
    expect(error.details).to.deep.equal({ reason: 'LOW_QUALITY' });
  });
});
