/**
 * The crypto bench page: Paykit and the peer toolkit (Turnkey) in one bundle, one page, one run. Each
 * operation is the same protocol step done by each library's own public function, on the same real
 * inputs (the enclave-signed OTP target bundle and export bundle of ../../../shared/vectors, signed by
 * a test enclave key both libraries are told to trust). Every output is checked once before timing
 * (stamps verify, sealed OTPs open with the target key, exports yield the mnemonic), so a fast wrong
 * answer cannot win. Then warm-up, then interleaved timed runs (ours/peer order alternates).
 *
 * @example
 *   window.__startCrypto({ warmup: 30, runs: 200 });  // later: window.__bench = { done, result | error }
 */
import {
  createExportKey,
  createSessionKey,
  decryptExportBundle,
  deleteSessionKey,
  encryptOtpCode,
  hexToBytes,
  hpkeOpen,
  base64UrlEncode,
  utf8Decode,
  verifyStamp,
  type SessionKey,
} from '@paykit/crypto-core';
import {
  decryptExportBundle as peerDecryptExportBundle,
  encryptOtpCodeToBundle,
  generateP256KeyPair,
} from '@turnkey/crypto';
import { IndexedDbStamper } from '@turnkey/indexed-db-stamper';

interface Vectors {
  otp: { targetPrivateKey: string; enclaveSigningPublicKey: string; otpEncryptionTargetBundle: string };
  exportWallet: {
    clientPrivateKey: string;
    clientPublicKey: string;
    organizationId: string;
    signerPublicKey: string;
    encryptedWalletCredentials: string;
    mnemonic: string;
  };
}
declare const __VECTORS__: Vectors;
const V = __VECTORS__;

interface Side {
  /** The public function(s) timed, as the report names them. */
  fn: string;
  run: () => Promise<unknown>;
  /** Untimed cleanup of what `run` made (keys left in IndexedDB). */
  cleanup?: (made: unknown[]) => Promise<void>;
}
interface Op {
  id: string;
  label: string;
  ours: Side;
  peer: Side;
}
interface Config {
  warmup: number;
  runs: number;
  only?: string[];
}

const OTP_CODE = '000000';
/** A signed-retry payloadToSign as the service sends it (compact JSON, ~250 bytes). */
const PAYLOAD = JSON.stringify({
  organizationId: 'org_0191a5b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b',
  parameters: { internalAccountId: 'InternalAccount:0191a5b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', privateEnabled: true },
  timestampMs: '1770408000000',
  type: 'ACTIVITY_TYPE_UPDATE_WALLET_PRIVACY',
});
/** OTP verification's payloadToSign: an ES256 JWT (shape and length of the sandbox's). */
const OTP_JWT = [
  base64UrlEncode(new TextEncoder().encode(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))),
  base64UrlEncode(
    new TextEncoder().encode(
      JSON.stringify({
        id: 'vt_0191a5b2-7c3d-7e4f',
        public_key: '02'.padEnd(66, 'a'),
        iat: 1770408000,
        exp: 1770408300,
      }),
    ),
  ),
  base64UrlEncode(new Uint8Array(64).fill(7)),
].join('.');

async function importPrivateEcdh(privateHex: string, publicHex: string): Promise<CryptoKeyPair> {
  const pub = hexToBytes(publicHex);
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: base64UrlEncode(pub.subarray(1, 33)),
    y: base64UrlEncode(pub.subarray(33)),
  };
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { ...jwk, d: base64UrlEncode(hexToBytes(privateHex)) },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  const publicKey = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
  return { privateKey, publicKey };
}

async function buildOps(): Promise<{ ops: Op[]; checks: Record<string, boolean> }> {
  const otpSigner = V.otp.enclaveSigningPublicKey;
  const exportSigner = V.exportWallet.signerPublicKey;
  const orgId = V.exportWallet.organizationId;
  const ourKey: SessionKey = await createSessionKey();
  const peerStamper = new IndexedDbStamper();
  await peerStamper.init();
  // The export key the bundle was sealed to, as each library holds it: a non-extractable WebCrypto
  // ECDH key pair for Paykit, the hex private key of generateP256KeyPair() for the peer.
  const ourExportKey = await importPrivateEcdh(V.exportWallet.clientPrivateKey, V.exportWallet.clientPublicKey);
  const peerEmbeddedKey = V.exportWallet.clientPrivateKey;

  const ours = {
    sessionKey: () => createSessionKey(),
    stamp: () => ourKey.stamp(PAYLOAD),
    otpSeal: () =>
      encryptOtpCode({
        otpEncryptionTargetBundle: V.otp.otpEncryptionTargetBundle,
        otpCode: OTP_CODE,
        publicKey: ourKey.publicKeyUncompressed,
        trustedSigners: [otpSigner],
      }),
    exportKey: () => createExportKey(),
    exportOpen: () =>
      decryptExportBundle({
        encryptedWalletCredentials: V.exportWallet.encryptedWalletCredentials,
        exportKey: ourExportKey,
        trustedSigners: [exportSigner],
        organizationId: orgId,
      }),
    otpLogin: async () => {
      const key = await createSessionKey();
      await encryptOtpCode({
        otpEncryptionTargetBundle: V.otp.otpEncryptionTargetBundle,
        otpCode: OTP_CODE,
        publicKey: key.publicKeyUncompressed,
        trustedSigners: [otpSigner],
      });
      await key.stamp(OTP_JWT);
      return key;
    },
  };
  const peer = {
    sessionKey: () => peerStamper.resetKeyPair(),
    stamp: async () => (await peerStamper.stamp(PAYLOAD)).stampHeaderValue,
    otpSeal: () =>
      encryptOtpCodeToBundle(OTP_CODE, V.otp.otpEncryptionTargetBundle, peerStamper.getPublicKey()!, otpSigner),
    exportKey: async () => generateP256KeyPair(),
    exportOpen: () =>
      peerDecryptExportBundle({
        exportBundle: V.exportWallet.encryptedWalletCredentials,
        embeddedKey: peerEmbeddedKey,
        organizationId: orgId,
        dangerouslyOverrideSignerPublicKey: exportSigner,
        returnMnemonic: true,
      }),
    otpLogin: async () => {
      const stamper = new IndexedDbStamper();
      await stamper.resetKeyPair();
      await encryptOtpCodeToBundle(OTP_CODE, V.otp.otpEncryptionTargetBundle, stamper.getPublicKey()!, otpSigner);
      return (await stamper.stamp(OTP_JWT)).stampHeaderValue;
    },
  };

  // ---- correctness, once, before any timing -------------------------------------------------------
  const otpTarget = await importPrivateEcdh(V.otp.targetPrivateKey, publicOf(V.otp.otpEncryptionTargetBundle));
  const opensToCode = async (sealed: string): Promise<boolean> => {
    const { encappedPublic, ciphertext } = JSON.parse(sealed) as { encappedPublic: string; ciphertext: string };
    const plain = await hpkeOpen({
      recipientKey: otpTarget,
      encappedPublic: hexToBytes(encappedPublic),
      ciphertext: hexToBytes(ciphertext),
    });
    return (JSON.parse(utf8Decode(plain)) as { otp_code: string }).otp_code === OTP_CODE;
  };
  const stampVerifies = async (header: string, publicKey: string): Promise<boolean> =>
    (await verifyStamp(header, PAYLOAD)).publicKey === publicKey;
  const newOurKey = await ours.sessionKey();
  await peer.sessionKey();
  const checks: Record<string, boolean> = {
    'ours.sessionKey': /^0[23][0-9a-f]{64}$/.test(newOurKey.publicKey),
    'peer.sessionKey': /^0[23][0-9a-f]{64}$/.test(peerStamper.getPublicKey() ?? ''),
    'ours.stamp': await stampVerifies(await ours.stamp(), ourKey.publicKey),
    'peer.stamp': await stampVerifies(await peer.stamp(), peerStamper.getPublicKey()!),
    'ours.otpSeal': await opensToCode(await ours.otpSeal()),
    'peer.otpSeal': await opensToCode(await peer.otpSeal()),
    'ours.exportKey': /^04[0-9a-f]{128}$/.test((await ours.exportKey()).publicKey),
    'peer.exportKey': /^04[0-9a-f]{128}$/.test((await peer.exportKey()).publicKeyUncompressed),
    'ours.exportOpen': (await ours.exportOpen()) === V.exportWallet.mnemonic,
    'peer.exportOpen': (await peer.exportOpen()) === V.exportWallet.mnemonic,
  };
  await deleteSessionKey(newOurKey.id);

  const dropKeys = async (made: unknown[]): Promise<void> => {
    for (const key of made) await deleteSessionKey((key as SessionKey).id);
  };
  const ops: Op[] = [
    {
      id: 'sessionKey',
      label: 'Session key generation (non-extractable P-256, stored in IndexedDB)',
      ours: { fn: 'createSessionKey()', run: ours.sessionKey, cleanup: dropKeys },
      peer: { fn: 'IndexedDbStamper.resetKeyPair()', run: peer.sessionKey },
    },
    {
      id: 'stamp',
      label: 'One stamp (ECDSA P-256 over a 250-byte payloadToSign → header value)',
      ours: { fn: 'SessionKey.stamp()', run: ours.stamp },
      peer: { fn: 'IndexedDbStamper.stamp()', run: peer.stamp },
    },
    {
      id: 'otpSeal',
      label: 'OTP sealing (verify the signed target bundle, HPKE-seal code + public key)',
      ours: { fn: 'encryptOtpCode()', run: ours.otpSeal },
      peer: { fn: 'encryptOtpCodeToBundle()', run: peer.otpSeal },
    },
    {
      id: 'exportKey',
      label: 'Export key generation',
      ours: { fn: 'createExportKey()', run: ours.exportKey },
      peer: { fn: 'generateP256KeyPair()', run: peer.exportKey },
    },
    {
      id: 'exportOpen',
      label: 'Export opening (verify the signed bundle, check the organization, HPKE-open the mnemonic)',
      ours: { fn: 'decryptExportBundle()', run: ours.exportOpen },
      peer: { fn: 'decryptExportBundle({returnMnemonic: true})', run: peer.exportOpen },
    },
    {
      id: 'otpLogin',
      label: "Whole OTP login, client work (new session key, seal the code, stamp the 202's JWT)",
      ours: { fn: 'createSessionKey + encryptOtpCode + stamp', run: ours.otpLogin, cleanup: dropKeys },
      peer: { fn: 'new IndexedDbStamper().resetKeyPair + encryptOtpCodeToBundle + stamp', run: peer.otpLogin },
    },
  ];
  return { ops, checks };
}

function publicOf(bundle: string): string {
  const data = JSON.parse(utf8Decode(hexToBytes((JSON.parse(bundle) as { data: string }).data))) as {
    targetPublic: string;
  };
  return data.targetPublic;
}

/** The smallest step performance.now() takes here (ms). */
function timerResolution(): number {
  let smallest = Infinity;
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    let next = performance.now();
    while (next === start) next = performance.now();
    smallest = Math.min(smallest, next - start);
  }
  return smallest;
}

async function timeSide(side: Side, batch: number): Promise<number> {
  const made: unknown[] = [];
  const start = performance.now();
  for (let i = 0; i < batch; i++) made.push(await side.run());
  const elapsed = performance.now() - start;
  await side.cleanup?.(made);
  return elapsed / batch;
}

async function measure(op: Op, config: Config, resolution: number) {
  // Warm-up (JIT, key caches, IndexedDB connections), alternating sides; its mean sizes the batches.
  const warm = { ours: 0, peer: 0 };
  for (let i = 0; i < config.warmup; i++) {
    for (const name of i % 2 ? (['peer', 'ours'] as const) : (['ours', 'peer'] as const))
      warm[name] += await timeSide(op[name], 1);
  }
  // One op per sample where the clock is fine; with a coarse clock, enough ops per sample to span
  // about 50 clock steps (the same batch for both sides, so both are averaged alike).
  const meanMs = Math.max(1e-3, Math.min(warm.ours, warm.peer) / Math.max(1, config.warmup));
  const batch = resolution <= 0.0201 ? 1 : Math.min(64, Math.max(1, Math.ceil((50 * resolution) / meanMs)));
  const samples = { ours: [] as number[], peer: [] as number[] };
  for (let i = 0; i < config.runs; i++) {
    for (const name of i % 2 ? (['peer', 'ours'] as const) : (['ours', 'peer'] as const))
      samples[name].push(await timeSide(op[name], batch));
  }
  return {
    id: op.id,
    label: op.label,
    batch,
    ours: { fn: op.ours.fn, samples: samples.ours },
    peer: { fn: op.peer.fn, samples: samples.peer },
  };
}

interface BenchState {
  done: boolean;
  progress?: string;
  result?: unknown;
  error?: string;
}
const state: BenchState = { done: false };
Object.assign(window, { __bench: state });

async function run(config: Config): Promise<void> {
  try {
    const resolution = timerResolution();
    const { ops, checks } = await buildOps();
    const failed = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    if (failed.length) throw new Error(`outputs failed their checks before timing: ${failed.join(', ')}`);
    const results = [];
    for (const op of ops.filter((o) => !config.only || config.only.includes(o.id))) {
      state.progress = op.id;
      results.push(await measure(op, config, resolution));
    }
    state.result = {
      userAgent: navigator.userAgent,
      crossOriginIsolated: globalThis.crossOriginIsolated === true,
      timerResolutionMs: resolution,
      checks,
      ops: results,
    };
  } catch (error) {
    state.error = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  } finally {
    state.done = true;
  }
}

Object.assign(window, { __startCrypto: (config: Config) => void run(config) });
