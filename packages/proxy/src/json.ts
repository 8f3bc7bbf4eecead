/**
 * Reads a JSON request body the way the proxy must to judge it: strict UTF-8, valid JSON, and no object
 * with two keys that a lenient server could confuse (`accountId` twice, or `accountId` and `ACCOUNTID`,
 * which case-insensitive decoders such as Go's bind to one field). Otherwise the proxy could approve one
 * value while the service acts on another. The parsed copy is only for looking; the original bytes are
 * what gets forwarded.
 *
 * @example
 *   parseJsonStrict(new TextEncoder().encode('{"a":1,"A":2}')); // { ok: false, reason: 'duplicate key "A"' }
 */

export type StrictJson = { ok: true; value: unknown } | { ok: false; reason: string };

/** Folds a key the way case-insensitive decoders compare them (so `ſ` meets `s`, `K` meets `k`). */
export function foldKey(key: string): string {
  return key.toUpperCase().toLowerCase();
}

/** `application/json`, with or without parameters (`; charset=utf-8`): the only body type the wallet routes take. */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export function parseJsonStrict(bytes: Uint8Array): StrictJson {
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the body is not valid JSON' };
  }
  const duplicate = findDuplicateKey(text);
  return duplicate === undefined ? { ok: true, value } : { ok: false, reason: `duplicate key "${duplicate}"` };
}

/** Scans text already known to be valid JSON for an object key repeated up to case folding. */
function findDuplicateKey(text: string): string | undefined {
  const open: (Set<string> | null)[] = []; // a Set of folded keys per open object, null per open array
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = open[open.length - 1];
      if (expectingKey && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(foldKey(key))) return key;
        keys.add(foldKey(key));
        expectingKey = false;
      }
      i = end;
    } else if (char === '{') {
      open.push(new Set());
      expectingKey = true;
    } else if (char === '[') {
      open.push(null);
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',') {
      expectingKey = open[open.length - 1] instanceof Set;
    }
  }
  return undefined;
}
