/**
 * The service's directories of counterparties a payee can be declared at:
 *
 * - `GET /uma-providers` lists the UMA providers (name, domain, regions, currencies, LEI, and whether the
 *   platform's allow list has them), filtered by `countryCode` (a region they operate in) and `currencyCode`
 *   (a currency they support); `hasBlockedProviders=false` leaves out those not on the allow list (by default
 *   they are listed, as the API says). Sorted by name (`sortOrder`, descending by default), paged.
 * - `GET /vasps` lists the Virtual Asset Service Providers whose `vaspName` a VASP-hosted counterparty
 *   declaration takes, paged.
 *
 * A `countryCode` or `currencyCode` the API types as any string matches no provider when it names none (an
 * empty page, not 400: this list declares no 400). A `sortOrder` or `hasBlockedProviders` outside its values,
 * a `limit` outside 1–100 or a cursor the list never issued is 400, as on every list (a deviation the
 * contract lists).
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { invalidField } from '../http/errors.js';
import { paginate } from '../http/pagination.js';

interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

const USD: Currency = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
const EUR: Currency = { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 };
const MXN: Currency = { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 };
const PHP: Currency = { code: 'PHP', name: 'Philippine Peso', symbol: '₱', decimals: 2 };

export interface UmaProvider {
  readonly name: string;
  readonly domain: string;
  readonly supportedRegions: readonly string[];
  readonly supportedCurrencies: readonly Currency[];
  readonly lei: string;
  readonly logoUrl: string;
  readonly allowListStatus: boolean;
}

/** The sandbox's UMA providers: the receiver lookups' own domain (`receiver.example`) among them. */
export const UMA_PROVIDERS: readonly UmaProvider[] = [
  {
    name: 'Lightspark Group',
    domain: 'uma.me',
    supportedRegions: ['US'],
    supportedCurrencies: [USD],
    lei: '5493001KJTIIGC8Y1R12',
    logoUrl: 'https://uma.me/logo.png',
    allowListStatus: true,
  },
  {
    name: 'Receiver Example',
    domain: 'receiver.example',
    supportedRegions: ['US', 'DE', 'FR', 'MX'],
    supportedCurrencies: [USD, EUR, MXN],
    lei: '529900T8BM49AURSDO55',
    logoUrl: 'https://receiver.example/logo.png',
    allowListStatus: true,
  },
  {
    name: 'Manila Pay',
    domain: 'manila-pay.example',
    supportedRegions: ['PH'],
    supportedCurrencies: [PHP, USD],
    lei: '254900OPPU84GM83MG36',
    logoUrl: 'https://manila-pay.example/logo.png',
    allowListStatus: false,
  },
];

export interface Vasp {
  readonly vaspName: string;
  readonly url: string;
}

/** The sandbox's VASP directory (the API's own example first). */
export const VASPS: readonly Vasp[] = [
  { vaspName: 'Kraken', url: 'https://www.kraken.com' },
  { vaspName: 'Coinbase', url: 'https://www.coinbase.com' },
  { vaspName: 'Bitstamp', url: 'https://www.bitstamp.net' },
];

function booleanQuery(name: string, text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false')
    throw invalidField(name, 'must be true or false', { enum: ['true', 'false'] });
  return text === 'true';
}

export function directoryRoutes(_ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/uma-providers', (c) => {
    const country = c.req.query('countryCode');
    const currency = c.req.query('currencyCode');
    const sortOrder = c.req.query('sortOrder') ?? 'desc'; // asc or desc: request-fields.ts refuses the rest
    const blocked = booleanQuery('hasBlockedProviders', c.req.query('hasBlockedProviders')) ?? true;
    const rows = UMA_PROVIDERS.filter(
      (p) =>
        (country === undefined || p.supportedRegions.includes(country)) &&
        (currency === undefined || p.supportedCurrencies.some((x) => x.code === currency)) &&
        (blocked || p.allowListStatus),
    )
      .map((p) => ({ ...p, id: p.domain }))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (sortOrder === 'desc') rows.reverse();
    return c.json({ ...paginate(c, rows, ({ id: _id, ...p }) => p), totalCount: rows.length });
  });

  app.get('/vasps', (c) => {
    const rows = VASPS.map((v) => ({ ...v, id: v.vaspName }));
    return c.json(paginate(c, rows, ({ id: _id, ...v }) => v));
  });

  return app;
}
