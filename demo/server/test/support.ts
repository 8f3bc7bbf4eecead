/**
 * Fixtures for the demo server's Node suites: the demo started in this process (its TypeScript sources
 * resolved as `npm run demo` resolves them), and raw HTTP requests that can leave from any loopback
 * address (127.0.0.2, 127.0.0.3, …) so a suite can play several source addresses on one machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { register } from 'node:module';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from '@paykit/test-harness/suite';
import type { RunningDemo, StartDemoOptions } from '../index.js';

// register.mjs's resolve hook, the one part of it that differs from this process's loaders: the test
// runner already runs with tsx (run-node.mjs), and register.mjs registering it a second time put every
// module the demo imports through both tsx hooks
register(new URL('../../scripts/source-hook.mjs', import.meta.url));
const { startDemo: start } = (await import('../index.js')) as typeof import('../index.js');

/** `startDemo` with a silent log unless one is given. */
export function startDemo(options: StartDemoOptions): Promise<RunningDemo> {
  return start({ log: () => undefined, ...options });
}

/**
 * One unbuilt demo on a free port for the calling suite: started in `before`, closed (with the HTTP
 * agents and its scratch folder) in `after`. `log` collects the lines it logs.
 */
export function demoPerSuite(): { readonly demo: RunningDemo; readonly log: string[] } {
  let demo: RunningDemo | undefined;
  let outDir = '';
  const log: string[] = [];
  before(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'paykit-demo-bounds-'));
    demo = await startDemo({ port: 0, outDir, build: false, log: (line) => log.push(line) });
  });
  after(async () => {
    closeAgents();
    await demo?.close();
    rmSync(outDir, { recursive: true, force: true });
  });
  return {
    get demo() {
      if (!demo) throw new Error('the demo starts in before()');
      return demo;
    },
    log,
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Loopback address the request leaves from (its source address as the demo sees it). Default 127.0.0.1. */
  from?: string;
}

/**
 * One keep-alive agent per source address: a flood of requests reuses connections, as a real client would.
 * A connection idle for 1 s is closed by the client, well before the server's keep-alive timeout (Node's
 * 5 s, which the agent itself trusts down to 4 s): the server's clock starts when it has written an answer
 * and the agent's only when this busy process has read it, so on a loaded machine a connection idle 4 s
 * here was sometimes 5 s old for the server, closed by it as the next request went out ("socket hang up",
 * once in a clean-clone run, on the request after a 6 s burst).
 */
const agents = new Map<string, Agent>();
const agentFor = (from: string): Agent => {
  let agent = agents.get(from);
  if (!agent)
    agents.set(
      from,
      (agent = new Agent({ keepAlive: true, timeout: 1_000, localAddress: from } as ConstructorParameters<
        typeof Agent
      >[0])),
    );
  return agent;
};

/** Ends the kept-alive connections (call when a suite is done). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One raw request to the demo at `url` (path and query of `url` are used), with exactly these headers. */
export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: options.method ?? 'GET',
        path: `${target.pathname}${target.search}`,
        headers: { Host: target.host, ...options.headers },
        agent: agentFor(options.from ?? '127.0.0.1'),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.once('error', reject);
    req.end(options.body);
  });
}

export interface Visitor {
  cookie: string;
  customerId: string;
  accountId: string;
}

/** Signs a visitor up the way the page does (same origin, JSON); `undefined` when refused. */
export async function signUp(
  demo: RunningDemo,
  from = '127.0.0.1',
  email = `v${Math.random().toString(36).slice(2)}@example.com`,
  more: { phoneNumber?: string; region?: string } = {},
): Promise<Visitor | Answer> {
  const answer = await send(`${demo.origin}/api/demo/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: demo.origin },
    body: JSON.stringify({ email, region: 'US', ...more }),
    from,
  });
  if (answer.status !== 201) return answer;
  const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
  const profile = JSON.parse(answer.body) as { customerId: string; accountId: string };
  return { cookie, customerId: profile.customerId, accountId: profile.accountId };
}

export const isVisitor = (value: Visitor | Answer): value is Visitor => 'cookie' in value;

/** Runs `tasks` with at most `width` at a time. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

/** The sandbox's contact-verification code (payments-api.md: always 123456). */
const CONTACT_CODE = '123456';

/**
 * Verifies the visitor's email and/or phone number as `<pay-contact-verification>` does, through the wallet
 * proxy with the visitor's cookie (EU/EEA customers only: elsewhere the service answers 409).
 */
export async function verifyContacts(
  demo: RunningDemo,
  visitor: Visitor,
  channels: readonly ('email' | 'phone')[] = ['email', 'phone'],
): Promise<void> {
  for (const channel of channels) {
    for (const [step, body] of [
      ['', '{}'],
      ['/confirm', JSON.stringify({ code: CONTACT_CODE })],
    ] as const) {
      const answer = await send(
        `${demo.origin}/api/wallet/customers/${encodeURIComponent(visitor.customerId)}/verify-${channel}${step}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: demo.origin, Cookie: visitor.cookie },
          body,
        },
      );
      if (answer.status >= 300) throw new Error(`verify-${channel}${step}: ${answer.status} ${answer.body}`);
    }
  }
}
