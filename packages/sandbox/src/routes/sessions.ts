/**
 * Wallet sessions: list the active ones, refresh (signed by the session's own current key, both legs
 * carrying the new `clientPublicKey`; 201 new session, the old one stays until it expires) and revoke
 * (signed by any active session of the account, itself included; 404 when not active).
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { invalidField, notFound } from '../http/errors.js';
import { requireAccount, requireCredential } from '../store/lookups.js';
import { sessionCreationActivity } from '../wallet/passkeys.js';
import { signedRequest } from '../wallet/signed-retry.js';
import type { SessionRecord } from '../store/state.js';
import { CLIENT_PUBLIC_KEY, Fields, lowerHex, pointProblem } from '../http/validation.js';
import { toSession } from '../store/views.js';
import { activeSessions, isActiveSession, issueSession, sessionKeyOf } from '../wallet/wallet-sessions.js';

function requireActiveSession(ctx: SandboxContext, id: string): SessionRecord {
  const session = ctx.state.sessions.get(id);
  if (!session || !isActiveSession(session, ctx.config.now())) throw notFound('The active session');
  return session;
}

export function sessionRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/auth/sessions', (c) => {
    const accountId = c.req.query('accountId');
    if (!accountId) throw invalidField('accountId', 'is required');
    // An unknown account has no sessions: 200 with an empty list, as the service (no 404 declared).
    return c.json({ data: activeSessions(ctx, (s) => s.accountId === accountId).map(toSession) });
  });

  app.post('/auth/sessions/:id/refresh', (c) => {
    const session = requireActiveSession(ctx, c.req.param('id'));
    const account = requireAccount(ctx, session.accountId);
    return signedRequest<{ clientPublicKey: string }>(c, ctx, {
      async begin({ json }) {
        const f = new Fields(json);
        const clientPublicKey = lowerHex(
          f.string('clientPublicKey', { required: true, pattern: CLIENT_PUBLIC_KEY, check: pointProblem }),
        );
        f.done();
        const activity = sessionCreationActivity({
          organizationId: account.organizationId,
          userId: account.userId,
          publicKey: clientPublicKey!,
          expirationSeconds: Math.round(ctx.config.sessionTtlMs / 1000),
        });
        return { ...activity, credentialType: session.type, context: { clientPublicKey: clientPublicKey! } };
      },
      signer: () => sessionKeyOf(ctx, [session.accountId], { sessionId: session.id }),
      async finish({ clientPublicKey }) {
        const credential = requireCredential(ctx, session.authMethodId);
        return {
          status: 201,
          body: await issueSession(ctx, credential, clientPublicKey, () => requireActiveSession(ctx, session.id)),
        };
      },
    });
  });

  app.delete('/auth/sessions/:id', (c) => {
    const session = requireActiveSession(ctx, c.req.param('id'));
    const account = requireAccount(ctx, session.accountId);
    return signedRequest<null>(c, ctx, {
      async begin() {
        return {
          type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
          organizationId: account.organizationId,
          parameters: { userId: account.userId, apiKeyIds: [session.id] },
          credentialType: session.type,
          context: null,
        };
      },
      signer: () => sessionKeyOf(ctx, [session.accountId]),
      async finish() {
        const current = requireActiveSession(ctx, session.id);
        ctx.state.sessions.put({ ...current, revokedAt: ctx.config.now() });
        return { status: 204 };
      },
    });
  });

  return app;
}
