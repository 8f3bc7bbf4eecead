/**
 * Delegated signing keys: the key the card program uses to spend from an embedded wallet. Creation is
 * a three-leg signed retry with the same body on every leg: 202 (create the key's user), signed retry
 * answered by another 202 with a new payload and requestId (the key now exists, PENDING: grant its
 * policy), signed retry answered 201 ACTIVE. One ACTIVE key per card funding source (the card's binding to
 * its wallet, `CardFundingSource:…`, which the key's `fundingSourceId` names); abandoned PENDING
 * keys block nothing. List (by accountId or fundingSourceId), get, revoke (204).
 */
import { Hono } from 'hono';
import { bytesToHex } from '@paykit/crypto-core/encoding';
import { compressPoint, exportPublicPoint } from '@paykit/crypto-core/p256';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { conflict, invalidField, notFound } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireAccount, requireCard } from '../store/lookups.js';
import { signedRequest } from '../wallet/signed-retry.js';
import type { DelegatedKeyRecord } from '../store/state.js';
import { Fields } from '../http/validation.js';
import { toDelegatedKey } from '../store/views.js';
import { sessionKeyOf } from '../wallet/wallet-sessions.js';

interface Creation {
  cardId: string;
  accountId: string;
  /** The card's funding source (CardFundingSource:…) binding it to accountId. */
  fundingSourceId: string;
  nickname: string;
  publicKey: string;
  /** Set once leg 2 made the PENDING key. */
  keyId?: string;
}

function assertNoActiveKey(ctx: SandboxContext, fundingSourceId: string): void {
  if (ctx.state.delegatedKeys.list((k) => k.fundingSourceId === fundingSourceId && k.status === 'ACTIVE').length) {
    throw conflict('The funding source already has an ACTIVE delegated key; revoke it first');
  }
}

function requireKey(ctx: SandboxContext, id: string): DelegatedKeyRecord {
  const key = ctx.state.delegatedKeys.get(id);
  if (!key) throw notFound('The delegated key');
  return key;
}

export function delegatedKeyRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/auth/delegated-keys', (c) =>
    signedRequest<Creation>(c, ctx, {
      async begin({ json }) {
        const f = new Fields(json);
        const cardId = f.string('cardId', { required: true });
        const accountId = f.string('internalAccountId', { required: true });
        const nickname = f.string('nickname', { minLength: 1, maxLength: 256 });
        f.done();
        const account = requireAccount(ctx, accountId!);
        const card = requireCard(ctx, cardId!);
        if (card.fundingSource !== account.id || card.fundingSourceId === null)
          throw invalidField('internalAccountId', "must be the card's funding source");
        assertNoActiveKey(ctx, card.fundingSourceId);
        const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
          'sign',
          'verify',
        ]);
        const publicKey = bytesToHex(compressPoint(await exportPublicPoint(keyPair.publicKey)));
        const creation: Creation = {
          cardId: card.id,
          accountId: account.id,
          fundingSourceId: card.fundingSourceId,
          nickname: nickname ?? 'Card spending key',
          publicKey,
        };
        return {
          type: 'ACTIVITY_TYPE_CREATE_USERS_V3',
          organizationId: account.organizationId,
          parameters: {
            users: [
              {
                userName: `card-${card.id.slice(5, 13)}`,
                apiKeys: [{ apiKeyName: creation.nickname, curveType: 'API_KEY_CURVE_P256', publicKey }],
              },
            ],
          },
          context: creation,
        };
      },
      signer: (creation) => sessionKeyOf(ctx, [creation.accountId]),
      async finish(creation) {
        const now = ctx.config.now();
        if (!creation.keyId) {
          const key = ctx.state.delegatedKeys.put({
            id: newId('DelegatedKey'),
            cardId: creation.cardId,
            fundingSourceId: creation.fundingSourceId,
            accountId: creation.accountId,
            publicKey: creation.publicKey,
            nickname: creation.nickname,
            status: 'PENDING',
            createdAt: now,
            updatedAt: now,
          });
          const account = requireAccount(ctx, creation.accountId);
          return {
            next: {
              type: 'ACTIVITY_TYPE_CREATE_POLICIES',
              organizationId: account.organizationId,
              parameters: {
                policies: [
                  {
                    policyName: `card-spend:${creation.cardId}`,
                    effect: 'EFFECT_ALLOW',
                    consensus: `approvers.any(user, user.public_key == '${creation.publicKey}')`,
                    condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
                  },
                ],
              },
              context: { ...creation, keyId: key.id },
            },
          };
        }
        const key = requireKey(ctx, creation.keyId);
        assertNoActiveKey(ctx, key.fundingSourceId);
        const card = requireCard(ctx, key.cardId);
        if (card.state === 'CLOSED' || card.fundingSourceId !== key.fundingSourceId)
          throw conflict('The card no longer draws on this funding source');
        return {
          status: 201,
          body: toDelegatedKey(ctx.state.delegatedKeys.put({ ...key, status: 'ACTIVE', updatedAt: now })),
        };
      },
    }),
  );

  app.get('/auth/delegated-keys', (c) => {
    const { accountId, fundingSourceId } = c.req.query();
    if (!accountId && !fundingSourceId) throw invalidField('accountId', 'or fundingSourceId is required');
    const items = ctx.state.delegatedKeys.list(
      (k) => (!accountId || k.accountId === accountId) && (!fundingSourceId || k.fundingSourceId === fundingSourceId),
    );
    return c.json({ data: items.map(toDelegatedKey) });
  });

  app.get('/auth/delegated-keys/:id', (c) => c.json(toDelegatedKey(requireKey(ctx, c.req.param('id')))));

  app.delete('/auth/delegated-keys/:id', (c) => {
    const key = requireKey(ctx, c.req.param('id'));
    // The OpenAPI declares no 409 here: revoking a key that is not ACTIVE is a 400.
    if (key.status !== 'ACTIVE')
      throw invalidField('id', `names a ${key.status} key: only an ACTIVE key can be revoked`);
    ctx.state.delegatedKeys.put({ ...key, status: 'REVOKED', updatedAt: ctx.config.now() });
    return c.body(null, 204);
  });

  return app;
}

/** Revokes the card's ACTIVE delegated keys (the card closed and its funding source was detached). */
export function revokeKeysOfCard(ctx: SandboxContext, cardId: string): void {
  const now = ctx.config.now();
  for (const key of ctx.state.delegatedKeys.list((k) => k.cardId === cardId && k.status === 'ACTIVE')) {
    ctx.state.delegatedKeys.put({ ...key, status: 'REVOKED', updatedAt: now });
  }
}
