/**
 * Puts the contract check between a test and the sandbox: `withContract(handler, recorder)` wraps a
 * Web-standard handler (the sandbox's `fetch`), judges every exchange under `{base_url}` with
 * `checkExchange` and records what it finds; the suite fails on `recorder.assertClean()` (the test
 * sandbox's `close()` calls it). Preflights and requests outside `{base_url}` are not judged.
 *
 * @example
 *   const recorder = new ContractRecorder();
 *   sandbox.fetch = withContract(sandbox.fetch, recorder);
 *   …
 *   recorder.assertClean();
 */
import { FAULT_APPLIED_HEADER } from '../../src/http/faults.js';
import { API_VERSION } from '../../src/config.js';
import { checkExchange, describeViolation, type Violation } from './openapi-contract.js';

export class ContractRecorder {
  readonly violations: Violation[] = [];
  /** Exchanges judged so far (a suite that judged none proves nothing). */
  checked = 0;

  assertClean(): void {
    if (this.violations.length === 0) return;
    const lines = [...new Set(this.violations.map(describeViolation))];
    this.violations.length = 0;
    throw new Error(`The sandbox broke the service's OpenAPI contract:\n  ${lines.join('\n  ')}`);
  }
}

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const PREFIX = `/${API_VERSION}`;

export function withContract(
  handler: (request: Request) => Promise<Response>,
  recorder: ContractRecorder,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (request.method === 'OPTIONS' || request.method === 'HEAD' || !url.pathname.startsWith(`${PREFIX}/`))
      return handler(request);
    const requestText = request.body ? await request.clone().text() : '';
    const response = await handler(request);
    // a 5xx or 429 the fault mode made is no answer of the service (faults.ts); delayed and duplicated ones are
    if (/^(error-before|error-after|rate-limit)$/.test(response.headers.get(FAULT_APPLIED_HEADER) ?? ''))
      return response;
    const responseText = response.body ? await response.clone().text() : '';
    recorder.checked++;
    recorder.violations.push(
      ...checkExchange({
        method: request.method,
        path: url.pathname.slice(PREFIX.length) + url.search,
        status: response.status,
        requestBody: parseJson(requestText),
        responseBody: parseJson(responseText),
      }),
    );
    return response;
  };
}
