/**
 * `src/service-api.ts` (the service's request and response types, generated from its OpenAPI) is current:
 * its header names every operation the sandbox serves, and the hashes it records match the OpenAPI, that
 * list, the generator, and its own body. Generating it again takes seconds of CPU; comparing hashes takes
 * milliseconds, so this is what `npm test` runs. It fails on an edited spec, a new route or a hand edit.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/crypto-core/test/service-api.node.test.ts'
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  GENERATE_COMMAND,
  OPENAPI_FILE,
  OUTPUT_FILE,
  readGenerated,
  sandboxRoutes,
  servedOperations,
  specOperations,
} from '../scripts/generate-service-api.mjs';
import { before, describe, it } from '@paykit/test-harness/suite';

describe('service-api.ts, generated from the OpenAPI', () => {
  const specText = readFileSync(OPENAPI_FILE, 'utf8');
  const committed = readFileSync(OUTPUT_FILE, 'utf8');
  let routes: { method: string; path: string }[] = [];
  let operations: string[] = [];
  before(async () => {
    routes = await sandboxRoutes();
    operations = servedOperations(specOperations(specText), routes);
  });
  const check = (text: string, spec = specText, ops = operations): string | null => {
    const { header, expected } = readGenerated(text, { specText: spec, operations: ops });
    return header === expected ? null : `src/service-api.ts is not current: regenerate it with ${GENERATE_COMMAND}`;
  };

  it('covers the operations the sandbox serves', () => {
    expect(routes.length, 'the sandbox route modules were read').to.be.greaterThan(40);
    for (const operation of ['POST /quotes', 'GET /customers/{customerId}', 'GET /customers/internal-accounts']) {
      expect(operations).to.include(operation);
    }
  });

  it('is current: its header matches the OpenAPI, the served operations, the generator and its body', () => {
    expect(check(committed)).to.equal(null);
  });

  it('is found stale when the spec, the served operations or the body change', () => {
    expect(check(committed, specText.replace('QuoteRequest:', 'QuoteRequestX:'))).to.include(GENERATE_COMMAND);
    expect(check(committed, specText, operations.slice(1))).to.include('not current');
    expect(check(committed.replace('lockedCurrencyAmount: number;', 'lockedCurrencyAmount: string;'))).to.include(
      'not current',
    );
  });
});
