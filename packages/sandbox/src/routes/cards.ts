/**
 * Cards bound to an internal account. `POST /cards` needs an Idempotency-Key (a retry with the same key
 * answers 200 with the first card), an APPROVED cardholder and a funding source of that cardholder;
 * the card starts PROCESSING and is ACTIVE after `cardActivationMs` (a `platformCardId` ending in 002
 * is rejected by the issuer instead: CLOSED, ISSUER_REJECTED). PATCH follows the spec's state table.
 * `POST /cards/{id}/reveal` answers a single-use `panEmbedUrl` on the separate PAN origin.
 */
import { Hono } from 'hono';
import { randomBytes } from '@paykit/crypto-core/encoding';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidInput } from '../errors.js';
import { idempotent } from '../idempotency.js';
import { newId, randomToken } from '../ids.js';
import { requireCard } from '../lookups.js';
import { paginate } from '../pagination.js';
import type { CardRecord } from '../state.js';
import { Fields, parseJsonObject } from '../validation.js';
import { iso, toCard } from '../views.js';
import { revokeKeysOfCard } from './delegated-keys.js';

const LIMITS = ['maxSpendPerTransaction', 'maxSpendPerDay', 'maxTransactionsPerDay'] as const;
const STATES = ['PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;
/** Requested transitions the state table allows. */
const TRANSITIONS: Record<CardRecord['state'], readonly CardRecord['state'][]> = {
  PROCESSING: [],
  ACTIVE: ['FROZEN', 'CLOSED'],
  FROZEN: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
};

/** A 16-digit test PAN in the 4000 00xx… range with a valid Luhn check digit. */
export function testPan(): string {
  const body = '400000' + Array.from(randomBytes(9), (b) => String(b % 10)).join('');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function readLimits(f: Fields, nullable: boolean): Partial<Record<(typeof LIMITS)[number], number | null>> {
  const limits: Partial<Record<(typeof LIMITS)[number], number | null>> = {};
  for (const name of LIMITS) {
    const value = f.integer(name, { min: 1, nullable });
    if (value !== undefined) limits[name] = value;
  }
  return limits;
}

export function cardRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  const fundingProblem = (accountId: string, customerId: string, currency?: string): string | undefined => {
    const account = ctx.state.accounts.get(accountId);
    if (!account) return 'is not an internal account';
    if (account.customerId !== customerId) return 'must belong to the cardholder';
    if (currency !== undefined && account.currency !== currency) return "must be in the card's currency";
    return undefined;
  };

  app.post('/cards', async (c) => {
    const text = await c.req.text();
    return idempotent(c, ctx, { required: true, replayStatus: 200 }, async () => {
      const f = new Fields(parseJsonObject(text));
      const fundingSource = f.string('fundingSource', { required: true });
      const cardholder = f.string('customerId') ?? f.string('cardholderId');
      const platformCardId = f.string('platformCardId', { maxLength: 128 });
      const limits = readLimits(f, false);
      f.done();
      const account = ctx.state.accounts.get(fundingSource!);
      if (!account) throw invalidInput([fieldError('fundingSource', 'is not an internal account')]);
      const customer = ctx.state.customers.get(cardholder ?? account.customerId);
      if (!customer) throw invalidInput([fieldError('customerId', 'is not a customer')]);
      const problem = fundingProblem(account.id, customer.id);
      if (problem) throw invalidInput([fieldError('fundingSource', problem)]);
      if ((customer.kycStatus ?? customer.kybStatus) !== 'APPROVED') {
        throw new ApiError(400, 'CARDHOLDER_KYC_NOT_APPROVED', 'The cardholder has not passed verification');
      }
      if (ctx.state.cards.list((card) => card.state !== 'CLOSED').length >= ctx.config.maxLiveCards) {
        throw conflict('The platform reached its maximum of live cards', 'CARD_LIMIT_REACHED');
      }
      const now = ctx.config.now();
      const expiry = new Date(now);
      const card = ctx.state.cards.put({
        id: newId('Card'),
        customerId: customer.id,
        fundingSource: account.id,
        state: 'PROCESSING',
        currency: account.currency,
        ...(platformCardId !== undefined ? { platformCardId } : {}),
        maxSpendPerTransaction: limits.maxSpendPerTransaction ?? null,
        maxSpendPerDay: limits.maxSpendPerDay ?? null,
        maxTransactionsPerDay: limits.maxTransactionsPerDay ?? null,
        pan: testPan(),
        cvv: String(100 + (randomBytes(2).reduce((a, b) => a * 256 + b, 0) % 900)),
        expiryMonth: expiry.getUTCMonth() + 1,
        expiryYear: expiry.getUTCFullYear() + 3,
        provisionedAt: now + ctx.config.cardActivationMs,
        issuerRejects: platformCardId?.endsWith('002') === true,
        createdAt: now,
        updatedAt: now,
      });
      return { status: 201, body: toCard(card) };
    });
  });

  app.get('/cards', (c) => {
    const { customerId, fundingSource, state, platformCardId } = c.req.query();
    const items = ctx.state.cards.list(
      (card) =>
        (!customerId || card.customerId === customerId) &&
        (!fundingSource || card.fundingSource === fundingSource) &&
        (!state || card.state === state) &&
        (!platformCardId || card.platformCardId === platformCardId),
    );
    return c.json(paginate(c, items, toCard));
  });

  app.get('/cards/:id', (c) => c.json(toCard(requireCard(ctx, c.req.param('id')))));

  app.patch('/cards/:id', async (c) => {
    const card = requireCard(ctx, c.req.param('id'));
    const json = parseJsonObject(await c.req.text());
    const f = new Fields(json);
    const state = f.string('state', { enum: STATES }) as CardRecord['state'] | undefined;
    const fundingSource = f.string('fundingSource');
    // Only the limits are cleared by null; a null state or fundingSource is a wrong type, not a no-op.
    if (json['state'] === null) f.fail('state', 'must not be null', { enum: [...STATES] });
    if (json['fundingSource'] === null) f.fail('fundingSource', 'must not be null: a card keeps its funding source until it is CLOSED');
    const limits = readLimits(f, true);
    f.only(['state', 'fundingSource', ...LIMITS]);
    if (Object.keys(json).length === 0) f.fail('state', 'or another card field is required');
    if (state === 'CLOSED') {
      for (const field of ['fundingSource', ...LIMITS]) if (json[field] !== undefined) f.fail(field, 'cannot accompany state CLOSED');
    }
    f.done();
    if (card.state === 'CLOSED') {
      throw state === 'CLOSED' ? conflict('The card is already CLOSED', 'CARD_ALREADY_CLOSED') : conflict('A CLOSED card cannot be changed', 'CARD_NOT_MUTABLE');
    }
    if (state !== undefined && !TRANSITIONS[card.state].includes(state)) {
      throw conflict(`A ${card.state} card cannot become ${state}`, 'INVALID_STATE_TRANSITION', { from: card.state, to: state });
    }
    if (fundingSource !== undefined) {
      const problem = fundingProblem(fundingSource, card.customerId, card.currency);
      if (problem) throw invalidInput([fieldError('fundingSource', problem)]);
      if (fundingSource !== card.fundingSource) revokeKeysOfCard(ctx, card.id);
    }
    const now = ctx.config.now();
    const updated: CardRecord = { ...card, ...limits, ...(fundingSource !== undefined ? { fundingSource } : {}), updatedAt: now };
    if (state !== undefined) updated.state = state;
    if (state === 'CLOSED') {
      Object.assign(updated, { stateReason: 'CLOSED_BY_PLATFORM', fundingSource: null });
      revokeKeysOfCard(ctx, card.id);
    }
    return c.json(toCard(ctx.state.cards.put(updated)));
  });

  app.post('/cards/:id/reveal', (c) => {
    const card = requireCard(ctx, c.req.param('id'));
    if (card.state !== 'ACTIVE' && card.state !== 'FROZEN') throw conflict(`A ${card.state} card has no PAN to reveal`, 'CONFLICT', { state: card.state });
    const expiresAt = ctx.config.now() + ctx.config.panRevealTtlMs;
    const token = ctx.state.panTokens.put({ id: randomToken(), cardId: card.id, expiresAt, used: false });
    return c.json({ panEmbedUrl: `${ctx.config.panOrigin}/pan/${token.id}`, expiresAt: iso(expiresAt) });
  });

  return app;
}
