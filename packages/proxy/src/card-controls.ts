/**
 * What an end user may change on their card (`PATCH /cards/{id}` through the proxy): freeze it, unfreeze
 * a freeze of their own, and set its limits up to what the platform set. A freeze the platform made
 * (fraud response, offboarding: `PATCH /cards/{id}` with the platform credential, never through the proxy)
 * and the platform's limits stay. The service does not record who set what, so the proxy records what end
 * users set through it, keyed by the card and stamped with the card's `updatedAt` after their change: a
 * card whose `updatedAt` has moved on since was changed by the platform, and the record no longer counts.
 *
 * @example
 *   const judged = await judgeCardChange(store, cardId, body, readService);
 *   if (judged instanceof Response) return judged; // 403 CARD_CONTROLLED_BY_PLATFORM
 *   const answer = await forward(…);
 *   if (answer.status === 200) await judged.record(answer.clone());
 */
import { errorResponse } from './errors.js';
import { foldKey, parseJsonStrict } from './json.js';
import { memoryStore } from './memory-store.js';
import type { ProxyStore } from './store.js';

/** The card limits an end user may set (`null`: no limit). */
export const CARD_LIMITS = ['maxSpendPerTransaction', 'maxSpendPerDay', 'maxTransactionsPerDay'] as const;

export type CardLimits = Partial<Record<(typeof CARD_LIMITS)[number], number | null>>;

/** What end users set on one card through the proxy. */
export interface CardControlRecord {
  /** The card's `updatedAt` after the end user's last change: a later one means the platform changed it since. */
  readonly updatedAt: string;
  /** The card is FROZEN because the end user froze it. */
  readonly frozenByUser: boolean;
  /** The limits the card had before the end user first changed one: the platform's, the most they may set. */
  readonly platformLimits: CardLimits;
}

/**
 * Where the records live. The default is the proxy's `store` (`memoryStore()` unless given: right for one
 * instance; behind a load balancer give every instance the same store).
 */
export interface CardControlStore {
  get(cardId: string): CardControlRecord | undefined | Promise<CardControlRecord | undefined>;
  set(cardId: string, record: CardControlRecord): void | Promise<void>;
}

/** Records in this process, the `max` most recently changed cards (older ones fall back to the safe side: no unfreeze, current limits as the ceiling). */
export function memoryCardControls(max = 100_000): CardControlStore {
  return cardControlsIn(memoryStore({ capacity: max }));
}

/** Records as JSON values in `store` (`card:<id>`); a record that does not read back counts as none. */
export function cardControlsIn(store: ProxyStore): CardControlStore {
  return {
    async get(cardId) {
      const text = await store.get(`card:${cardId}`);
      if (text === undefined) return undefined;
      try {
        const record = JSON.parse(text) as CardControlRecord;
        return typeof record?.updatedAt === 'string' ? record : undefined;
      } catch {
        return undefined;
      }
    },
    set: (cardId, record) => store.set(`card:${cardId}`, JSON.stringify(record)),
  };
}

/** A change the end user may make; `record` notes it once the service applied it (its 200 answer). */
export interface JudgedCardChange {
  record(answer: Response): Promise<void>;
}

type JsonObject = Record<string, unknown>;

export async function judgeCardChange(
  store: CardControlStore,
  cardId: string,
  bodyBytes: Uint8Array,
  readService: (servicePath: string) => Promise<Response>,
): Promise<JudgedCardChange | Response> {
  const parsed = parseJsonStrict(bodyBytes);
  const body = parsed.ok && isObject(parsed.value) ? parsed.value : {};
  // the asked-for fields under their own names, whatever spelling a case-insensitive decoder would bind
  const change: JsonObject = {};
  for (const name of ['state', ...CARD_LIMITS]) {
    const key = Object.keys(body).find((candidate) => foldKey(candidate) === foldKey(name));
    if (key !== undefined) change[name] = body[key];
  }
  const current = await readService(`/cards/${encodeURIComponent(cardId)}`);
  if (current.status >= 500) return current;
  const card = current.status === 200 ? await jsonObject(current) : undefined;
  if (card === undefined || typeof card['updatedAt'] !== 'string') {
    return errorResponse(403, 'FORBIDDEN', 'The path names a resource you do not own.');
  }
  const recorded = await store.get(cardId);
  const mine = recorded?.updatedAt === card['updatedAt'] ? recorded : undefined;

  if (change['state'] === 'ACTIVE' && card['state'] === 'FROZEN' && mine?.frozenByUser !== true) {
    return controlled('This card was frozen by the platform; only the platform can unfreeze it.');
  }
  const platformLimits = mine?.platformLimits ?? limitsOf(card);
  for (const name of CARD_LIMITS) {
    if (!(name in change)) continue;
    const ceiling = platformLimits[name];
    const value = change[name];
    if (typeof ceiling === 'number' && (typeof value !== 'number' || value > ceiling)) {
      return controlled(`${name} can be at most ${ceiling}, the limit the platform set.`);
    }
  }

  return {
    record: async (answer) => {
      const updated = await jsonObject(answer);
      if (typeof updated?.['updatedAt'] !== 'string') return;
      const frozenNow = updated['state'] === 'FROZEN';
      await store.set(cardId, {
        updatedAt: updated['updatedAt'],
        frozenByUser: frozenNow && (change['state'] === 'FROZEN' || mine?.frozenByUser === true),
        platformLimits,
      });
    },
  };
}

function limitsOf(card: JsonObject): CardLimits {
  const limits: CardLimits = {};
  for (const name of CARD_LIMITS) {
    const value = card[name];
    limits[name] = typeof value === 'number' ? value : null;
  }
  return limits;
}

async function jsonObject(response: Response): Promise<JsonObject | undefined> {
  try {
    const value: unknown = JSON.parse(await response.text());
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function controlled(message: string): Response {
  return errorResponse(403, 'CARD_CONTROLLED_BY_PLATFORM', message);
}
