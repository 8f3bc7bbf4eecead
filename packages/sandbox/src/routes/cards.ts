/**
 * Cards bound to an internal account. `POST /cards` needs an Idempotency-Key (a retry with the same key
 * answers the first answer again), an APPROVED cardholder and a funding source of that cardholder
 * (`cardholderId`, `form` and `fundingSources` as the OpenAPI, or payments-api.md's single `fundingSource`;
 * another customer's account is 400 FUNDING_SOURCE_INELIGIBLE);
 * the card starts PROCESSING and is ACTIVE after `cardActivationMs` (a `platformCardId` ending in 002
 * is rejected by the issuer instead: CLOSED, ISSUER_REJECTED). PATCH follows the spec's state table.
 * `POST /cards/{id}/reveal` answers a single-use `panEmbedUrl` on the separate PAN origin.
 */
import { Hono } from 'hono';
import { randomBytes } from '@paykit/crypto-core/encoding';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidInput } from '../http/errors.js';
import { idempotent } from '../http/idempotency.js';
import { newId, randomToken } from '../store/ids.js';
import { requireCard } from '../store/lookups.js';
import { paginate } from '../http/pagination.js';
import type { CardRecord } from '../store/state.js';
import { Fields, parseJsonObject } from '../http/validation.js';
import { iso, toCard } from '../store/views.js';
import { revokeKeysOfCard } from './delegated-keys.js';

const LIMITS = ['maxSpendPerTransaction', 'maxSpendPerDay', 'maxTransactionsPerDay'] as const;
/** States a PATCH may ask for (CardUpdateRequest): PROCESSING is the issuer's to set, so it is a 400. */
const REQUESTABLE_STATES = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;
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

  /** A funding source that is not the cardholder's, or not in the card's currency, is FUNDING_SOURCE_INELIGIBLE. */
  const assertFundingSource = (field: string, accountId: string, customerId: string, currency?: string): void => {
    const account = ctx.state.accounts.get(accountId);
    if (!account) throw invalidInput([fieldError(field, 'is not an internal account')]);
    const problem =
      account.customerId !== customerId
        ? 'must belong to the cardholder'
        : currency !== undefined && account.currency !== currency
          ? "must be in the card's currency"
          : undefined;
    if (problem)
      throw new ApiError(400, 'FUNDING_SOURCE_INELIGIBLE', `The funding source ${problem}`, {
        errors: [fieldError(field, problem)],
      });
  };

  /** `fundingSources: [id]` (the OpenAPI; one source per card here) or `fundingSource` (payments-api.md). */
  const readFundingSource = (f: Fields, required: boolean): { field: string; id: string } | undefined => {
    if (f.has('fundingSources')) {
      const list = f.stringArray('fundingSources');
      if (list && list.length !== 1) f.fail('fundingSources', 'must name exactly one internal account', {});
      return list?.length === 1 ? { field: 'fundingSources', id: list[0]! } : undefined;
    }
    const id = f.string('fundingSource', { required });
    return id === undefined ? undefined : { field: 'fundingSource', id };
  };

  app.post('/cards', async (c) => {
    const text = await c.req.text();
    return idempotent(c, ctx, { required: true }, async () => {
      const f = new Fields(parseJsonObject(text));
      const source = readFundingSource(f, true);
      const holderField = 'cardholderId';
      const cardholder = f.string(holderField);
      f.string('form', { enum: ['VIRTUAL'] });
      const platformCardId = f.string('platformCardId');
      const limits = readLimits(f, false);
      f.done();
      const account = ctx.state.accounts.get(source!.id);
      if (!account) throw invalidInput([fieldError(source!.field, 'is not an internal account')]);
      const customer = ctx.state.customers.get(cardholder ?? account.customerId);
      if (!customer) throw invalidInput([fieldError(holderField, 'is not a customer')]);
      assertFundingSource(source!.field, account.id, customer.id);
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
        fundingSourceId: newId('CardFundingSource'),
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
    // The service's parameter names: cardholderId, accountId (the funding source), platformCardId, state.
    const { cardholderId, accountId, state, platformCardId, sortOrder = 'desc' } = c.req.query();
    if (sortOrder !== 'asc' && sortOrder !== 'desc')
      throw invalidInput([fieldError('sortOrder', 'must be asc or desc', { enum: ['asc', 'desc'] })]);
    const items = ctx.state.cards.list(
      (card) =>
        (!cardholderId || card.customerId === cardholderId) &&
        (!accountId || card.fundingSource === accountId) &&
        (!state || card.state === state) &&
        (!platformCardId || card.platformCardId === platformCardId),
    );
    // The service lists newest first unless sortOrder=asc.
    return c.json(paginate(c, sortOrder === 'desc' ? items.reverse() : items, toCard));
  });

  app.get('/cards/:id', (c) => c.json(toCard(requireCard(ctx, c.req.param('id')))));

  app.patch('/cards/:id', async (c) => {
    const card = requireCard(ctx, c.req.param('id'));
    const json = parseJsonObject(await c.req.text());
    const f = new Fields(json);
    const state = f.string('state', { enum: REQUESTABLE_STATES }) as CardRecord['state'] | undefined;
    const source = readFundingSource(f, false);
    const fundingSource = source?.id;
    // Only the limits are cleared by null; a null state or fundingSource is a wrong type, not a no-op.
    if (json['state'] === null) f.fail('state', 'must not be null', { enum: [...REQUESTABLE_STATES] });
    if (json['fundingSource'] === null)
      f.fail('fundingSource', 'must not be null: a card keeps its funding source until it is CLOSED');
    const limits = readLimits(f, true);
    if (Object.keys(json).length === 0) f.fail('state', 'or another card field is required');
    if (state === 'CLOSED') {
      for (const field of ['fundingSource', 'fundingSources', ...LIMITS])
        if (json[field] !== undefined) f.fail(field, 'cannot accompany state CLOSED');
    }
    f.done();
    if (card.state === 'CLOSED') {
      throw state === 'CLOSED'
        ? conflict('The card is already CLOSED', 'CARD_ALREADY_CLOSED')
        : conflict('A CLOSED card cannot be changed', 'CARD_NOT_MUTABLE');
    }
    if (state !== undefined && !TRANSITIONS[card.state].includes(state)) {
      throw conflict(`A ${card.state} card cannot become ${state}`, 'INVALID_STATE_TRANSITION', {
        from: card.state,
        to: state,
      });
    }
    if (fundingSource !== undefined) {
      assertFundingSource(source!.field, fundingSource, card.customerId, card.currency);
      if (fundingSource !== card.fundingSource) revokeKeysOfCard(ctx, card.id);
    }
    const now = ctx.config.now();
    const updated: CardRecord = {
      ...card,
      ...limits,
      ...(fundingSource !== undefined && fundingSource !== card.fundingSource
        ? { fundingSource, fundingSourceId: newId('CardFundingSource') }
        : {}),
      updatedAt: now,
    };
    if (state !== undefined) updated.state = state;
    if (state === 'CLOSED') {
      Object.assign(updated, { stateReason: 'CLOSED_BY_PLATFORM', fundingSource: null, fundingSourceId: null });
      revokeKeysOfCard(ctx, card.id);
    }
    return c.json(toCard(ctx.state.cards.put(updated)));
  });

  app.post('/cards/:id/reveal', (c) => {
    const card = requireCard(ctx, c.req.param('id'));
    // The OpenAPI declares no 409 here: a card without a PAN to show is refused as 403 FORBIDDEN.
    if (card.state !== 'ACTIVE' && card.state !== 'FROZEN')
      throw new ApiError(403, 'FORBIDDEN', `A ${card.state} card has no PAN to reveal`, { state: card.state });
    const expiresAt = ctx.config.now() + ctx.config.panRevealTtlMs;
    const token = ctx.state.panTokens.put({ id: randomToken(), cardId: card.id, expiresAt, used: false });
    return c.json({ panEmbedUrl: `${ctx.config.panOrigin}/pan/${token.id}`, expiresAt: iso(expiresAt) });
  });

  return app;
}
