/**
 * A software WebAuthn authenticator for Node tests: an ES256 key pair, `none` attestation in CBOR,
 * authenticator data with the RP id hash, UP/UV/AT flags and a signature counter, and assertions
 * signed over authenticatorData || SHA-256(clientDataJSON). It produces exactly the base64url fields
 * the service's passkey bodies carry, so any suite in the project can register and sign in with a
 * passkey without a browser. Flags and the counter can be overridden to test refusals.
 *
 * @example
 *   const authenticator = await SoftwareAuthenticator.create({ rpId: 'localhost', origin: 'http://localhost:5173' });
 *   const attestation = await authenticator.register({ challenge });           // POST /auth/credentials PASSKEY
 *   const assertion = await authenticator.assert({ challenge: loginChallenge(hexChallenge) });
 */
import {
  base64UrlDecode,
  base64UrlEncode,
  concatBytes,
  sha256,
  toArrayBuffer,
  utf8Encode,
} from '@paykit/crypto-core/encoding';
import { signatureRawToDer } from '@paykit/crypto-core/p256';

export type CborValue =
  number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue> | { [key: string]: CborValue };

function head(major: number, length: number): Uint8Array {
  if (length < 24) return new Uint8Array([(major << 5) | length]);
  if (length < 0x100) return new Uint8Array([(major << 5) | 24, length]);
  if (length < 0x10000) return new Uint8Array([(major << 5) | 25, length >> 8, length & 0xff]);
  return new Uint8Array([
    (major << 5) | 26,
    (length >>> 24) & 0xff,
    (length >>> 16) & 0xff,
    (length >>> 8) & 0xff,
    length & 0xff,
  ]);
}

/** A tiny CBOR encoder: integers, byte and text strings, arrays and maps (keys in insertion order). */
export function cborEncode(value: CborValue): Uint8Array {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Math.abs(value) > 0xffffffff)
      throw new TypeError('only 32-bit integers are supported');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = utf8Encode(value);
    return concatBytes(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concatBytes(head(2, value.length), value);
  if (Array.isArray(value)) return concatBytes(head(4, value.length), ...value.map(cborEncode));
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return concatBytes(head(5, entries.length), ...entries.flatMap(([k, v]) => [cborEncode(k), cborEncode(v)]));
}

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
export const FLAG_AT = 0x40;

export interface SoftwareAuthenticatorOptions {
  rpId?: string;
  origin?: string;
}

export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

export interface Assertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

interface CeremonyOptions {
  /** base64url challenge as the relying party sent it. */
  challenge: string;
  origin?: string;
  rpId?: string;
  /** Authenticator data flags; default UP|UV (plus AT on registration). */
  flags?: number;
  /** Signature counter to report; default the next value. */
  counter?: number;
}

/** The WebAuthn challenge of a passkey login: base64url of the UTF-8 bytes of the 64-char hex challenge. */
export const loginChallenge = (hexChallenge: string): string => base64UrlEncode(utf8Encode(hexChallenge));

export class SoftwareAuthenticator {
  /** WebAuthn credential id, base64url. */
  readonly credentialId: string;
  readonly userHandle: string;
  counter = 0;

  private constructor(
    private readonly keyPair: CryptoKeyPair,
    private readonly publicJwk: JsonWebKey,
    readonly rpId: string,
    readonly origin: string,
  ) {
    this.credentialId = base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
    this.userHandle = base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
  }

  static async create(options: SoftwareAuthenticatorOptions = {}): Promise<SoftwareAuthenticator> {
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const jwk = await crypto.subtle.exportKey('jwk', keyPair.publicKey);
    return new SoftwareAuthenticator(
      keyPair,
      jwk,
      options.rpId ?? 'localhost',
      options.origin ?? 'http://localhost:5173',
    );
  }

  private coseKey(): Map<CborValue, CborValue> {
    return new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, base64UrlDecode(this.publicJwk.x!)],
      [-3, base64UrlDecode(this.publicJwk.y!)],
    ]);
  }

  private async authData(rpId: string, flags: number, counter: number, attested: boolean): Promise<Uint8Array> {
    const count = new Uint8Array([
      (counter >>> 24) & 0xff,
      (counter >>> 16) & 0xff,
      (counter >>> 8) & 0xff,
      counter & 0xff,
    ]);
    const parts = [await sha256(utf8Encode(rpId)), new Uint8Array([flags]), count];
    if (attested) {
      const id = base64UrlDecode(this.credentialId);
      parts.push(
        new Uint8Array(16),
        new Uint8Array([id.length >> 8, id.length & 0xff]),
        id,
        cborEncode(this.coseKey()),
      );
    }
    return concatBytes(...parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Uint8Array {
    return utf8Encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create with `none` attestation. */
  async register(options: CeremonyOptions): Promise<Attestation> {
    const flags = options.flags ?? FLAG_UP | FLAG_UV | FLAG_AT;
    const authData = await this.authData(options.rpId ?? this.rpId, flags, options.counter ?? this.counter, true);
    const attestationObject = cborEncode(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      credentialId: this.credentialId,
      clientDataJson: base64UrlEncode(
        this.clientData('webauthn.create', options.challenge, options.origin ?? this.origin),
      ),
      attestationObject: base64UrlEncode(attestationObject),
      transports: ['internal', 'hybrid'],
    };
  }

  /** navigator.credentials.get; the counter advances unless one is given. */
  async assert(options: CeremonyOptions): Promise<Assertion> {
    const counter = options.counter ?? ++this.counter;
    const authData = await this.authData(options.rpId ?? this.rpId, options.flags ?? FLAG_UP | FLAG_UV, counter, false);
    const clientData = this.clientData('webauthn.get', options.challenge, options.origin ?? this.origin);
    const signed = concatBytes(authData, await sha256(clientData));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keyPair.privateKey, toArrayBuffer(signed)),
    );
    return {
      credentialId: this.credentialId,
      clientDataJson: base64UrlEncode(clientData),
      authenticatorData: base64UrlEncode(authData),
      signature: base64UrlEncode(signatureRawToDer(raw)),
      userHandle: this.userHandle,
    };
  }

  /** The same assertion as WebAuthn JSON (AuthenticationResponseJSON), as browsers hand it to pages. */
  async assertJSON(options: CeremonyOptions): Promise<Record<string, unknown>> {
    const a = await this.assert(options);
    return {
      id: a.credentialId,
      rawId: a.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: a.clientDataJson,
        authenticatorData: a.authenticatorData,
        signature: a.signature,
        userHandle: a.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
