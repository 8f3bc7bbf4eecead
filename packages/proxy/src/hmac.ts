/**
 * HMAC-SHA-256 with one secret, for the sign-in grants' cookies. Where the runtime offers `node:crypto`
 * (Node, Bun and Deno, through `process.getBuiltinModule`) it signs synchronously there, and compares in
 * constant time: WebCrypto's promise-based `sign`/`verify` cost Node about 70 µs a call, which was a
 * tenth of the proxy's CPU per sign-in request. Elsewhere (Workers, a page) it uses WebCrypto.
 *
 * @example
 *   const mac = hmacSha256(secret);
 *   const tag = await mac.sign(bytes);
 *   await mac.verify(tag, bytes); // true
 */

export interface Hmac {
  sign(data: Uint8Array): Promise<Uint8Array>;
  verify(signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

/** The parts of `node:crypto` used here. */
interface NodeCrypto {
  createHmac(algorithm: 'sha256', key: Uint8Array): { update(data: Uint8Array): { digest(): Uint8Array } };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

export function hmacSha256(secret: Uint8Array): Hmac {
  const key = secret.slice();
  const node = nodeCrypto();
  if (node) {
    const sign = (data: Uint8Array): Uint8Array => node.createHmac('sha256', key).update(data).digest();
    return {
      sign: async (data) => new Uint8Array(sign(data)),
      verify: async (signature, data) => {
        const expected = sign(data);
        return signature.byteLength === expected.byteLength && node.timingSafeEqual(signature, expected);
      },
    };
  }
  const cryptoKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    sign: async (data) => new Uint8Array(await crypto.subtle.sign('HMAC', await cryptoKey, data as BufferSource)),
    verify: async (signature, data) =>
      crypto.subtle.verify('HMAC', await cryptoKey, signature as BufferSource, data as BufferSource),
  };
}

function nodeCrypto(): NodeCrypto | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const module = runtime?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined;
    return typeof module?.createHmac === 'function' && typeof module.timingSafeEqual === 'function'
      ? (module as NodeCrypto)
      : undefined;
  } catch {
    return undefined;
  }
}
