/**
 * The sandbox's server-side crypto against the shared known-answer vectors (wallet-protocol.md,
 * ../shared/vectors/wallet-crypto.json), independent of any client: if the shared crypto code both
 * sides use drifted from the protocol, the emulator would drift with it and still agree with the
 * toolkit. These vectors hold it to the protocol instead.
 */
import { createECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { resolveConfig } from '../src/config.js';
import type { SandboxContext } from '../src/context.js';
import { createEnclave } from '../src/wallet/enclave.js';
import { createIdpSigner } from '../src/wallet/idp-signer.js';
import { ApiError, toErrorResponse } from '../src/http/errors.js';
import { checkOidcToken } from '../src/wallet/oidc-token.js';
import { openOtpAttempt } from '../src/wallet/otp.js';
import { verifyWalletSignature } from '../src/wallet/signed-retry.js';
import { createMemoryState, type CredentialRecord } from '../src/store/state.js';

const vectors = JSON.parse(
  readFileSync(new URL('../../../../shared/vectors/wallet-crypto.json', import.meta.url), 'utf8'),
);
const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes as Uint8Array).toString('base64url');

function context(): SandboxContext {
  return {
    config: resolveConfig({ onInternalError: () => {} }),
    state: createMemoryState(),
    enclave: createEnclave(),
    idpSigner: createIdpSigner(),
  };
}

/** A private P-256 JWK from a hex scalar, through node:crypto (no shared code). */
function privateJwk(hex: string): JsonWebKey {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(hex, 'hex'));
  const point = ecdh.getPublicKey();
  return {
    kty: 'EC',
    crv: 'P-256',
    d: b64url(Buffer.from(hex, 'hex')),
    x: b64url(point.subarray(1, 33)),
    y: b64url(point.subarray(33, 65)),
  };
}

/** The 401 code a thrown stamp failure is answered with. */
async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String(toErrorResponse(error).body['code']);
  }
  return 'accepted';
}

describe('sandbox: server-side crypto against the known-answer vectors', () => {
  it('verifies the vector stamp (a high-S signature) over its payloadToSign and names its compressed key', async () => {
    const { stamp, sessionKey } = vectors;
    expect(await verifyWalletSignature(stamp.headerValue, stamp.payloadToSign, () => true)).to.equal(
      sessionKey.publicKeyCompressed,
    );
    // padded base64url decodes too (wallet-protocol section 2)
    const padded = stamp.headerValue + '='.repeat((4 - (stamp.headerValue.length % 4)) % 4);
    expect(await verifyWalletSignature(padded, stamp.payloadToSign, () => true)).to.equal(
      sessionKey.publicKeyCompressed,
    );
    expect(await rejection(verifyWalletSignature(stamp.headerValue, `${stamp.payloadToSign} `, () => true))).to.equal(
      'WALLET_SIGNATURE_INVALID',
    );
    expect(await rejection(verifyWalletSignature(stamp.headerValue, stamp.payloadToSign, () => false))).to.equal(
      'WALLET_SIGNATURE_INVALID',
    );
    const otherScheme = b64url(stamp.stampJson.replace('SIGNATURE_SCHEME_TK_API_P256', 'SIGNATURE_SCHEME_OTHER'));
    expect(await rejection(verifyWalletSignature(otherScheme, stamp.payloadToSign, () => true))).to.equal(
      'WALLET_SIGNATURE_MALFORMED',
    );
  });

  it('opens the vector encryptedOtpBundle with the vector target key: code 000000, session key of the sealed public_key', async () => {
    const ctx = context();
    const { otp, sessionKey } = vectors;
    const jwk = privateJwk(otp.targetPrivateKey);
    const { d: _d, ...publicJwk } = jwk;
    const keyPair: CryptoKeyPair = {
      privateKey: await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, [
        'deriveBits',
      ]),
      publicKey: await crypto.subtle.importKey('jwk', publicJwk, { name: 'ECDH', namedCurve: 'P-256' }, true, []),
    };
    // the vector bundle carries the public half of that target key
    const targetPublic = JSON.parse(
      Buffer.from(JSON.parse(otp.otpEncryptionTargetBundle).data, 'hex').toString('utf8'),
    ).targetPublic;
    const target = createECDH('prime256v1');
    target.setPrivateKey(Buffer.from(otp.targetPrivateKey, 'hex'));
    expect(targetPublic).to.equal(target.getPublicKey('hex'));
    const credential: CredentialRecord = {
      id: 'AuthMethod:vector',
      accountId: 'InternalAccount:vector',
      type: 'EMAIL_OTP',
      nickname: 'v',
      createdAt: 0,
      updatedAt: 0,
    };
    ctx.state.otpTargets.put({
      id: 'OtpTarget:vector',
      authMethodId: credential.id,
      keyPair,
      expiresAt: ctx.config.now() + 60_000,
      used: false,
      failures: 0,
    });
    expect(await openOtpAttempt(ctx, credential, otp.encryptedOtpBundle)).to.deep.equal({
      publicKey: sessionKey.publicKeyCompressed,
    });
    // single-use: the same attempt again is refused
    const again = await openOtpAttempt(ctx, credential, otp.encryptedOtpBundle).catch((error: unknown) => error);
    expect(again).to.be.instanceOf(ApiError);
    expect((again as ApiError).status).to.equal(401);
  });

  it('derives the enclave signer from a private key as the protocol pins it (uncompressed hex)', () => {
    expect(createEnclave(privateJwk(vectors.otp.enclaveSigningPrivateKey)).publicKey).to.equal(
      vectors.otp.enclaveSigningPublicKey,
    );
  });

  it('checks the OAuth nonce as SHA-256 of the clientPublicKey hex text (vector)', async () => {
    const ctx = context();
    const now = Math.floor(ctx.config.now() / 1000);
    for (const { clientPublicKey, nonce } of vectors.oidcNonce as { clientPublicKey: string; nonce: string }[]) {
      const token = (claims: Record<string, unknown>) =>
        `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ iss: 'https://accounts.example', aud: 'app', sub: 'user-1', iat: now, exp: now + 300, ...claims }))}.c2ln`;
      expect(await checkOidcToken(ctx, token({ nonce }), { clientPublicKey })).to.deep.equal({
        iss: 'https://accounts.example',
        aud: 'app',
        sub: 'user-1',
      });
      const wrong = await checkOidcToken(ctx, token({ nonce: nonce.replace(/^./, (c) => (c === '0' ? '1' : '0')) }), {
        clientPublicKey,
      }).catch((e: unknown) => e);
      expect((wrong as ApiError).code).to.equal('UNAUTHORIZED');
    }
  });
});
