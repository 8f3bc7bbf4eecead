/**
 * Sign-in grants: how a person who is not signed in to the platform yet may still sign in to their wallet
 * through the proxy. The proxy serves only signed-in end users (`resolveEndUser`), but on a sign-in page
 * nobody is signed in: the platform's lookup (`createSignInLookup`) has just said which account an email
 * or phone number is, and the page must now ask that account's credential for a code or a passkey
 * challenge, then verify it. The lookup hands the browser a grant for exactly those credentials: an
 * HttpOnly, SameSite=Strict cookie, HMAC-SHA256-signed with the platform's secret, that expires in ten
 * minutes. With it the proxy forwards, for a person it does not know, only `POST
 * /auth/credentials/{id}/challenge` and `POST /auth/credentials/{id}/verify` of a granted credential;
 * nothing else. When such a verify succeeds, the proxy calls the platform's `onSignIn` with the wallet
 * session, and the platform starts its own session (its `Set-Cookie` joins the answer), so the person's
 * next calls pass `resolveEndUser` as usual. The grant cookie is then cleared.
 *
 * What a grant does not give: a session (that still needs the code, the passkey or the provider's token
 * for that credential, checked by the service), any other call, or anything for another account. It is
 * bound to the browser that asked (a cookie scripts cannot read, not sent by other sites' pages) and
 * lists ids the lookup already told that browser. A grant is not single-use before it succeeds: a code
 * can be resent within its ten minutes. Once a granted verify succeeded, the grant (its random id) is
 * used up: that cookie, or any copy of it, opens nothing more. Used ids are single-use markers in `store`
 * (default `memoryStore()`: this process only, so give several instances one shared store,
 * `@paykit/proxy/redis`), or in a `UsedGrantStore` of the platform's. A store that fails fails closed:
 * a grant that cannot be checked opens nothing (the proxy answers 500) and one that cannot be used up
 * starts no platform session.
 *
 * Checking a grant's signature is the dearest step of a granted request (HMAC, base64url, JSON: about
 * 50 µs), and a sign-in page sends the same cookie several times (challenge, resend, verify legs). A grant
 * whose signature held is therefore kept in a small cache keyed by its exact cookie value until it
 * expires (`VERIFIED_GRANTS` of them, the least recently read leaving first): only a value that verified
 * is ever found there, so a changed or forged cookie still goes through the HMAC, and the expiry and the
 * used-grant store are asked on every read as before, so a used grant stays used.
 *
 * A granted sign-in that completes also sets a device cookie (`paykit_sign_in_device`, a year by default,
 * HttpOnly, SameSite=Strict, signed with the same secret under another prefix, so neither cookie passes
 * for the other) naming the account. It opens nothing: it only tells the lookup that this browser signed
 * in to that account before, so strangers' lookups of the account's email cannot make it wait.
 *
 * @example
 *   const grants = createSignInGrants({ secret: process.env.SIGN_IN_GRANT_SECRET! }); // ≥ 32 bytes
 *   const lookup = createSignInLookup({ findUser, grants });
 *   const wallet = createPlatformProxy({ ...options, signIn: {
 *     grants,
 *     onSignIn: async ({ accountId }) => ({ 'Set-Cookie': await mySessions.startFor(accountId) }),
 *   } });
 */
import { hmacSha256 } from './hmac.js';
import type { EndUser } from './end-user.js';
import { memoryStore } from './memory-store.js';
import { checkStore, type ProxyStore } from './store.js';

/** What the lookup granted: the account and the ids of its credentials, until `expiresAt` (epoch ms). */
export interface SignInGrant {
  accountId: string;
  credentialIds: string[];
  expiresAt: number;
  /** Random, unique to this grant: what `UsedGrantStore` remembers once it signed someone in. */
  id: string;
}

/** The grants that signed someone in already. Give every server instance the same one. */
export interface UsedGrantStore {
  /** Whether grant `id` was used. */
  isUsed(id: string): boolean | Promise<boolean>;
  /** Marks grant `id` used; it need not be kept after `expiresAt` (epoch ms). True only the first time, atomically. */
  use(id: string, expiresAt: number): boolean | Promise<boolean>;
}

export interface SignInGrantOptions {
  /** The key the grants are signed with: at least 32 bytes (a string is taken as UTF-8). Keep it secret. */
  secret: string | Uint8Array;
  /** How long a grant lasts, in ms. Default 600 000 (ten minutes). */
  ttlMs?: number;
  /** The cookie's name. Default `paykit_sign_in`. */
  cookieName?: string;
  /** The cookie's `Path`: where the proxy is mounted (`/api/wallet`). Default `/`. */
  cookiePath?: string;
  /** Add `Secure`: `auto` (default) when the request came over https. */
  secure?: boolean | 'auto';
  /** How long the device cookie remembers a browser that signed in, in ms. Default 365 days. */
  deviceTtlMs?: number;
  /** The device cookie's `Path`: one the lookup's path is under (`/api`). Default `/`. */
  deviceCookiePath?: string;
  /** Where used grants are kept, as single-use markers. Default `memoryStore()`: single instance only. */
  store?: ProxyStore | undefined;
  /** Where used grants are kept, when not in `store`. */
  usedGrants?: UsedGrantStore;
  /** The clock, for tests. Default `Date.now`. */
  now?: () => number;
}

/** Issues and checks grants; give the same instance to `createSignInLookup` and `createPlatformProxy`. */
export interface SignInGrants {
  /** The `Set-Cookie` value that grants `account`'s credentials to the browser of `request`. */
  issue(grant: { accountId: string; credentialIds: readonly string[] }, request: Request): Promise<string>;
  /** The grant the request's cookie carries, when its signature is good and it has not expired. */
  read(request: Request): Promise<SignInGrant | undefined>;
  /** The `Set-Cookie` value that removes the grant. */
  clear(request: Request): string;
  /** Uses the grant up (a granted verify succeeded): true the first time, false after; `read` refuses it after. */
  use?(grant: SignInGrant): Promise<boolean>;
  /** The `Set-Cookie` value of the device cookie: this browser signed in to `accountId`. */
  remember?(accountId: string, request: Request): Promise<string>;
  /** The account the request's device cookie names, when its signature is good and it has not expired. */
  recognize?(request: Request): Promise<string | undefined>;
}

/** How many verified grants `read` keeps (by cookie value), so a repeated cookie skips its HMAC. */
const VERIFIED_GRANTS = 1024;

const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PATH = /^\/[\x21-\x3a\x3c-\x7e]*$/;
const encoder = new TextEncoder();

/** Creates the grants of one platform. Throws a `TypeError` for a short secret or a malformed option. */
export function createSignInGrants(options: SignInGrantOptions): SignInGrants {
  const secret = typeof options?.secret === 'string' ? encoder.encode(options.secret) : options?.secret;
  if (!(secret instanceof Uint8Array) || secret.byteLength < 32)
    throw new TypeError('secret must be at least 32 bytes.');
  const ttl = wholePositive(options.ttlMs, 600_000, 'ttlMs');
  const deviceTtl = wholePositive(options.deviceTtlMs, 365 * 86_400_000, 'deviceTtlMs');
  const name = options.cookieName ?? 'paykit_sign_in';
  if (!NAME.test(name)) throw new TypeError('cookieName must be a cookie token.');
  const deviceName = `${name}_device`;
  const path = options.cookiePath ?? '/';
  if (!PATH.test(path)) throw new TypeError('cookiePath must be a path such as "/api/wallet".');
  const devicePath = options.deviceCookiePath ?? '/';
  if (!PATH.test(devicePath)) throw new TypeError('deviceCookiePath must be a path such as "/api".');
  const now = options.now ?? Date.now;
  const usedGrants =
    options.usedGrants ??
    usedGrantsIn(options.store === undefined ? memoryStore({ now }) : checkStore(options.store), now);
  if (typeof usedGrants?.isUsed !== 'function' || typeof usedGrants.use !== 'function')
    throw new TypeError('usedGrants must have isUsed and use.');
  const mac = hmacSha256(secret);

  const attributes = (request: Request, cookiePath: string, maxAge: number) => {
    const secure = options.secure === 'auto' || options.secure === undefined ? isHttps(request) : options.secure;
    return `; Path=${cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  };
  /** `<prefix>.<payload>.<mac>`: the prefix is signed too, so a grant (`v1`) never reads as a device (`d1`). */
  const seal = async (prefix: string, payload: object) => {
    const body = base64url(encoder.encode(JSON.stringify(payload)));
    const tag = await mac.sign(encoder.encode(`${prefix}.${body}`));
    return `${prefix}.${body}.${base64url(tag)}`;
  };
  const unseal = async (prefix: string, value: string | undefined): Promise<unknown> => {
    const parts = value?.split('.');
    if (!parts || parts.length !== 3 || parts[0] !== prefix) return undefined;
    const [, body, tag] = parts as [string, string, string];
    const signature = fromBase64url(tag);
    const bytes = fromBase64url(body);
    if (!signature || !bytes) return undefined;
    if (!(await mac.verify(signature, encoder.encode(`${prefix}.${body}`)))) return undefined;
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return undefined;
    }
  };

  // cookie value → the grant it verified as (frozen); insertion order is the order last read
  const verified = new Map<string, Readonly<SignInGrant>>();
  /** The grant a cookie value carries when its signature holds (the HMAC checked once per value, see above). */
  const verifiedGrant = async (value: string): Promise<Readonly<SignInGrant> | undefined> => {
    const unsealed = await unseal('v1', value);
    if (!isGrant(unsealed)) return undefined;
    const grant = Object.freeze({ ...unsealed, credentialIds: Object.freeze([...unsealed.credentialIds]) as string[] });
    if (verified.size >= VERIFIED_GRANTS) verified.delete(verified.keys().next().value!);
    verified.set(value, grant);
    return grant;
  };

  return {
    async issue(grant, request) {
      const payload: SignInGrant = {
        accountId: String(grant.accountId),
        credentialIds: grant.credentialIds.map(String),
        expiresAt: now() + ttl,
        id: base64url(crypto.getRandomValues(new Uint8Array(16))),
      };
      return `${name}=${await seal('v1', payload)}${attributes(request, path, Math.ceil(ttl / 1000))}`;
    },

    async read(request) {
      const value = cookieValue(request.headers.get('Cookie'), name);
      if (value === undefined) return undefined;
      let grant = verified.get(value);
      if (grant) {
        verified.delete(value); // read again: the most recent
        verified.set(value, grant);
      } else grant = await verifiedGrant(value);
      if (!grant || grant.expiresAt <= now()) {
        if (grant) verified.delete(value);
        return undefined;
      }
      // a copy: what the caller does with it never reaches the cached one
      return (await usedGrants.isUsed(grant.id)) ? undefined : { ...grant, credentialIds: [...grant.credentialIds] };
    },

    async use(grant) {
      return (await usedGrants.use(grant.id, grant.expiresAt)) === true;
    },

    clear(request) {
      return `${name}=${attributes(request, path, 0)}`;
    },

    async remember(accountId, request) {
      const device = await seal('d1', { accountId: String(accountId), expiresAt: now() + deviceTtl });
      return `${deviceName}=${device}${attributes(request, devicePath, Math.ceil(deviceTtl / 1000))}`;
    },

    async recognize(request) {
      const device = (await unseal('d1', cookieValue(request.headers.get('Cookie'), deviceName))) as {
        accountId?: unknown;
        expiresAt?: unknown;
      } | null;
      return typeof device?.accountId === 'string' && typeof device.expiresAt === 'number' && device.expiresAt > now()
        ? device.accountId
        : undefined;
    },
  };
}

function wholePositive(value: number | undefined, fallback: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen <= 0) throw new TypeError(`${name} must be a positive whole number.`);
  return chosen;
}

/** Used grant ids as single-use markers in `store` (`grant:<id>`), each until its grant expires. */
function usedGrantsIn(store: ProxyStore, now: () => number): UsedGrantStore {
  return {
    isUsed: (id) => store.isMarked(`grant:${id}`),
    use: (id, expiresAt) => store.mark(`grant:${id}`, Math.max(1, expiresAt - now())),
  };
}

/** The end user a grant makes: owns the granted credentials, and only for the two sign-in calls. */
export function grantedEndUser(grant: SignInGrant, fallback: EndUser | null): EndUser {
  return {
    owns: (kind, id) =>
      (kind === 'credential' && grant.credentialIds.includes(id)) || (fallback?.owns(kind, id) ?? false),
    changed: () => fallback?.changed?.(),
  };
}

function isGrant(value: unknown): value is SignInGrant {
  const grant = value as SignInGrant;
  return (
    typeof grant === 'object' &&
    grant !== null &&
    typeof grant.accountId === 'string' &&
    Array.isArray(grant.credentialIds) &&
    grant.credentialIds.every((id) => typeof id === 'string') &&
    typeof grant.expiresAt === 'number' &&
    typeof grant.id === 'string'
  );
}

function isHttps(request: Request): boolean {
  try {
    return new URL(request.url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The value of cookie `name` in a `Cookie` header (the first, as browsers send the most specific first). */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url digits by character code (-1: not a digit). */
const DIGITS = (() => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let i = 0; i < 64; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

/** Unpadded base64url to bytes, or undefined; by table (with Node 20's `atob` it was two fifths of a grant check's CPU). */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length % 4 === 1) return undefined;
  const bytes = new Uint8Array((text.length * 3) >> 2);
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DIGITS[code]! : -1;
    if (digit < 0) return undefined;
    buffer = ((buffer << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
