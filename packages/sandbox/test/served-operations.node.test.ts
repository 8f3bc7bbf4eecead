/**
 * Served coverage (issue 27): every end-user operation of the service's OpenAPI is served by the sandbox's
 * route modules, except the ones `KNOWN_MISSING` names (contract/end-user-operations.ts). A new
 * operation of the API is served, classed, or this test fails; a listed one that lands must leave the list.
 * The test's name reports the count and the operations not served yet.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/sandbox/test/served-operations.node.test.ts'
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  OPENAPI_FILE,
  sandboxRoutes,
  servedOperations,
  specOperations,
} from '../../crypto-core/scripts/generate-service-api.mjs';
import { describe, it } from '@paykit/test-harness/suite';
import { isPlatformOnly, KNOWN_MISSING, PLATFORM_ONLY } from './contract/end-user-operations.js';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';

const document = loadOpenApiDocument();
const all: string[] = specOperations(readFileSync(OPENAPI_FILE, 'utf8'));
const served = new Set<string>(servedOperations(all, await sandboxRoutes()));
const tagsOf = (operation: string): string[] => {
  const [method, template] = operation.split(' ') as [string, string];
  return document.paths[template]?.[method.toLowerCase()]?.tags ?? [];
};
const endUser = all.filter((operation) => !isPlatformOnly(operation, tagsOf(operation)));
const missing = endUser.filter((operation) => !served.has(operation));

describe('sandbox: the end-user operations of the API it serves', () => {
  it(`serves ${endUser.length - missing.length} of ${endUser.length}; not yet: ${missing.join(', ') || 'none'}`, () => {
    expect(endUser.length).to.be.greaterThan(60);
    const listed = KNOWN_MISSING.map((m) => m.operation);
    expect(new Set(listed).size, 'KNOWN_MISSING lists an operation twice').to.equal(listed.length);
    expect(
      listed.filter((operation) => served.has(operation)),
      'served now: remove from KNOWN_MISSING',
    ).to.deep.equal([]);
    expect(
      listed.filter((operation) => !endUser.includes(operation)),
      'not an end-user operation of the OpenAPI',
    ).to.deep.equal([]);
    expect(
      missing.filter((operation) => !listed.includes(operation)),
      'end-user operations neither served nor in KNOWN_MISSING',
    ).to.deep.equal([]);
  });

  it('classes operations as the platform’s only with a reason, and every class still matches one', () => {
    for (const p of PLATFORM_ONLY) {
      expect(p.reason.length, String(p.tag ?? p.operation)).to.be.greaterThan(20);
      const matched = all.filter((o) => (p.tag !== undefined && tagsOf(o).includes(p.tag)) || p.operation?.test(o));
      expect(matched, `${String(p.tag ?? p.operation)} matches no operation of the OpenAPI`).to.not.be.empty;
    }
    // an untagged operation would escape the classes by tag: the OpenAPI tags every one
    expect(all.filter((o) => tagsOf(o).length === 0)).to.deep.equal([]);
  });
});
