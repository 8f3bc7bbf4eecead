/**
 * Cursor pagination for list endpoints: `?limit=` (1 to 100, default 20) and `?cursor=` (opaque, from
 * the previous page's `nextCursor`). Answers `{data, hasMore, nextCursor?}`.
 *
 * @example
 *   return c.json(paginate(c, ctx.state.customers.list(filter), toCustomer));
 */
import type { Context } from 'hono';
import { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from '@paykit/crypto-core/encoding';
import { invalidField } from './errors.js';

export interface Page<V> {
  data: V[];
  hasMore: boolean;
  nextCursor?: string;
}

export function paginate<T extends { id: string }, V>(c: Context, items: T[], view: (item: T) => V): Page<V> {
  const limitText = c.req.query('limit');
  const limit = limitText === undefined ? 20 : Number(limitText);
  if (!/^\d+$/.test(limitText ?? '20') || limit < 1 || limit > 100)
    throw invalidField('limit', 'must be an integer from 1 to 100');
  let start = 0;
  const cursor = c.req.query('cursor');
  if (cursor) {
    let afterId: string;
    try {
      afterId = utf8Decode(base64UrlDecode(cursor));
    } catch {
      throw invalidField('cursor', 'is not a cursor from this list');
    }
    const at = items.findIndex((item) => item.id === afterId);
    if (at < 0) throw invalidField('cursor', 'is not a cursor from this list');
    start = at + 1;
  }
  const page = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  return {
    data: page.map(view),
    hasMore,
    ...(hasMore ? { nextCursor: base64UrlEncode(utf8Encode(page[page.length - 1]!.id)) } : {}),
  };
}
