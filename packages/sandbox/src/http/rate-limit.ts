/**
 * A sliding-window limit per key (an OTP credential, an SCA challenge): more than `max` hits within
 * `windowMs` is 429 RATE_LIMITED with `Retry-After` = whole seconds until the oldest hit leaves the window.
 *
 * @example
 *   takeRateLimit(ctx, `otp:${credential.id}`); // throws 429 on the 4th call within 30 s (defaults)
 */
import type { SandboxContext } from '../context.js';
import { rateLimited } from './errors.js';

export function takeRateLimit(ctx: SandboxContext, key: string): void {
  const { max, windowMs } = ctx.config.rateLimit;
  const now = ctx.config.now();
  const window = ctx.state.rateWindows.get(key) ?? { id: key, hits: [] };
  window.hits = window.hits.filter((at) => at > now - windowMs);
  if (window.hits.length >= max) {
    ctx.state.rateWindows.put(window);
    throw rateLimited(Math.max(1, Math.ceil((window.hits[0]! + windowMs - now) / 1000)));
  }
  window.hits.push(now);
  ctx.state.rateWindows.put(window);
}
