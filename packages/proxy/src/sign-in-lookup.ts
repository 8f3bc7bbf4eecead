/**
 * The identifier → account lookup of a sign-in, as a ready `(Request) => Promise<Response>` handler the
 * platform mounts beside the proxy (`POST /api/sign-in/lookup`) and wires to its own user table with
 * `findUser`. The answer has the shape of `@paykit/crypto-core`'s `SignInAccount`, and the same shape
 * for an identifier nobody has: `{"accountId": null, "methods": []}`.
 *
 * What it reveals: whether an email or phone number has an account, and for one that has, its account
 * id, method types, `AuthMethod` ids, passkey WebAuthn ids, OAuth issuers and masked destinations. A
 * sign-in that offers an account's own methods cannot hide whether the account exists, and none of these
 * values opens a session (that needs the code, the passkey or the provider's token). What it limits:
 * how fast anyone can ask (fixed windows, 429 with Retry-After): per client IP, per client IP and
 * identifier together, and a high ceiling per identifier from all clients; a browser whose device cookie
 * (see sign-in-grants.ts) names the identifier's account is held only to its IP's limit, so strangers
 * asking for someone's email cannot lock that person out of a browser they signed in from before; and
 * what time tells (every answer, found, unknown, refused or failed, is sent no sooner than
 * `minimumResponseMs` after the request arrived, so a slow user-table query for known users does not
 * stand out). What it does not do: decoy accounts for unknown identifiers (the next call, the code
 * challenge, would expose them). The counters are in `store` (default `memoryStore()`: this process only,
 * so N instances allow N times each limit; give every instance one shared store, `@paykit/proxy/redis`).
 * A store that fails (rejects) fails the lookup closed: 500, reported to `onError`.
 *
 * With `grants` (`createSignInGrants`), a found account's answer also sets a signed, HttpOnly cookie that
 * lets this browser ask those credentials for a code or a passkey challenge and verify it through the
 * proxy before anyone is signed in to the platform (see sign-in-grants.ts); an unknown identifier's
 * answer clears it.
 *
 * Input is strict: a JSON object with exactly one of `email` (syntax checked, at most 254 characters,
 * compared in lower case) or `phone` (E.164: `+`, then 7 to 15 digits, no spaces); anything else is 400.
 * Identifiers are never logged, never in an error message, and the limiter keys them by SHA-256.
 * `findUser` and `store` failures answer 500 and go to `onError` (the error only).
 *
 * @example
 *   const lookup = createSignInLookup({
 *     findUser: async (identifier) => {
 *       const user = 'email' in identifier ? await db.userByEmail(identifier.email) : await db.userByPhone(identifier.phone);
 *       return user && { accountId: user.accountId, methods: user.credentials };
 *     },
 *   });
 *   // node:http: toNodeListener(lookup); Fetch servers: app.post('/api/sign-in/lookup', (c) => lookup(c.req.raw));
 */
import { readBodyLimited } from './body.js';
import { clientAddressOf } from './client-address.js';
import { NO_STORE } from './errors.js';
import { isJsonContentType, parseJsonStrict } from './json.js';
import { memoryStore } from './memory-store.js';
import type { SignInGrants } from './sign-in-grants.js';
import { checkStore, type ProxyStore, type RateCounter, type RateLimit } from './store.js';

export type { RateLimit } from './store.js';

/** What a person types to sign in (`SignInIdentifier` in `@paykit/crypto-core`). */
export type SignInIdentifier = { email: string } | { phone: string };

/**
 * One way to sign in (`SignInMethod` in `@paykit/crypto-core`): `authMethodId` is its `AuthMethod` id
 * (`AuthMethod:…`); a passkey's `webAuthnId` is its WebAuthn credential id (the service's `credentialId`).
 */
export type SignInMethod =
  | { type: 'EMAIL_OTP' | 'SMS_OTP'; authMethodId: string; destination?: string }
  | { type: 'PASSKEY'; authMethodId: string; webAuthnId?: string; nickname?: string }
  | { type: 'OAUTH'; authMethodId: string; issuer?: string };

/** The account an identifier signs in to (`SignInAccount` in `@paykit/crypto-core`). */
export interface SignInAccount {
  accountId: string;
  methods: SignInMethod[];
}

export interface SignInLookupOptions {
  /** Finds the user of an identifier in the platform's own table (email in lower case, phone in E.164). */
  findUser: (identifier: SignInIdentifier) => Promise<SignInAccount | undefined | null>;
  /** Per client IP, whatever it asks. Default 30 per minute. */
  perIp?: RateLimit;
  /** Per client IP and identifier together: how often one client may ask for one identifier. Default 10 per 10 minutes. */
  perIpAndIdentifier?: RateLimit;
  /**
   * Per identifier, from all clients together: a ceiling that only many clients reach together (a client
   * over its own limit adds nothing). A browser whose device cookie names the account is not held to it,
   * nor to `perIpAndIdentifier`. Default 200 per 10 minutes.
   */
  perIdentifier?: RateLimit;
  /** No answer leaves sooner than this after the request arrived. Default 250 ms. */
  minimumResponseMs?: number;
  /** The client's address; default the one `toNodeListener` recorded. Without one, the IP limit is skipped. */
  clientAddress?: (request: Request) => string | undefined;
  /** Told about a `findUser` or `store` failure (the error only: never the identifier). */
  onError?: (error: unknown) => void;
  /**
   * Grants the browser that asked the found account's credentials for its sign-in through the proxy (a
   * signed HttpOnly cookie; see sign-in-grants.ts). Give the proxy's `signIn.grants` the same instance.
   * Without it, only a person already signed in to the platform can use what the lookup returns.
   */
  grants?: SignInGrants | undefined;
  /** Where the limits count. Default `memoryStore()`: this process only; several instances share one store. */
  store?: ProxyStore | undefined;
  /** The clock and the wait, for tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const METHOD_TYPES = new Set(['EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH']);

/** An email address the lookup accepts (dot-atom local part ≤ 64, a dotted domain, ≤ 254 in all), else undefined. */
export function normalizeEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (email.length > 254 || at < 1 || at > 64) return undefined;
  return EMAIL_LOCAL.test(email.slice(0, at)) && EMAIL_DOMAIN.test(email.slice(at + 1)) ? email : undefined;
}

/** `a•••@example.com`: the first character and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** `•••• 0123`: the last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/** The fields the contract has, from whatever `findUser` returned (a whole user row stays on the server). */
function contractAccount(account: SignInAccount): SignInAccount {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const methods = (Array.isArray(account.methods) ? account.methods : []).flatMap((method): SignInMethod[] => {
    const authMethodId = text(method?.authMethodId);
    // the field's name before `authMethodId`: refused aloud, not dropped (a user with no method to offer)
    if (!authMethodId && 'credentialId' in Object(method))
      throw new TypeError('findUser: a method has credentialId, which is now authMethodId');
    if (!authMethodId || !METHOD_TYPES.has(method.type)) return [];
    const optional = (name: string, value: string | undefined) => (value ? { [name]: value } : {});
    switch (method.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP': {
        const destination = text(method.destination);
        const masked = destination && (method.type === 'EMAIL_OTP' ? maskEmail(destination) : maskPhone(destination));
        return [{ type: method.type, authMethodId, ...optional('destination', masked) }];
      }
      case 'PASSKEY':
        return [
          {
            type: 'PASSKEY',
            authMethodId,
            ...optional('webAuthnId', text(method.webAuthnId)),
            ...optional('nickname', text(method.nickname)),
          },
        ];
      default:
        return [{ type: 'OAUTH', authMethodId, ...optional('issuer', text(method.issuer)) }];
    }
  });
  return { accountId: String(account.accountId), methods };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type Refusal = { status: number; code: string; message: string; retryAfter?: number };

/** Reads `{email}` or `{phone}` strictly: the identifier, or why not. */
async function readIdentifier(request: Request): Promise<SignInIdentifier | Refusal> {
  const invalid = (message: string): Refusal => ({ status: 400, code: 'INVALID_INPUT', message });
  if (!isJsonContentType(request.headers.get('Content-Type')))
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send application/json.' };
  const bytes = await readBodyLimited(request, 1024);
  if (bytes === 'too-large') return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The body is too large.' };
  const parsed = parseJsonStrict(bytes);
  if (!parsed.ok) return invalid('The body is not valid JSON.');
  const body = parsed.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid('Send a JSON object.');
  const keys = Object.keys(body);
  const value = (body as Record<string, unknown>)[keys[0] ?? ''];
  if (keys.length !== 1 || (keys[0] !== 'email' && keys[0] !== 'phone') || typeof value !== 'string')
    return invalid('Send exactly one of email or phone, as a string.');
  if (keys[0] === 'email') {
    const email = normalizeEmail(value);
    return email ? { email } : invalid('email is not a valid email address.');
  }
  return E164.test(value)
    ? { phone: value }
    : invalid('phone must be in E.164 form: +, the country code and the number, digits only.');
}

/**
 * Creates the lookup handler. It answers `POST` only; mount it at the path your pages call.
 *
 * @returns `(request) => Promise<Response>`: 200 `SignInAccount` (or `{"accountId":null,"methods":[]}`),
 *   400 / 413 / 415 for bad input, 405 for another method, 429 over a limit, 500 when `findUser` throws.
 *   Never throws.
 */
export function createSignInLookup(options: SignInLookupOptions): (request: Request) => Promise<Response> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const minimum = options.minimumResponseMs ?? 250;
  const store = options.store === undefined ? memoryStore({ now }) : checkStore(options.store);
  const perIp = store.counter('lookup-ip', options.perIp ?? { max: 30, windowMs: 60_000 });
  const perIpAndIdentifier = store.counter(
    'lookup-ip-identifier',
    options.perIpAndIdentifier ?? { max: 10, windowMs: 600_000 },
  );
  const perIdentifier = store.counter('lookup-identifier', options.perIdentifier ?? { max: 200, windowMs: 600_000 });
  /** Counts one lookup: the seconds to wait when over the limit, else 0. */
  const hit = async (counter: RateCounter, key: string) => Math.ceil((await counter.hit(key)) / 1000);
  const addressOf = options.clientAddress ?? clientAddressOf;

  const answer = async (started: number, status: number, body: unknown, retryAfter?: number, cookie?: string) => {
    const wait = started + minimum - now();
    if (wait > 0) await sleep(wait);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...NO_STORE };
    if (retryAfter) headers['Retry-After'] = String(retryAfter);
    if (cookie) headers['Set-Cookie'] = cookie;
    return new Response(JSON.stringify(body), { status, headers });
  };
  const refuse = (started: number, refusal: Refusal) =>
    answer(
      started,
      refusal.status,
      { status: refusal.status, code: refusal.code, message: refusal.message },
      refusal.retryAfter,
    );

  return async (request) => {
    const started = now();
    try {
      return await lookUp(request, started);
    } catch (error) {
      options.onError?.(error);
      return refuse(started, { status: 500, code: 'INTERNAL_ERROR', message: 'The lookup failed.' });
    }
  };

  async function lookUp(request: Request, started: number): Promise<Response> {
    if (request.method !== 'POST') {
      return new Response(JSON.stringify({ status: 405, code: 'METHOD_NOT_ALLOWED', message: 'Use POST.' }), {
        status: 405,
        headers: { 'Content-Type': 'application/json', Allow: 'POST', ...NO_STORE },
      });
    }
    const tooMany = (seconds: number): Refusal => ({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many sign-in lookups. Try again later.',
      retryAfter: seconds,
    });
    const address = addressOf(request);
    const ipWait = address ? await hit(perIp, address) : 0;
    if (ipWait) return refuse(started, tooMany(ipWait));
    let identifier: SignInIdentifier | Refusal;
    try {
      identifier = await readIdentifier(request);
    } catch {
      identifier = { status: 400, code: 'INVALID_INPUT', message: 'The body could not be read.' };
    }
    if ('status' in identifier) return refuse(started, identifier);
    const key = await sha256Hex('email' in identifier ? `e:${identifier.email}` : `p:${identifier.phone}`);
    // this client's lookups of this identifier, then everyone's (a client over its own limit adds nothing)
    const identifierWait = async () =>
      (address ? await hit(perIpAndIdentifier, `${address} ${key}`) : 0) || (await hit(perIdentifier, key));
    // a browser that signed in to an account before: its lookups of that account's identifiers are not counted
    const device = await options.grants?.recognize?.(request);
    const wait = device === undefined ? await identifierWait() : 0;
    if (wait) return refuse(started, tooMany(wait));
    const found = await options.findUser(identifier);
    const account = found ? contractAccount(found) : undefined;
    const lateWait = device !== undefined && account?.accountId !== device ? await identifierWait() : 0;
    if (lateWait) return refuse(started, tooMany(lateWait));
    // a grant for the account's credentials, or (nobody found) the previous grant cleared
    const grants = options.grants;
    const cookie =
      grants &&
      (account
        ? await grants.issue(
            { accountId: account.accountId, credentialIds: account.methods.map((m) => m.authMethodId) },
            request,
          )
        : grants.clear(request));
    return answer(started, 200, account ?? { accountId: null, methods: [] }, undefined, cookie);
  }
}
