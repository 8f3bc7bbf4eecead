/**
 * `Idempotency-Key`: the first successful (2xx) answer to a key is stored and replayed for any later
 * request with the same key and the same method, path and body; reusing a key for a different request
 * is 409 CONFLICT. Failed answers are not stored, so a corrected retry with the same key can succeed.
 * Concurrent requests with one key run once: the check and the claim of the key happen in one
 * synchronous step, and the others wait for the first one's answer (and replay it, or run if it failed).
 *
 * @example
 *   return idempotent(c, ctx, { required: true, replayStatus: 200 }, async () => ({ status: 201, body }));
 */
import type { Context } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { conflict, invalidField } from './errors.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

type Outcome = { status: number; body: unknown };
/** Keys whose first request is still running, per sandbox. */
const running = new WeakMap<SandboxContext, Map<string, Promise<Outcome>>>();

export async function idempotent(
  c: Context<SandboxEnv>,
  ctx: SandboxContext,
  options: { required?: boolean; replayStatus?: number },
  run: () => Promise<Outcome>,
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
  if (!key) {
    if (options.required)
      throw invalidField(IDEMPOTENCY_HEADER, 'header is required', { minLength: 1, maxLength: 255 });
    const { status, body } = await run();
    return c.json(body, status as never);
  }
  if (key.length > 255)
    throw invalidField(IDEMPOTENCY_HEADER, 'header must be at most 255 characters', { maxLength: 255 });
  const id = `${c.get('token').id}:${key}`;
  const fingerprint = `${c.req.method} ${c.req.path}\n${await c.req.text()}`;
  const inFlight = running.get(ctx) ?? running.set(ctx, new Map()).get(ctx)!;
  for (;;) {
    const stored = ctx.state.idempotency.get(id);
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw conflict(`The ${IDEMPOTENCY_HEADER} was already used for a different request`);
      return c.json(stored.body, (options.replayStatus ?? stored.status) as never);
    }
    const first = inFlight.get(id);
    if (!first) break;
    await first.catch(() => undefined); // then judge again: replay its answer, or run if it failed
  }
  const attempt = run();
  inFlight.set(id, attempt);
  try {
    const { status, body } = await attempt;
    if (status >= 200 && status < 300) ctx.state.idempotency.put({ id, fingerprint, status, body });
    return c.json(body, status as never);
  } finally {
    inFlight.delete(id);
  }
}
