/**
 * UMA invitations, as the API serves them: the platform creates one for a customer of its own
 * (`POST /invitations`, 201), anyone with the code reads it (`GET /invitations/{code}`), an invitee claims it
 * for their UMA address (`POST /invitations/{code}/claim`) and the platform cancels it
 * (`POST /invitations/{code}/cancel`). States: PENDING → CLAIMED (claim) or CANCELLED (cancel); a PENDING
 * invitation past its `expiresAt` reads EXPIRED. Claiming a CLAIMED invitation is 400
 * INVITATION_ALREADY_CLAIMED, a CANCELLED one 400 INVITATION_CANCELLED, an EXPIRED one 400 INVALID_INPUT with
 * `details.status: EXPIRED` (the API has no code of its own for it); cancelling anything but a PENDING
 * invitation is 400 with the same codes. An unknown code is 404 INVITATION_NOT_FOUND; a malformed UMA address
 * 400 INVALID_UMA_ADDRESS. No INVITATION_CLAIMED webhook (the sandbox sends none).
 */
import { Hono } from 'hono';
import { bytesToHex, randomBytes } from '@paykit/crypto-core/encoding';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, invalidField } from '../http/errors.js';
import { Fields, MAX_AMOUNT, UMA_ADDRESS, readJsonObject } from '../http/validation.js';
import type { InvitationRecord } from '../store/state.js';
import { currency, iso } from '../store/views.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const badUma = (field: string) =>
  new ApiError(400, 'INVALID_UMA_ADDRESS', `${field} is not a valid UMA address ($user@domain.tld)`, {
    errors: [{ field, constraint: { pattern: UMA_ADDRESS }, message: 'does not match the required pattern' }],
  });

export function invitationRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  const statusOf = (r: InvitationRecord) =>
    r.status === 'PENDING' && r.expiresAt !== undefined && ctx.config.now() >= r.expiresAt ? 'EXPIRED' : r.status;

  const view = (r: InvitationRecord) => ({
    code: r.id,
    createdAt: iso(r.createdAt),
    ...(r.claimedAt === undefined ? {} : { claimedAt: iso(r.claimedAt) }),
    url: `https://uma.me/i/${r.id}`,
    ...(r.expiresAt === undefined ? {} : { expiresAt: iso(r.expiresAt) }),
    inviterUma: r.inviterUma,
    ...(r.inviteeUma === undefined ? {} : { inviteeUma: r.inviteeUma }),
    status: statusOf(r),
    ...(r.firstName === undefined ? {} : { firstName: r.firstName }),
    ...(r.amountToSend && {
      amountToSend: { amount: r.amountToSend.amount, currency: currency(r.amountToSend.currency) },
    }),
  });

  const find = (code: string): InvitationRecord => {
    const found = ctx.state.invitations.get(code);
    if (!found) throw new ApiError(404, 'INVITATION_NOT_FOUND', 'The invitation was not found');
    return found;
  };

  /** Why a non-PENDING invitation cannot be claimed or cancelled. */
  const notPending = (r: InvitationRecord, action: string): ApiError | undefined => {
    const status = statusOf(r);
    if (status === 'CLAIMED')
      return new ApiError(400, 'INVITATION_ALREADY_CLAIMED', 'The invitation has already been claimed');
    if (status === 'CANCELLED') return new ApiError(400, 'INVITATION_CANCELLED', 'The invitation has been cancelled');
    if (status === 'EXPIRED')
      return new ApiError(400, 'INVALID_INPUT', `The invitation has expired and cannot be ${action}`, { status });
    return undefined;
  };

  app.post('/invitations', async (c) => {
    const f = new Fields(await readJsonObject(c));
    const inviterUma = f.string('inviterUma', { required: true });
    const firstName = f.string('firstName', { maxLength: 100 });
    const amount = f.integer('amountToSend', { min: 1, max: MAX_AMOUNT });
    const expires = f.string('expiresAt', {
      format: 'date-time',
      check: (v) => (DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) ? undefined : 'must be an ISO 8601 date-time'),
    });
    f.done();
    if (!new RegExp(UMA_ADDRESS).test(inviterUma!)) throw badUma('inviterUma');
    const inviter = ctx.state.customers.list((x) => x.umaAddress === inviterUma)[0];
    if (!inviter) throw invalidField('inviterUma', 'is not the UMA address of a customer of this platform');
    const wallet = ctx.state.accounts.list((a) => a.customerId === inviter.id)[0];
    let code: string;
    do code = bytesToHex(randomBytes(4));
    while (ctx.state.invitations.get(code));
    const record: InvitationRecord = {
      id: code,
      inviterUma: inviterUma!,
      status: 'PENDING',
      createdAt: ctx.config.now(),
      ...(firstName === undefined ? {} : { firstName }),
      ...(typeof amount === 'number' && {
        amountToSend: { amount, currency: wallet?.currency ?? inviter.currencies?.[0] ?? 'USD' },
      }),
      ...(expires === undefined ? {} : { expiresAt: Date.parse(expires) }),
    };
    return c.json(view(ctx.state.invitations.put(record)), 201);
  });

  app.get('/invitations/:code', (c) => c.json(view(find(c.req.param('code')))));

  app.post('/invitations/:code/claim', async (c) => {
    const f = new Fields(await readJsonObject(c));
    const inviteeUma = f.string('inviteeUma', { required: true });
    f.done();
    const invitation = find(c.req.param('code'));
    if (!new RegExp(UMA_ADDRESS).test(inviteeUma!)) throw badUma('inviteeUma');
    const refusal = notPending(invitation, 'claimed');
    if (refusal) throw refusal;
    if (inviteeUma === invitation.inviterUma)
      throw invalidField('inviteeUma', 'is the inviter: an invitation is for someone else');
    invitation.status = 'CLAIMED';
    invitation.inviteeUma = inviteeUma!;
    invitation.claimedAt = ctx.config.now();
    return c.json(view(ctx.state.invitations.put(invitation)));
  });

  app.post('/invitations/:code/cancel', (c) => {
    const invitation = find(c.req.param('code'));
    const refusal = notPending(invitation, 'cancelled');
    if (refusal) throw refusal;
    invitation.status = 'CANCELLED';
    return c.json(view(ctx.state.invitations.put(invitation)));
  });

  return app;
}
