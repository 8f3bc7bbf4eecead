/**
 * Auth credentials (AuthMethod) of an embedded wallet: list, add (signed retry), remove (signed retry
 * by a session of a different credential; the last one stays), challenge (OTP target bundle, or a
 * passkey login challenge binding the new session key) and verify, which issues sessions:
 * EMAIL_OTP / SMS_OTP through a signed retry whose payloadToSign is an enclave-signed JWT naming the
 * sealed session key; OAUTH in one request; PASSKEY with the challenge's Request-Id and an assertion.
 */
import { Hono, type Context } from 'hono';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { base64UrlEncode, utf8Encode } from '@paykit/crypto-core/encoding';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, invalidField, notFound, unauthorized, walletSignatureInvalid } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireAccount, requireCredential, requireCustomer } from '../store/lookups.js';
import { checkOidcToken, type OidcIdentity } from '../wallet/oidc-token.js';
import { issueOtpTarget, openOtpAttempt } from '../wallet/otp.js';
import {
  assertionJson,
  sessionCreationBody,
  sha256Hex,
  verifyPasskeyAssertion,
  verifyPasskeyRegistration,
} from '../wallet/passkeys.js';
import { takeRateLimit } from '../http/rate-limit.js';
import { REQUEST_ID_HEADER, SIGNATURE_HEADER, signedRequest, type SignedActivity } from '../wallet/signed-retry.js';
import { CREDENTIAL_TYPES, type AccountRecord, type CredentialRecord, type CredentialType } from '../store/state.js';
import {
  CLIENT_PUBLIC_KEY,
  Fields,
  parseJsonObject,
  lowerHex,
  pointProblem,
  type JsonObject,
} from '../http/validation.js';
import { iso, toAuthMethod } from '../store/views.js';
import { isActiveSession, issueSession, sessionKeyOf } from '../wallet/wallet-sessions.js';

type NewCredential = Omit<CredentialRecord, 'id' | 'createdAt' | 'updatedAt'> & { registrationChallenge?: string };

function assertNoDuplicate(ctx: SandboxContext, draft: NewCredential): void {
  const existing = ctx.state.credentials.list((x) => x.accountId === draft.accountId);
  if (draft.type === 'EMAIL_OTP' && existing.some((x) => x.type === 'EMAIL_OTP')) {
    throw new ApiError(400, 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', 'The account already has an EMAIL_OTP credential');
  }
  if (draft.type === 'SMS_OTP' && existing.some((x) => x.type === 'SMS_OTP')) {
    throw new ApiError(400, 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS', 'The account already has an SMS_OTP credential');
  }
  if (
    draft.passkey &&
    ctx.state.credentials.list((x) => x.passkey?.credentialId === draft.passkey!.credentialId).length
  ) {
    throw new ApiError(400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'This WebAuthn credential is already registered');
  }
  if (draft.oauth && existing.some((x) => x.oauth?.iss === draft.oauth!.iss && x.oauth.sub === draft.oauth!.sub)) {
    throw invalidField('oidcToken', 'names an identity that already has an OAUTH credential on this account');
  }
  if (draft.registrationChallenge && ctx.state.usedValues.get(`passkey-registration:${draft.registrationChallenge}`)) {
    throw invalidField('challenge', 'was already used for a registration');
  }
}

/** Validates the body of `POST /auth/credentials` into a credential to create. */
async function readNewCredential(
  ctx: SandboxContext,
  json: JsonObject,
): Promise<{ draft: NewCredential; account: AccountRecord }> {
  const f = new Fields(json);
  const type = f.string('type', { required: true, enum: CREDENTIAL_TYPES }) as CredentialType | undefined;
  const accountId = f.string('accountId', { required: true });
  // PASSKEY names its credential (the OpenAPI requires nickname there, and only there); a code credential
  // goes to the customer's own email or phone number, its nickname (request-fields.ts refuses the rest).
  const nickname = f.string('nickname', { required: json['type'] === 'PASSKEY', maxLength: 256 });
  f.done();
  const account = requireAccount(ctx, accountId!);
  const customer = requireCustomer(ctx, account.customerId);
  const draft: NewCredential = { accountId: account.id, type: type!, nickname: nickname ?? type! };
  if (type === 'EMAIL_OTP') {
    const email = customer.email;
    if (!email) f.fail('type', 'EMAIL_OTP needs the customer to have an email (PATCH /customers/{customerId})');
    Object.assign(draft, { email, nickname: email });
  } else if (type === 'SMS_OTP') {
    const phoneNumber = customer.phoneNumber;
    if (!phoneNumber)
      f.fail('type', 'SMS_OTP needs the customer to have a phoneNumber (PATCH /customers/{customerId})');
    Object.assign(draft, { phoneNumber, nickname: phoneNumber });
  } else if (type === 'OAUTH') {
    const oidcToken = f.string('oidcToken', { required: true });
    f.done();
    draft.oauth = await checkOidcToken(ctx, oidcToken!);
  } else if (type === 'PASSKEY') {
    const challenge = f.string('challenge', { required: true, pattern: '^[A-Za-z0-9_-]{16,}$', format: 'base64url' });
    const attestation = f.object('attestation', { required: true });
    if (attestation)
      for (const field of ['credentialId', 'clientDataJson', 'attestationObject'])
        attestation.string(field, { required: true, format: 'base64url' });
    f.done();
    draft.passkey = await verifyPasskeyRegistration(ctx, challenge!, attestation!.body);
    draft.registrationChallenge = challenge!;
  }
  f.done();
  assertNoDuplicate(ctx, draft);
  return { draft, account };
}

function addActivity(draft: NewCredential, account: AccountRecord): Omit<SignedActivity<NewCredential>, 'context'> {
  const base = { organizationId: account.organizationId, credentialType: draft.type };
  switch (draft.type) {
    case 'EMAIL_OTP':
      return {
        ...base,
        type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
        parameters: { userId: account.userId, userEmail: draft.email },
      };
    case 'SMS_OTP':
      return {
        ...base,
        type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
        parameters: { userId: account.userId, userPhoneNumber: draft.phoneNumber },
      };
    case 'OAUTH':
      return {
        ...base,
        type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
        parameters: { userId: account.userId, oauthProviders: [{ providerName: draft.nickname, ...draft.oauth }] },
      };
    case 'PASSKEY':
      return {
        ...base,
        type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
        parameters: {
          userId: account.userId,
          authenticators: [
            {
              authenticatorName: draft.nickname,
              challenge: draft.registrationChallenge,
              credentialId: draft.passkey!.credentialId,
            },
          ],
        },
      };
  }
}

const REMOVE_ACTIVITY: Record<CredentialType, string> = {
  EMAIL_OTP: 'ACTIVITY_TYPE_DELETE_USER_EMAIL',
  SMS_OTP: 'ACTIVITY_TYPE_DELETE_USER_PHONE_NUMBER',
  OAUTH: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
  PASSKEY: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
};

function assertNotLast(ctx: SandboxContext, credential: CredentialRecord): void {
  if (ctx.state.credentials.list((x) => x.accountId === credential.accountId).length <= 1) {
    // The OpenAPI declares no 409 on DELETE /auth/credentials/{id}: the last credential is a 400.
    throw invalidField('id', 'is the last credential of the account: at least one must remain');
  }
}

export function credentialRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/auth/credentials', (c) => {
    const accountId = c.req.query('accountId');
    if (!accountId) throw invalidField('accountId', 'is required');
    // An unknown account has no credentials: 200 with an empty list, as the service (no 404 declared).
    return c.json({ data: ctx.state.credentials.list((x) => x.accountId === accountId).map(toAuthMethod) });
  });

  app.post('/auth/credentials', (c) =>
    signedRequest<NewCredential>(c, ctx, {
      async begin({ json }) {
        const { draft, account } = await readNewCredential(ctx, json);
        return { ...addActivity(draft, account), context: draft };
      },
      signer: (draft) => sessionKeyOf(ctx, [draft.accountId]),
      async finish({ registrationChallenge, ...draft }) {
        requireAccount(ctx, draft.accountId);
        assertNoDuplicate(ctx, { ...draft, ...(registrationChallenge ? { registrationChallenge } : {}) });
        if (registrationChallenge) ctx.state.usedValues.put({ id: `passkey-registration:${registrationChallenge}` });
        const now = ctx.config.now();
        const credential = ctx.state.credentials.put({
          ...draft,
          id: newId('AuthMethod'),
          createdAt: now,
          updatedAt: now,
        });
        const otp = credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP';
        return {
          status: 201,
          body: {
            ...toAuthMethod(credential),
            ...(otp ? { otpEncryptionTargetBundle: await issueOtpTarget(ctx, credential) } : {}),
          },
        };
      },
    }),
  );

  app.delete('/auth/credentials/:id', (c) => {
    const credential = requireCredential(ctx, c.req.param('id'));
    const account = requireAccount(ctx, credential.accountId);
    return signedRequest<null>(c, ctx, {
      async begin() {
        assertNotLast(ctx, credential);
        return {
          type: REMOVE_ACTIVITY[credential.type],
          organizationId: account.organizationId,
          parameters: { userId: account.userId, authMethodIds: [credential.id] },
          credentialType: credential.type,
          context: null,
        };
      },
      signer: () => sessionKeyOf(ctx, [credential.accountId], { exceptAuthMethodId: credential.id }),
      async finish() {
        if (!ctx.state.credentials.get(credential.id)) throw notFound('The credential');
        assertNotLast(ctx, credential);
        ctx.state.credentials.delete(credential.id);
        const now = ctx.config.now();
        for (const session of ctx.state.sessions.list(
          (s) => s.authMethodId === credential.id && isActiveSession(s, now),
        )) {
          ctx.state.sessions.put({ ...session, revokedAt: now });
        }
        return { status: 204 };
      },
    });
  });

  app.post('/auth/credentials/:id/challenge', async (c) => {
    const credential = requireCredential(ctx, c.req.param('id'));
    const json = parseJsonObject(await c.req.text());
    if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') {
      takeRateLimit(ctx, `otp-challenge:${credential.id}`);
      return c.json({ ...toAuthMethod(credential), otpEncryptionTargetBundle: await issueOtpTarget(ctx, credential) });
    }
    if (credential.type === 'OAUTH')
      throw invalidField('type', 'OAUTH credentials have no challenge: verify with a fresh oidcToken');
    const f = new Fields(json);
    const clientPublicKey = lowerHex(
      f.string('clientPublicKey', { required: true, pattern: CLIENT_PUBLIC_KEY, check: pointProblem }),
    );
    f.done();
    const account = requireAccount(ctx, credential.accountId);
    const now = ctx.config.now();
    const body = sessionCreationBody({
      organizationId: account.organizationId,
      userId: account.userId,
      publicKey: clientPublicKey!,
      expirationSeconds: Math.round(ctx.config.sessionTtlMs / 1000),
      timestampMs: now,
    });
    const record = ctx.state.passkeyChallenges.put({
      id: newId('Request'),
      authMethodId: credential.id,
      clientPublicKey: clientPublicKey!,
      challenge: await sha256Hex(body),
      expiresAt: now + ctx.config.challengeTtlMs,
      used: false,
    });
    return c.json({
      ...toAuthMethod(credential),
      credentialId: credential.passkey!.credentialId,
      challenge: record.challenge,
      requestId: record.id,
      expiresAt: iso(record.expiresAt),
    });
  });

  app.post('/auth/credentials/:id/verify', async (c) => {
    const credential = requireCredential(ctx, c.req.param('id'));
    if (c.req.header(SIGNATURE_HEADER)) return verifyOtp(c, ctx, credential);
    const json = parseJsonObject(await c.req.text());
    const f = new Fields(json);
    f.string('type', { required: true, enum: [credential.type] });
    f.done();
    if (credential.type === 'OAUTH') return verifyOAuth(c, ctx, credential, json);
    if (credential.type === 'PASSKEY') return verifyPasskey(c, ctx, credential, json);
    return verifyOtp(c, ctx, credential);
  });

  return app;
}

/** EMAIL_OTP / SMS_OTP: 202 with a JWT bound to the sealed session key, then the retry signed by it. */
function verifyOtp(c: Context<SandboxEnv>, ctx: SandboxContext, credential: CredentialRecord): Promise<Response> {
  const account = requireAccount(ctx, credential.accountId);
  return signedRequest<{ publicKey: string }>(c, ctx, {
    async begin({ json }) {
      const f = new Fields(json);
      f.string('type', { required: true, enum: [credential.type] });
      const encryptedOtpBundle = f.string('encryptedOtpBundle', { required: true, format: 'json' });
      f.done();
      const { publicKey } = await openOtpAttempt(ctx, credential, encryptedOtpBundle!);
      const now = ctx.config.now();
      const payloadToSign = await ctx.enclave.jwt({
        id: crypto.randomUUID(),
        verification_type: credential.type === 'EMAIL_OTP' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS',
        organization_id: account.organizationId,
        public_key: publicKey,
        iat: Math.floor(now / 1000),
        exp: Math.floor((now + ctx.config.challengeTtlMs) / 1000),
      });
      return {
        type: 'ACTIVITY_TYPE_OTP_LOGIN',
        organizationId: account.organizationId,
        parameters: {},
        payloadToSign,
        credentialType: credential.type,
        context: { publicKey },
      };
    },
    signer:
      ({ publicKey }) =>
      (key: string) =>
        key === publicKey,
    async finish({ publicKey }) {
      return {
        status: 200,
        body: await issueSession(ctx, credential, publicKey, () => requireCredential(ctx, credential.id)),
      };
    },
  });
}

async function verifyOAuth(
  c: Context<SandboxEnv>,
  ctx: SandboxContext,
  credential: CredentialRecord,
  json: JsonObject,
): Promise<Response> {
  const f = new Fields(json);
  const oidcToken = f.string('oidcToken', { required: true, format: 'jwt' });
  const sentKey = f.string('clientPublicKey', { required: true, pattern: CLIENT_PUBLIC_KEY, check: pointProblem });
  f.done();
  // The nonce is the SHA-256 of the key's hex text as sent; the session keeps the lower-case form.
  await checkOidcToken(ctx, oidcToken!, { clientPublicKey: sentKey!, expect: credential.oauth as OidcIdentity });
  return c.json(await issueSession(ctx, credential, lowerHex(sentKey!), () => requireCredential(ctx, credential.id)));
}

async function verifyPasskey(
  c: Context<SandboxEnv>,
  ctx: SandboxContext,
  credential: CredentialRecord,
  json: JsonObject,
): Promise<Response> {
  const requestId = c.req.header(REQUEST_ID_HEADER)?.trim();
  if (!requestId)
    throw new ApiError(401, 'REQUEST_ID_MISSING', `A passkey verify needs the ${REQUEST_ID_HEADER} of its challenge`);
  const f = new Fields(json);
  const assertion = f.object('assertion', { required: true });
  if (assertion)
    for (const field of ['credentialId', 'clientDataJson', 'authenticatorData', 'signature'])
      assertion.string(field, { required: true, format: 'base64url' });
  assertion?.string('userHandle', { format: 'base64url' });
  f.done();
  const challenge = ctx.state.passkeyChallenges.get(requestId);
  if (!challenge || challenge.authMethodId !== credential.id)
    throw walletSignatureInvalid('Unknown requestId for this credential');
  if (challenge.used) throw walletSignatureInvalid('The requestId was already used');
  if (challenge.expiresAt <= ctx.config.now()) throw walletSignatureInvalid('The requestId expired');
  challenge.used = true;
  ctx.state.passkeyChallenges.put(challenge);
  const response: AuthenticationResponseJSON = assertionJson(assertion!.body);
  const expectedChallenge = base64UrlEncode(utf8Encode(challenge.challenge));
  const result = await verifyPasskeyAssertion(ctx, credential.passkey!, response, expectedChallenge);
  if (!result.ok) throw unauthorized(result.reason, 'The passkey assertion was rejected');
  ctx.state.credentials.put(credential);
  return c.json(
    await issueSession(ctx, credential, challenge.clientPublicKey, () => requireCredential(ctx, credential.id)),
  );
}
