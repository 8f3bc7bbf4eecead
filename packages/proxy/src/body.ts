/**
 * Reads a request body once, up to a size limit, as the exact bytes the client sent. The proxy forwards
 * these bytes untouched: signed-retry requests are verified against the body of the first leg, so even a
 * re-serialisation that only changes whitespace or key order would break them.
 *
 * @example
 *   const bytes = await readBodyLimited(request, 64 * 1024); // Uint8Array, or 'too-large'
 */

import { knownBody } from './known-body.js';

/**
 * Reads `request`'s body once, as the exact bytes sent, and stops reading past `limit` bytes (a declared
 * `Content-Length` over the limit is refused before reading). Exported for a platform backend's own
 * routes beside the proxy, so they bound their bodies the way the proxy does (the demo's backend does).
 *
 * @returns the bytes (empty when there is no body), or `'too-large'` (answer 413); never throws for size.
 * @throws whatever reading the body stream throws (a client that disconnects mid-body).
 */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) return 'too-large';
  const known = knownBody(request);
  if (known) return known.byteLength > limit ? 'too-large' : known;
  if (request.body === null) return new Uint8Array(0);
  if (request.body === undefined) {
    // a runtime without request streams (Firefox ESR runs the proxy in page tests): read whole, then judge
    const whole = new Uint8Array(await request.arrayBuffer());
    return whole.byteLength > limit ? 'too-large' : whole;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return 'too-large';
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
