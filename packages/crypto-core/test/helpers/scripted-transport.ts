/**
 * A transport that answers from a script and records every request, for testing the signed-retry
 * engine and the client without a server. A step may be a response or a function of the request; a
 * thrown PayError stands for a dropped connection.
 */
import { LocalErrorCode, PayError } from '../../src/errors.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/transport.js';

export type Step =
  | Partial<TransportResponse>
  | ((request: TransportRequest) => Partial<TransportResponse> | Promise<Partial<TransportResponse>>);

export interface ScriptedTransport extends Transport {
  requests: TransportRequest[];
  remaining(): number;
}

export function scriptedTransport(steps: Step[]): ScriptedTransport {
  const queue = [...steps];
  const requests: TransportRequest[] = [];
  const transport = (async (request: TransportRequest) => {
    requests.push(structuredClone({ ...request, signal: undefined }));
    const step = queue.shift();
    if (!step) throw new Error(`unscripted request ${request.method} ${request.path}`);
    const r = typeof step === 'function' ? await step(request) : step;
    return { status: r.status ?? 200, headers: r.headers ?? {}, body: r.body };
  }) as ScriptedTransport;
  transport.requests = requests;
  transport.remaining = () => queue.length;
  return transport;
}

export const dropConnection: Step = () => {
  throw new PayError(LocalErrorCode.NETWORK_ERROR, 'connection reset');
};

export const challenge = (n: number, expiresAt = '2999-01-01T00:00:00Z'): Partial<TransportResponse> => ({
  status: 202,
  body: { payloadToSign: `{"n":${n}}`, requestId: `Request:${n}`, expiresAt },
});

export const errorResponse = (
  status: number,
  code: string,
  headers: Record<string, string> = {},
): Partial<TransportResponse> => ({
  status,
  headers,
  body: { status, code, message: code.toLowerCase() },
});

/** Records sleeps instead of waiting. */
export function fakeSleep(): { sleep: (ms: number) => Promise<void>; slept: number[] } {
  const slept: number[] = [];
  return { slept, sleep: async (ms: number) => void slept.push(ms) };
}
