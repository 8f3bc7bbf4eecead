/**
 * The floor the sandbox is measured against: a bare `node:http` server doing the least a signed-retry
 * leg 2 needs, per request: read the body and parse its JSON, decode the `Service-Wallet-Signature`
 * stamp, import the signer's P-256 key as a JWK, and verify one ECDSA P-256/SHA-256 signature (over
 * the body bytes: the floor keeps no challenges). No routing, no auth, no state beyond a map from a
 * compressed key to its JWK (decompressing a point is not WebCrypto's job, so it is done once per
 * key). Answers 200 `{"verified":true}`, or 400/401. Runs in its own process and prints the same
 * `READY {json}` line as sandbox-process.ts.
 *
 * @example
 *   node --conditions=source --import tsx bench/load/floor-process.ts
 *   READY {"baseUrl":"http://127.0.0.1:40124"}
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64UrlDecode, hexToBytes, utf8Decode } from '@paykit/crypto-core/encoding';
import { pointToJwk, signatureDerToRaw } from '@paykit/crypto-core/p256';

const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const jwks = new Map<string, JsonWebKey>();

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  try {
    JSON.parse(body.toString('utf8'));
    const stamp = JSON.parse(utf8Decode(base64UrlDecode(String(req.headers['service-wallet-signature'] ?? '')))) as {
      publicKey: string;
      signature: string;
    };
    let jwk = jwks.get(stamp.publicKey);
    if (!jwk) jwks.set(stamp.publicKey, (jwk = pointToJwk(hexToBytes(stamp.publicKey))));
    const key = await crypto.subtle.importKey('jwk', jwk, P256, false, ['verify']);
    const ok = await crypto.subtle.verify(
      ECDSA_SHA256,
      key,
      signatureDerToRaw(hexToBytes(stamp.signature)) as Uint8Array<ArrayBuffer>,
      body,
    );
    answer(res, ok ? 200 : 401, ok ? { verified: true } : { code: 'WALLET_SIGNATURE_INVALID' });
  } catch {
    answer(res, 400, { code: 'MALFORMED' });
  }
}

const server = createServer((req, res) => void handle(req, res));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`READY ${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}` })}\n`);
});
const stop = (): void => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
