/**
 * `Idempotency-Key`: the first successful (2xx) answer to a key is stored and replayed for any later
 * request with the same key and the same method, path and body; reusing a key for a different request
 * is 409 CONFLICT. Failed answers are not stored, so a corrected retry with the same key can succeed. A
 * request that arrives while the first with its key is still running waits for it and replays its answer.
 *
 * @example
 *   return idempotent(c, ctx, { required: true, replayStatus: 200 }, async () => ({ status: 201, body }));
 */
import type { Context } from 'hono';
import type { SandboxContext, SandboxEnv } from './context.js';
import { conflict, invalidField } from './errors.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export async function idempotent(
  c: Context<SandboxEnv>,
  ctx: SandboxContext,
  options: { required?: boolean; replayStatus?: number },
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
  if (!key) {
    if (options.required) throw invalidField(IDEMPOTENCY_HEADER, 'header is required', { minLength: 1, maxLength: 255 });
    const { status, body } = await run();
    return c.json(body, status as never);
  }
  if (key.length > 255) throw invalidField(IDEMPOTENCY_HEADER, 'header must be at most 255 characters', { maxLength: 255 });
  const id = `${c.get('token').id}:${key}`;
  const fingerprint = `${c.req.method} ${c.req.path}\n${await c.req.text()}`;
  const flights = inFlightOf(ctx);
  const earlier = flights.get(id);
  if (earlier) await earlier.catch(() => undefined); // a concurrent first request with this key: wait for its answer
  const stored = ctx.state.idempotency.get(id);
  if (stored) {
    if (stored.fingerprint !== fingerprint) throw conflict(`The ${IDEMPOTENCY_HEADER} was already used for a different request`);
    return c.json(stored.body, (options.replayStatus ?? stored.status) as never);
  }
  const flight = run();
  if (!flights.has(id)) flights.set(id, flight);
  let answer: { status: number; body: unknown };
  try {
    answer = await flight;
  } finally {
    if (flights.get(id) === flight) flights.delete(id);
  }
  const { status, body } = answer;
  if (status >= 200 && status < 300 && !ctx.state.idempotency.get(id)) ctx.state.idempotency.put({ id, fingerprint, status, body });
  return c.json(body, status as never);
}

/** Requests under way per key, so that a concurrent request with the same key replays the first one's answer. */
const inFlight = new WeakMap<SandboxContext, Map<string, Promise<unknown>>>();
function inFlightOf(ctx: SandboxContext): Map<string, Promise<unknown>> {
  let flights = inFlight.get(ctx);
  if (!flights) inFlight.set(ctx, (flights = new Map()));
  return flights;
}
