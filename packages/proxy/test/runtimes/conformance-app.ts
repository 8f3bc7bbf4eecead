/**
 * The backend every runtime of the conformance matrix serves: the proxy at `/api/wallet` and the sign-in
 * lookup at `/api/sign-in/lookup`, wired as the README's quick start wires them (ownership read from the
 * service, grants, `onSignIn` starting the backend's session). Bundled once by esbuild into one ESM file
 * that Node, Bun, Deno and workerd each import unchanged; it uses Web APIs only.
 *
 * @example
 *   const app = createConformanceApp(config); // (request: Request) => Promise<Response>
 */
import {
  createPlatformProxy,
  createServiceEndUserResolver,
  createSignInGrants,
  createSignInLookup,
} from '../../src/index.js';

/** One sandbox wallet: its customer, account, email OTP credential and email. */
export interface ConformanceUser {
  email: string;
  customerId: string;
  accountId: string;
  authMethodId: string;
}

/** What the driver hands each runtime (an environment variable, or workerd's JSON binding). */
export interface ConformanceConfig {
  serviceUrl: string;
  tokenId: string;
  clientSecret: string;
  grantSecret: string;
  /** The page origin the proxy accepts. */
  appOrigin: string;
  /** Signed in already: the cookie `session=<name>` is theirs. */
  users: Record<string, ConformanceUser>;
}

export const PROXY_PREFIX = '/api/wallet';
export const LOOKUP_PATH = '/api/sign-in/lookup';

export function createConformanceApp(config: ConformanceConfig): (request: Request) => Promise<Response> {
  const { serviceUrl, tokenId, clientSecret } = config;
  const users = Object.values(config.users);
  // session cookie value → customer id; the users' names are sessions from the start
  const sessions = new Map(Object.entries(config.users).map(([name, user]) => [name, user.customerId]));
  const sessionOf = (request: Request) =>
    sessions.get(/(?:^|;\s*)session=([\w-]+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? '');
  const owners = createServiceEndUserResolver({ serviceUrl, tokenId, clientSecret });
  const grants = createSignInGrants({ secret: config.grantSecret, cookiePath: PROXY_PREFIX });
  const lookup = createSignInLookup({
    grants,
    minimumResponseMs: 0,
    findUser: async (identifier) => {
      const user = 'email' in identifier ? users.find((u) => u.email === identifier.email) : undefined;
      return user
        ? {
            accountId: user.accountId,
            methods: [{ type: 'EMAIL_OTP', authMethodId: user.authMethodId, destination: user.email }],
          }
        : undefined;
    },
  });
  const proxy = createPlatformProxy({
    serviceUrl,
    tokenId,
    clientSecret,
    pathPrefix: PROXY_PREFIX,
    allowedOrigins: [config.appOrigin],
    resolveEndUser: async (request) => {
      const customerId = sessionOf(request);
      return customerId ? owners.forCustomer(customerId) : null;
    },
    signIn: {
      grants,
      onSignIn: async ({ accountId }) => {
        const user = users.find((u) => u.accountId === accountId);
        if (!user) throw new Error('no such user');
        const id = crypto.randomUUID();
        sessions.set(id, user.customerId);
        return { 'Set-Cookie': `session=${id}; Path=/; HttpOnly; SameSite=Lax` };
      },
    },
  });
  return (request) => (new URL(request.url).pathname === LOOKUP_PATH ? lookup(request) : proxy(request));
}
