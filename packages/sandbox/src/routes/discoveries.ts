/**
 * Receiving institutions: `GET /discoveries?country=&currency=` lists the payment rails of a corridor
 * (all of them without a filter). `bankName` is what `POST /customers/external-accounts` takes as `bankName`.
 * A `country` that is not ISO 3166-1 alpha-2 or a `currency` that is not ISO 4217 (three capitals) is 400.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { invalidField } from '../http/errors.js';

export interface Discovery {
  readonly bankName: string;
  readonly displayName: string;
  readonly country: string;
  readonly currency: string;
}

/** The sandbox's fixed institutions; the first two are the spec's own example. */
export const DISCOVERIES: readonly Discovery[] = [
  { bankName: 'BDO Unibank', displayName: 'BDO Unibank', country: 'PH', currency: 'PHP' },
  { bankName: 'BPI', displayName: 'Bank of the Philippine Islands', country: 'PH', currency: 'PHP' },
  { bankName: 'BBVA Mexico', displayName: 'BBVA México', country: 'MX', currency: 'MXN' },
  { bankName: 'Banorte', displayName: 'Banorte', country: 'MX', currency: 'MXN' },
  { bankName: 'Deutsche Bank', displayName: 'Deutsche Bank', country: 'DE', currency: 'EUR' },
  { bankName: 'Chase', displayName: 'JPMorgan Chase Bank', country: 'US', currency: 'USD' },
];

export function discoveryRoutes(_ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.get('/discoveries', (c) => {
    const country = c.req.query('country');
    const currency = c.req.query('currency');
    if (country !== undefined && !/^[A-Z]{2}$/.test(country))
      throw invalidField('country', 'is not an ISO 3166-1 alpha-2 code', { pattern: '^[A-Z]{2}$' });
    if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
      throw invalidField('currency', 'is not an ISO 4217 code', { pattern: '^[A-Z]{3}$' });
    const data = DISCOVERIES.filter(
      (d) => (country === undefined || d.country === country) && (currency === undefined || d.currency === currency),
    );
    return c.json({ data });
  });
  return app;
}
