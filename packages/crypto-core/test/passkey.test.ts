/**
 * The passkey ceremonies (src/passkey.ts) as a page runs them. Everywhere: without WebAuthn every ceremony
 * fails `WEBAUTHN_UNSUPPORTED` (Node, WebKitGTK, and the other engines with `PublicKeyCredential` hidden).
 * In engines with WebAuthn: the exact options handed to `navigator.credentials` and the results read back
 * (stubbed credentials container), one pending ceremony at a time, autofill (conditional mediation), the
 * browser's errors as PayError codes; and with a virtual authenticator (Chromium, Firefox) a real
 * registration and login whose signature verifies against the registered key.
 */
import { expect } from 'chai';
import { addVirtualAuthenticator, removeVirtualAuthenticator } from '@paykit/test-harness/browser-commands';
import { afterEach, describe, it, itWhen, runtime } from '@paykit/test-harness/suite';
import {
  base64UrlDecode,
  base64UrlEncode,
  bytesToHex,
  concatBytes,
  randomBytes,
  sha256,
  utf8Decode,
  utf8Encode,
} from '../src/encoding.js';
import {
  cancelPasskeyCeremony,
  createPasskeyAttestation,
  getPasskeyAssertion,
  getPasskeyAssertionJSON,
  passkeyAutofillSupported,
  passkeyLoginChallenge,
  passkeysSupported,
} from '../src/passkey.js';
import { signatureDerToRaw } from '../src/p256.js';
import { failure } from './helpers/pay-error.js';

const webAuthn = passkeysSupported();
const noWebAuthn = runtime === 'node' ? 'Node has no WebAuthn' : 'no WebAuthn in this engine';
// Chromium gets a CDP virtual authenticator from the runner, Firefox one from its launcher; others say why not.
const probe = webAuthn ? await addVirtualAuthenticator() : { unsupported: noWebAuthn };
if (probe.authenticatorId) await removeVirtualAuthenticator(probe.authenticatorId);

const HEX_CHALLENGE = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
const CREDENTIAL_ID = base64UrlEncode(new Uint8Array([7, 8, 9, 250]));

type Options = CredentialCreationOptions & CredentialRequestOptions;
type Method = 'create' | 'get';

const bytesOf = (source: BufferSource | null | undefined): number[] => {
  expect(source, 'bytes').to.not.equal(undefined);
  return [
    ...(ArrayBuffer.isView(source!)
      ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
      : new Uint8Array(source as ArrayBuffer)),
  ];
};
const buffer = (bytes: Uint8Array | number[]): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;
const clientData = (base64url: string): Record<string, unknown> => JSON.parse(utf8Decode(base64UrlDecode(base64url)));

/** What a stubbed engine answers: a credential as create()/get() resolve it. */
function fakeCredential(kind: Method): unknown {
  return {
    id: CREDENTIAL_ID,
    rawId: buffer([7, 8, 9, 250]),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response:
      kind === 'create'
        ? {
            clientDataJSON: buffer(utf8Encode('{"type":"webauthn.create"}')),
            attestationObject: buffer([0xa3, 1, 2]),
            getTransports: () => ['internal'],
          }
        : {
            clientDataJSON: buffer(utf8Encode('{"type":"webauthn.get"}')),
            authenticatorData: buffer([1, 2, 3]),
            signature: buffer([0x30, 4]),
            userHandle: buffer([5, 6]),
          },
    getClientExtensionResults: () => ({}),
  };
}

describe('passkeys', () => {
  const undo: (() => void)[] = [];
  afterEach(() => {
    cancelPasskeyCeremony();
    while (undo.length) undo.pop()!();
  });

  /** Replaces navigator.credentials[method] until the test ends; records every call's options. */
  function stub(method: Method, answer: (options: Options) => Promise<unknown>): Options[] {
    const calls: Options[] = [];
    const container = navigator.credentials as unknown as Record<string, unknown>;
    const own = Object.getOwnPropertyDescriptor(container, method);
    Object.defineProperty(container, method, {
      configurable: true,
      writable: true,
      value: (options: Options) => (calls.push(options), answer(options)),
    });
    undo.push(() => (own ? Object.defineProperty(container, method, own) : delete container[method]));
    return calls;
  }

  /** A ceremony that waits until its signal aborts, then rejects as the engines do. */
  const hanging = (options: Options): Promise<unknown> =>
    new Promise((_, reject) =>
      options.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );

  /** Sets PublicKeyCredential.isConditionalMediationAvailable until the test ends (undefined: removes it). */
  function autofill(available: (() => Promise<boolean>) | undefined): void {
    const pkc = window.PublicKeyCredential as unknown as Record<string, unknown>;
    const own = Object.getOwnPropertyDescriptor(pkc, 'isConditionalMediationAvailable');
    if (available)
      Object.defineProperty(pkc, 'isConditionalMediationAvailable', { configurable: true, value: available });
    else delete pkc['isConditionalMediationAvailable'];
    undo.push(() =>
      own
        ? Object.defineProperty(pkc, 'isConditionalMediationAvailable', own)
        : delete pkc['isConditionalMediationAvailable'],
    );
  }

  /** An `autocomplete="username webauthn"` field on the page until the test ends. */
  function webauthnInput(): void {
    const input = document.createElement('input');
    input.autocomplete = 'username webauthn';
    document.body.append(input);
    undo.push(() => input.remove());
  }

  it('without WebAuthn, every ceremony fails WEBAUTHN_UNSUPPORTED and autofill is unavailable', async () => {
    if (runtime === 'browser' && 'PublicKeyCredential' in window) {
      const own = Object.getOwnPropertyDescriptor(window, 'PublicKeyCredential')!;
      delete (window as unknown as Record<string, unknown>)['PublicKeyCredential'];
      undo.push(() => Object.defineProperty(window, 'PublicKeyCredential', own));
    }
    expect(passkeysSupported()).to.equal(false);
    expect(await passkeyAutofillSupported()).to.equal(false);
    for (const call of [
      () => createPasskeyAttestation({ userName: 'ana@example.com' }),
      () => getPasskeyAssertion({ challenge: HEX_CHALLENGE }),
      () => getPasskeyAssertion({ challenge: HEX_CHALLENGE, conditional: true }),
      () => getPasskeyAssertionJSON({ challenge: 'AA' }),
    ]) {
      expect((await failure(call())).code).to.equal('WEBAUTHN_UNSUPPORTED');
    }
    cancelPasskeyCeremony(); // nothing pending: a no-op, never a throw
  });

  it('refuses a malformed login challenge before anything else', async () => {
    for (const challenge of ['', 'A'.repeat(64), HEX_CHALLENGE.slice(1), 5]) {
      expect((await failure(getPasskeyAssertion({ challenge: challenge as string }))).code).to.equal(
        'INVALID_ARGUMENT',
      );
    }
  });

  itWhen(webAuthn, noWebAuthn, 'logs in with the UTF-8 of the hex challenge and returns the verify body', async () => {
    const calls = stub('get', async () => fakeCredential('get'));
    const assertion = await getPasskeyAssertion({
      challenge: HEX_CHALLENGE,
      credentialId: CREDENTIAL_ID,
      rpId: location.hostname,
    });
    expect(calls).to.have.length(1);
    const { publicKey, signal, mediation } = calls[0]!;
    expect(bytesOf(publicKey!.challenge)).to.deep.equal([...utf8Encode(HEX_CHALLENGE)]);
    expect(base64UrlEncode(new Uint8Array(bytesOf(publicKey!.challenge)))).to.equal(
      passkeyLoginChallenge(HEX_CHALLENGE),
    );
    expect(publicKey!.allowCredentials!.map((d) => [d.type, bytesOf(d.id)])).to.deep.equal([
      ['public-key', [7, 8, 9, 250]],
    ]);
    expect(publicKey!.userVerification).to.equal('required');
    expect(publicKey!.rpId).to.equal(location.hostname);
    expect(publicKey!.timeout).to.equal(120_000);
    expect(mediation).to.equal(undefined);
    expect(signal).to.be.instanceOf(AbortSignal);
    expect(assertion).to.deep.equal({
      credentialId: CREDENTIAL_ID,
      clientDataJson: base64UrlEncode(utf8Encode('{"type":"webauthn.get"}')),
      authenticatorData: 'AQID',
      signature: 'MAQ',
      userHandle: 'BQY',
    });

    // no credential id: a discoverable login, no allow list at all; no rpId: the browser's default
    await getPasskeyAssertion({ challenge: HEX_CHALLENGE });
    expect('allowCredentials' in calls[1]!.publicKey!).to.equal(false);
    expect('rpId' in calls[1]!.publicKey!).to.equal(false);
  });

  itWhen(webAuthn, noWebAuthn, 'registers with ES256, a resident key and user verification', async () => {
    const calls = stub('create', async () => fakeCredential('create'));
    const { challenge, attestation } = await createPasskeyAttestation({
      userName: 'ana@example.com',
      excludeCredentialIds: [CREDENTIAL_ID],
    });
    const { publicKey, signal } = calls[0]!;
    expect(bytesOf(publicKey!.challenge)).to.have.length(32);
    expect(base64UrlEncode(new Uint8Array(bytesOf(publicKey!.challenge)))).to.equal(challenge);
    expect(bytesOf(publicKey!.user.id)).to.have.length(16);
    expect(publicKey!.user.name).to.equal('ana@example.com');
    expect(publicKey!.rp).to.deep.equal({ name: location.hostname });
    expect(publicKey!.pubKeyCredParams).to.deep.equal([{ type: 'public-key', alg: -7 }]);
    expect(publicKey!.authenticatorSelection).to.deep.equal({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(publicKey!.excludeCredentials!.map((d) => bytesOf(d.id))).to.deep.equal([[7, 8, 9, 250]]);
    expect(signal).to.be.instanceOf(AbortSignal);
    expect(attestation).to.deep.equal({
      credentialId: CREDENTIAL_ID,
      clientDataJson: base64UrlEncode(utf8Encode('{"type":"webauthn.create"}')),
      attestationObject: 'owEC',
      transports: ['internal'],
    });

    // a second registration has a fresh challenge and user handle
    const second = await createPasskeyAttestation({ userName: 'ana@example.com' });
    expect(second.challenge).to.not.equal(challenge);
    expect(bytesOf(calls[1]!.publicKey!.user.id)).to.not.deep.equal(bytesOf(publicKey!.user.id));
  });

  itWhen(webAuthn, noWebAuthn, "answers the service's JSON options (SCA) with WebAuthn JSON", async () => {
    const calls = stub('get', async () => fakeCredential('get'));
    const json = await getPasskeyAssertionJSON({
      challenge: '-_8',
      rpId: location.hostname,
      allowCredentials: [{ id: CREDENTIAL_ID, type: 'public-key', transports: ['internal'] }],
      userVerification: 'required',
      timeout: 60_000,
    });
    const { publicKey } = calls[0]!;
    expect(bytesOf(publicKey!.challenge)).to.deep.equal([0xfb, 0xff]);
    expect(publicKey!.allowCredentials![0]!.transports).to.deep.equal(['internal']);
    expect(publicKey!.timeout).to.equal(60_000);
    expect(json).to.deep.equal({
      id: CREDENTIAL_ID,
      rawId: CREDENTIAL_ID,
      response: {
        clientDataJSON: base64UrlEncode(utf8Encode('{"type":"webauthn.get"}')),
        authenticatorData: 'AQID',
        signature: 'MAQ',
        userHandle: 'BQY',
      },
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
    // what the service is sent survives JSON as it is
    expect(JSON.parse(JSON.stringify(json))).to.deep.equal(json);
  });

  itWhen(
    webAuthn,
    noWebAuthn,
    'refuses malformed options with INVALID_ARGUMENT before the browser is asked',
    async () => {
      const gets = stub('get', async () => fakeCredential('get'));
      const creates = stub('create', async () => fakeCredential('create'));
      expect((await failure(getPasskeyAssertionJSON({ challenge: 'not base64!' }))).code).to.equal('INVALID_ARGUMENT');
      expect((await failure(getPasskeyAssertionJSON(null as never))).code).to.equal('INVALID_ARGUMENT');
      expect((await failure(getPasskeyAssertion({ challenge: HEX_CHALLENGE, credentialId: 'AQ!D' }))).code).to.equal(
        'INVALID_ARGUMENT',
      );
      expect(
        (await failure(createPasskeyAttestation({ userName: 'a', excludeCredentialIds: ['AQ!D'] }))).code,
      ).to.equal('INVALID_ARGUMENT');
      expect((await failure(createPasskeyAttestation({ userName: '' }))).code).to.equal('INVALID_ARGUMENT');
      expect(gets.length + creates.length).to.equal(0);
    },
  );

  itWhen(
    webAuthn,
    noWebAuthn,
    'a new ceremony aborts the pending one; cancelPasskeyCeremony aborts it too',
    async () => {
      const calls = stub('get', hanging);
      const first = getPasskeyAssertion({ challenge: HEX_CHALLENGE });
      const firstOutcome = failure(first);
      const second = getPasskeyAssertionJSON({ challenge: 'AA' });
      const secondOutcome = failure(second);
      expect(calls).to.have.length(2);
      expect(calls[0]!.signal!.aborted, 'the first ceremony is aborted').to.equal(true);
      expect(calls[1]!.signal!.aborted, 'the new one runs').to.equal(false);
      expect((await firstOutcome).code).to.equal('WEBAUTHN_CANCELLED');

      cancelPasskeyCeremony();
      expect(calls[1]!.signal!.aborted).to.equal(true);
      expect((await secondOutcome).code).to.equal('WEBAUTHN_CANCELLED');

      // a registration replaces a pending login the same way
      const login = failure(getPasskeyAssertion({ challenge: HEX_CHALLENGE }));
      stub('create', async () => fakeCredential('create'));
      await createPasskeyAttestation({ userName: 'ana@example.com' });
      expect(calls[2]!.signal!.aborted).to.equal(true);
      expect((await login).code).to.equal('WEBAUTHN_CANCELLED');
    },
  );

  itWhen(webAuthn, noWebAuthn, "reports the browser's failures with the same PayError codes", async () => {
    const rejectWith = (name: string) => async () => Promise.reject(new DOMException(`engine: ${name}`, name));
    const cases: [Method, string, string, string | undefined][] = [
      ['get', 'NotAllowedError', 'WEBAUTHN_CANCELLED', undefined],
      ['create', 'NotAllowedError', 'WEBAUTHN_CANCELLED', undefined],
      ['create', 'NotSupportedError', 'WEBAUTHN_UNSUPPORTED', undefined],
      ['create', 'InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', undefined],
      ['create', 'ConstraintError', 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT', undefined],
      ['get', 'UnknownError', 'ERROR_AUTHENTICATOR_GENERAL_ERROR', undefined],
      // the test page is on localhost, a valid domain: a SecurityError is the RP id's
      ['get', 'SecurityError', 'ERROR_INVALID_RP_ID', 'elsewhere.example'],
      ['create', 'SecurityError', 'ERROR_INVALID_RP_ID', 'elsewhere.example'],
    ];
    expect(location.hostname).to.equal('localhost');
    for (const [method, name, code, rpId] of cases) {
      stub(method, rejectWith(name));
      const run =
        method === 'get'
          ? getPasskeyAssertion({ challenge: HEX_CHALLENGE, rpId })
          : createPasskeyAttestation({ userName: 'ana@example.com', rpId });
      const error = await failure(run);
      expect(error.code, `${name} on ${method}`).to.equal(code);
      expect((error.cause as DOMException).name).to.equal(name);
    }
    stub('get', async () => null);
    expect((await failure(getPasskeyAssertion({ challenge: HEX_CHALLENGE }))).code).to.equal('WEBAUTHN_CANCELLED');
  });

  itWhen(
    webAuthn,
    noWebAuthn,
    'offers the passkey through autofill (conditional mediation) where available',
    async () => {
      const calls = stub('get', hanging);
      autofill(() => Promise.resolve(true));
      webauthnInput();
      expect(await passkeyAutofillSupported()).to.equal(true);
      const pending = failure(
        getPasskeyAssertion({ challenge: HEX_CHALLENGE, credentialId: CREDENTIAL_ID, conditional: true }),
      );
      await until(() => calls.length === 1);
      expect(calls[0]!.mediation).to.equal('conditional');
      expect(calls[0]!.publicKey!.allowCredentials).to.deep.equal([]);
      expect(bytesOf(calls[0]!.publicKey!.challenge)).to.deep.equal([...utf8Encode(HEX_CHALLENGE)]);
      cancelPasskeyCeremony();
      expect((await pending).code).to.equal('WEBAUTHN_CANCELLED');

      // off by default
      const plain = stub('get', async () => fakeCredential('get'));
      await getPasskeyAssertion({ challenge: HEX_CHALLENGE });
      expect(plain[0]!.mediation).to.equal(undefined);
    },
  );

  itWhen(
    webAuthn,
    noWebAuthn,
    'a conditional request where autofill cannot work ends WEBAUTHN_CANCELLED, unasked',
    async () => {
      const calls = stub('get', async () => fakeCredential('get'));
      // available, but no `autocomplete="… webauthn"` field on the page
      autofill(() => Promise.resolve(true));
      expect((await failure(getPasskeyAssertion({ challenge: HEX_CHALLENGE, conditional: true }))).code).to.equal(
        'WEBAUTHN_CANCELLED',
      );
      webauthnInput();
      for (const available of [() => Promise.resolve(false), () => Promise.reject(new Error('broken')), undefined]) {
        autofill(available);
        expect(await passkeyAutofillSupported()).to.equal(false);
        expect((await failure(getPasskeyAssertion({ challenge: HEX_CHALLENGE, conditional: true }))).code).to.equal(
          'WEBAUTHN_CANCELLED',
        );
      }
      expect(calls).to.have.length(0);
    },
  );

  itWhen(
    !!probe.authenticatorId,
    probe.unsupported ?? '',
    'registers and logs in with a virtual authenticator; the signature verifies against the new key',
    async () => {
      const { authenticatorId } = await addVirtualAuthenticator();
      try {
        await registerAndLogIn();
      } finally {
        await removeVirtualAuthenticator(authenticatorId!).catch(() => undefined);
      }
    },
  );

  async function registerAndLogIn(): Promise<void> {
    // keep the engine's own credential, to read its public key
    const container = navigator.credentials;
    const realCreate = container.create.bind(container);
    let created: PublicKeyCredential | undefined;
    let userId: number[] = [];
    stub('create', async (options) => {
      userId = bytesOf(options.publicKey!.user.id);
      created = (await realCreate(options)) as PublicKeyCredential;
      return created;
    });

    const { challenge, attestation } = await createPasskeyAttestation({ userName: 'ana@example.com' });
    const made = clientData(attestation.clientDataJson);
    expect(made['type']).to.equal('webauthn.create');
    expect(made['challenge']).to.equal(challenge);
    expect(made['origin']).to.equal(location.origin);
    expect(attestation.credentialId).to.equal(base64UrlEncode(new Uint8Array(created!.rawId)));
    expect(base64UrlDecode(attestation.attestationObject)[0], 'a CBOR map of fmt, attStmt, authData').to.equal(0xa3);
    expect(attestation.transports).to.be.an('array');
    for (const transport of attestation.transports) expect(transport).to.be.a('string');

    const hex = bytesToHex(randomBytes(32));
    const assertion = await getPasskeyAssertion({ challenge: hex, credentialId: attestation.credentialId });
    expect(assertion.credentialId).to.equal(attestation.credentialId);
    const used = clientData(assertion.clientDataJson);
    expect(used['type']).to.equal('webauthn.get');
    expect(used['challenge']).to.equal(passkeyLoginChallenge(hex));
    expect(used['origin']).to.equal(location.origin);
    expect(assertion.userHandle, 'a resident key returns its user handle').to.equal(
      base64UrlEncode(new Uint8Array(userId)),
    );

    const spki = (created!.response as AuthenticatorAttestationResponse).getPublicKey()!;
    const key = await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const signed = concatBytes(
      base64UrlDecode(assertion.authenticatorData),
      await sha256(base64UrlDecode(assertion.clientDataJson)),
    );
    const verify = (signature: Uint8Array, data: Uint8Array) =>
      crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        key,
        signatureDerToRaw(signature) as Uint8Array<ArrayBuffer>,
        data as Uint8Array<ArrayBuffer>,
      );
    expect(await verify(base64UrlDecode(assertion.signature), signed), 'the assertion signature').to.equal(true);
    signed[signed.length - 1]! ^= 1;
    expect(await verify(base64UrlDecode(assertion.signature), signed), 'over other bytes').to.equal(false);

    // the SCA path: the service's JSON options, WebAuthn JSON back; a discoverable login needs no allow list
    const json = await getPasskeyAssertionJSON({ challenge: 'c2NhLWNoYWxsZW5nZQ', userVerification: 'required' });
    expect(json.id).to.equal(attestation.credentialId);
    expect(json.rawId).to.equal(attestation.credentialId);
    expect(json.type).to.equal('public-key');
    expect(clientData(json.response.clientDataJSON)['challenge']).to.equal('c2NhLWNoYWxsZW5nZQ');
    expect(json.response.userHandle).to.equal(assertion.userHandle);
    expect(json.clientExtensionResults).to.be.an('object');

    // the same authenticator refuses to register an excluded credential again
    const again = await failure(
      createPasskeyAttestation({ userName: 'ana@example.com', excludeCredentialIds: [attestation.credentialId] }),
    );
    expect(again.code).to.equal('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
  }
});

/** Resolves once `condition` holds (checked after each task), without a fixed wait. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(condition(), 'condition').to.equal(true);
}
