/**
 * crypto-core's own WebAuthn conversions and error mapping (src/webauthn.ts), without a browser prompt:
 * JSON request options to the bytes get() takes, our create() options, credentials back to the JSON the
 * service reads, and the PayError each browser failure becomes. Runs in Node and every engine; the
 * ceremonies themselves are in passkey.test.ts.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { base64UrlEncode, randomBytes } from '../src/encoding.js';
import { PayError } from '../src/errors.js';
import {
  assertionToJSON,
  attestationToJSON,
  ceremonyError,
  isValidDomain,
  passkeyCreationOptions,
  requestOptionsFromJSON,
  toBase64Url,
} from '../src/webauthn.js';

/** The bytes of a BufferSource as a plain array, for deep comparisons. */
function bytesOf(source: BufferSource | undefined): number[] {
  expect(source, 'bytes').to.not.equal(undefined);
  const view = ArrayBuffer.isView(source!)
    ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
    : new Uint8Array(source as ArrayBuffer);
  return [...view];
}

const buffer = (...bytes: number[]): ArrayBuffer => new Uint8Array(bytes).buffer;
const utf8Buffer = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

function thrownBy(call: () => unknown): PayError {
  try {
    call();
  } catch (error) {
    expect(error).to.be.instanceOf(PayError);
    return error as PayError;
  }
  throw new Error('expected a PayError');
}

/** A PublicKeyCredential as an engine (or a password manager's replacement) hands it back. */
function credential(response: Record<string, unknown>, extra: Record<string, unknown> = {}): PublicKeyCredential {
  return {
    id: 'AQID',
    rawId: buffer(1, 2, 3),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
    ...extra,
  } as unknown as PublicKeyCredential;
}

describe('WebAuthn JSON conversions', () => {
  it('encodes bytes as unpadded base64url, a view by its own bytes only', () => {
    expect(toBase64Url(buffer(0xfb, 0xff))).to.equal('-_8');
    expect(toBase64Url(new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4))).to.equal('AQID');
    expect(toBase64Url(new ArrayBuffer(0))).to.equal('');
  });

  it('turns JSON request options into get() options: challenge and credential ids decoded, the rest kept', () => {
    const options = requestOptionsFromJSON({
      challenge: '-_8',
      rpId: 'pay.example.com',
      allowCredentials: [{ id: 'AQID', type: 'public-key', transports: ['internal', 'hybrid'] }],
      userVerification: 'required',
      timeout: 5000,
      hints: ['client-device'],
      extensions: { appid: 'https://pay.example.com' },
    });
    expect(bytesOf(options.challenge)).to.deep.equal([0xfb, 0xff]);
    expect(options.allowCredentials).to.have.length(1);
    const [allowed] = options.allowCredentials!;
    expect(bytesOf(allowed!.id)).to.deep.equal([1, 2, 3]);
    expect(allowed!.type).to.equal('public-key');
    expect(allowed!.transports).to.deep.equal(['internal', 'hybrid']);
    expect(Object.keys(options).sort()).to.deep.equal(
      ['allowCredentials', 'challenge', 'extensions', 'hints', 'rpId', 'timeout', 'userVerification'].sort(),
    );
    expect(options.rpId).to.equal('pay.example.com');
    expect(options.userVerification).to.equal('required');
    expect(options.timeout).to.equal(5000);
    expect(options.extensions).to.deep.equal({ appid: 'https://pay.example.com' });
  });

  it('round-trips any challenge: base64url out, the same bytes back in', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33, 64]) {
      const bytes = randomBytes(length);
      const options = requestOptionsFromJSON({ challenge: base64UrlEncode(bytes) });
      expect(bytesOf(options.challenge), `${length} bytes`).to.deep.equal([...bytes]);
      expect(toBase64Url(options.challenge as ArrayBufferView)).to.equal(base64UrlEncode(bytes));
    }
  });

  it('leaves an empty allow list out (discoverable credentials), and sends an empty one for autofill', () => {
    expect('allowCredentials' in requestOptionsFromJSON({ challenge: 'AA', allowCredentials: [] })).to.equal(false);
    expect('allowCredentials' in requestOptionsFromJSON({ challenge: 'AA' })).to.equal(false);
    const conditional = requestOptionsFromJSON(
      { challenge: 'AA', allowCredentials: [{ id: 'AQID', type: 'public-key' }] },
      true,
    );
    expect(conditional.allowCredentials).to.deep.equal([]);
  });

  it('refuses malformed request options with INVALID_ARGUMENT, never a raw TypeError', () => {
    const bad: unknown[] = [
      null,
      'options',
      {},
      { challenge: 5 },
      { challenge: 'not base64url!' },
      { challenge: 'A' },
      { challenge: 'AA', allowCredentials: 'AQID' },
      { challenge: 'AA', allowCredentials: [{ type: 'public-key' }] },
      { challenge: 'AA', allowCredentials: [null] },
      { challenge: 'AA', allowCredentials: [{ id: '%%', type: 'public-key' }] },
    ];
    for (const json of bad) {
      const error = thrownBy(() => requestOptionsFromJSON(json as never));
      expect(error.code, JSON.stringify(json)).to.equal('INVALID_ARGUMENT');
    }
  });

  it('builds the passkey create() options the service wants', () => {
    const challenge = new Uint8Array(32).fill(7);
    const userId = new Uint8Array(16).fill(9);
    const options = passkeyCreationOptions({ userName: 'ana@example.com' }, challenge, userId, 'pay.example.com');
    expect(options.challenge).to.equal(challenge);
    expect(options.user).to.deep.equal({ id: userId, name: 'ana@example.com', displayName: 'ana@example.com' });
    expect(options.rp).to.deep.equal({ name: 'pay.example.com' });
    expect(options.pubKeyCredParams).to.deep.equal([{ type: 'public-key', alg: -7 }]);
    expect(options.authenticatorSelection).to.deep.equal({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(options.attestation).to.equal('none');
    expect(options.timeout).to.equal(120_000);
    expect(options.excludeCredentials).to.deep.equal([]);

    const named = passkeyCreationOptions(
      {
        userName: 'ana@example.com',
        userDisplayName: 'Ana López',
        rpId: 'example.com',
        rpName: 'Pay',
        excludeCredentialIds: ['AQID', '-_8'],
        timeoutMs: 30_000,
      },
      challenge,
      userId,
      'pay.example.com',
    );
    expect(named.rp).to.deep.equal({ name: 'Pay', id: 'example.com' });
    expect(named.user.displayName).to.equal('Ana López');
    expect(named.timeout).to.equal(30_000);
    expect(named.excludeCredentials!.map((d) => [d.type, bytesOf(d.id)])).to.deep.equal([
      ['public-key', [1, 2, 3]],
      ['public-key', [0xfb, 0xff]],
    ]);
    expect(passkeyCreationOptions({ userName: 'a', rpId: 'example.com' }, challenge, userId, 'x').rp).to.deep.equal({
      name: 'example.com',
      id: 'example.com',
    });
  });

  it('refuses excluded credential ids that are not base64url with INVALID_ARGUMENT', () => {
    const make = (excludeCredentialIds: unknown) => () =>
      passkeyCreationOptions(
        { userName: 'a', excludeCredentialIds: excludeCredentialIds as string[] },
        new Uint8Array(32),
        new Uint8Array(16),
        'x',
      );
    for (const ids of [['AQID', 'no!'], 'AQID', [5]]) {
      expect(thrownBy(make(ids)).code, JSON.stringify(ids)).to.equal('INVALID_ARGUMENT');
    }
  });

  it("turns a create() result into the service's attestation fields", () => {
    const json = attestationToJSON(
      credential({
        clientDataJSON: utf8Buffer('{"type":"webauthn.create"}'),
        attestationObject: buffer(0xa3, 0x63),
        getTransports: () => ['internal', 'hybrid'],
      }),
    );
    expect(json).to.deep.equal({
      credentialId: 'AQID',
      clientDataJson: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
      attestationObject: 'o2M',
      transports: ['internal', 'hybrid'],
    });
    const noTransports = attestationToJSON(
      credential({ clientDataJSON: buffer(1), attestationObject: buffer(2) }, { id: 'other' }),
    );
    expect(noTransports).to.deep.equal({
      credentialId: 'other',
      clientDataJson: 'AQ',
      attestationObject: 'Ag',
      transports: [],
    });
  });

  it("turns a get() result into WebAuthn's AuthenticationResponseJSON", () => {
    const response = {
      clientDataJSON: utf8Buffer('{"type":"webauthn.get"}'),
      authenticatorData: buffer(0xfb, 0xff),
      signature: buffer(0x30, 0x44),
      userHandle: buffer(1, 2, 3),
    };
    expect(assertionToJSON(credential(response))).to.deep.equal({
      id: 'AQID',
      rawId: 'AQID',
      response: {
        clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
        authenticatorData: '-_8',
        signature: 'MEQ',
        userHandle: 'AQID',
      },
      type: 'public-key',
      clientExtensionResults: { credProps: { rk: true } },
      authenticatorAttachment: 'platform',
    });
    // no user handle, and an attachment outside the enum (or none): both keys left out
    for (const authenticatorAttachment of [null, 'somewhere']) {
      const json = assertionToJSON(credential({ ...response, userHandle: null }, { authenticatorAttachment }));
      expect(Object.keys(json).sort()).to.deep.equal(['clientExtensionResults', 'id', 'rawId', 'response', 'type']);
      expect(Object.keys(json.response).sort()).to.deep.equal(['authenticatorData', 'clientDataJSON', 'signature']);
    }
    expect(
      assertionToJSON(credential(response, { authenticatorAttachment: 'cross-platform' })).authenticatorAttachment,
    ).to.equal('cross-platform');
  });
});

describe('WebAuthn error mapping', () => {
  const dom = (name: string): DOMException => new DOMException(`the browser said ${name}`, name);

  it('maps each browser failure to the PayError code the elements rely on', () => {
    const cases: [cause: unknown, kind: 'create' | 'get', rpId: string | undefined, host: string, code: string][] = [
      [dom('NotAllowedError'), 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [dom('NotAllowedError'), 'create', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [dom('AbortError'), 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [
        Object.assign(new Error('aborted'), { name: 'AbortError' }),
        'create',
        undefined,
        'localhost',
        'WEBAUTHN_CANCELLED',
      ],
      [dom('NotSupportedError'), 'create', undefined, 'localhost', 'WEBAUTHN_UNSUPPORTED'],
      [dom('NotSupportedError'), 'get', undefined, 'localhost', 'WEBAUTHN_UNSUPPORTED'],
      [dom('SecurityError'), 'get', '127.0.0.1', '127.0.0.1', 'ERROR_INVALID_DOMAIN'],
      [dom('SecurityError'), 'create', undefined, 'pay_site.example', 'ERROR_INVALID_DOMAIN'],
      [dom('SecurityError'), 'create', undefined, 'pay.example.com', 'ERROR_INVALID_RP_ID'],
      [dom('SecurityError'), 'get', 'other.example', 'pay.example.com', 'ERROR_INVALID_RP_ID'],
      [dom('SecurityError'), 'get', 'pay.example.com', 'pay.example.com', 'WEBAUTHN_CANCELLED'],
      [dom('SecurityError'), 'get', 'localhost', 'localhost', 'WEBAUTHN_CANCELLED'],
      [dom('UnknownError'), 'create', undefined, 'localhost', 'ERROR_AUTHENTICATOR_GENERAL_ERROR'],
      [dom('UnknownError'), 'get', undefined, 'localhost', 'ERROR_AUTHENTICATOR_GENERAL_ERROR'],
      [
        dom('ConstraintError'),
        'create',
        undefined,
        'localhost',
        'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT',
      ],
      [dom('ConstraintError'), 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [dom('InvalidStateError'), 'create', undefined, 'localhost', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'],
      [dom('InvalidStateError'), 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [new TypeError('bad options'), 'create', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [new Error('No credential'), 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      [null, 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
      ['a string', 'get', undefined, 'localhost', 'WEBAUTHN_CANCELLED'],
    ];
    for (const [cause, kind, rpId, host, code] of cases) {
      const error = ceremonyError(cause, kind, rpId, host);
      const what = `${(cause as Error | null)?.name ?? String(cause)} on ${kind} (rpId ${rpId}, host ${host})`;
      expect(error, what).to.be.instanceOf(PayError);
      expect(error.code, what).to.equal(code);
      expect(error.cause, what).to.equal(cause);
      expect(error.status, what).to.equal(undefined);
    }
  });

  it("never takes a DOMException's numeric legacy code as the PayError code", () => {
    // SecurityError is legacy code 18, InvalidStateError 11: the code is always one of ours, a string
    for (const name of ['SecurityError', 'InvalidStateError', 'InvalidCharacterError', 'DataError']) {
      expect(typeof ceremonyError(dom(name), 'get', 'localhost', 'localhost').code, name).to.equal('string');
    }
  });

  it('says what happened without echoing the browser message', () => {
    expect(ceremonyError(dom('NotAllowedError'), 'get', undefined, 'localhost').message).to.equal(
      'The passkey request was cancelled or timed out',
    );
    expect(ceremonyError(dom('NotSupportedError'), 'create', undefined, 'localhost').message).to.equal(
      'This authenticator cannot make the passkey',
    );
    expect(ceremonyError(dom('UnknownError'), 'get', undefined, 'localhost').message).to.equal(
      'The passkey request failed',
    );
  });

  it('passes a PayError through unchanged', () => {
    const original = new PayError('INVALID_ARGUMENT', 'challenge must be base64url');
    expect(ceremonyError(original, 'get', undefined, 'localhost')).to.equal(original);
  });

  it('knows which hosts WebAuthn can run on', () => {
    for (const host of ['localhost', 'example.com', 'pay.example.co.uk', 'xn--bcher-kva.example', 'a-b.example'])
      expect(isValidDomain(host), host).to.equal(true);
    for (const host of ['127.0.0.1', '[::1]', 'com', 'a_b.example', '-a.example', 'example.', ''])
      expect(isValidDomain(host), host).to.equal(false);
  });
});
