/**
 * Wallet sessions: issuing one when a credential verifies (client-held key for a compressed
 * `clientPublicKey`, the legacy sealed key for an uncompressed one), telling which are active, and the
 * rules for which session key may approve a signed action.
 *
 * @example
 *   const session = await issueSession(ctx, credential, clientPublicKey);
 *   const mayApprove = sessionKeyOf(ctx, [accountId]);
 *   mayApprove(stampPublicKey); // the active session of that account with this key, or undefined
 */
import type { SandboxContext } from '../context.js';
import { newId } from '../store/ids.js';
import { legacySessionKey } from './legacy-session.js';
import type { CredentialRecord, SessionRecord } from '../store/state.js';
import { toSession } from '../store/views.js';

export const isActiveSession = (session: SessionRecord, now: number): boolean =>
  !session.revokedAt && session.expiresAt > now;

export function activeSessions(
  ctx: SandboxContext,
  filter: (s: SessionRecord) => boolean = () => true,
): SessionRecord[] {
  const now = ctx.config.now();
  return ctx.state.sessions.list((s) => isActiveSession(s, now) && filter(s));
}

/**
 * Which session key may approve: an active session of one of `accountIds` signing with `publicKey`,
 * optionally not issued by `exceptAuthMethodId` (credential revoke) or only `sessionId` (refresh).
 */
export function sessionKeyOf(
  ctx: SandboxContext,
  accountIds: readonly string[],
  rule: { exceptAuthMethodId?: string; sessionId?: string } = {},
): (publicKey: string) => SessionRecord | undefined {
  // Only the sessions of the stamp's key are looked at: the cost does not grow with the sessions stored.
  return (publicKey) => {
    const now = ctx.config.now();
    return ctx.state.sessions
      .withKey(publicKey)
      .find(
        (s) =>
          isActiveSession(s, now) &&
          accountIds.includes(s.accountId) &&
          (rule.exceptAuthMethodId === undefined || s.authMethodId !== rule.exceptAuthMethodId) &&
          (rule.sessionId === undefined || s.id === rule.sessionId),
      );
  };
}

/**
 * Issues a session for `credential`. A compressed key (66 hex) is the client-held-key model; an
 * uncompressed one (130 hex) the legacy model, whose answer carries `encryptedSessionSigningKey`.
 */
/**
 * `stillAllowed` judges the state (the credential still exists, the refreshed session is still active)
 * right before the session is stored, in the same synchronous step, after any await (issue 11).
 */
export async function issueSession(
  ctx: SandboxContext,
  credential: CredentialRecord,
  clientPublicKey: string,
  stillAllowed: () => void = () => {},
): Promise<Record<string, unknown>> {
  const legacy = clientPublicKey.length === 130 ? await legacySessionKey(clientPublicKey) : undefined;
  stillAllowed();
  const now = ctx.config.now();
  const session = ctx.state.sessions.put({
    id: newId('Session'),
    accountId: credential.accountId,
    authMethodId: credential.id,
    type: credential.type,
    nickname: credential.nickname,
    publicKey: legacy?.publicKey ?? clientPublicKey,
    ...(credential.passkey ? { credentialId: credential.passkey.credentialId } : {}),
    createdAt: now,
    expiresAt: now + ctx.config.sessionTtlMs,
  });
  return {
    ...toSession(session),
    ...(legacy ? { encryptedSessionSigningKey: legacy.encryptedSessionSigningKey } : {}),
  };
}
