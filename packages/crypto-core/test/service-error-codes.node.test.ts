/**
 * `ServiceErrorCode` (errors.ts) is exactly the set of codes the service's OpenAPI declares: the union
 * of the `code` enums of its `Error4xx`/`Error5xx` schemas. Read from the type itself by the TypeScript
 * compiler and from the OpenAPI document, so neither can drift from the other.
 */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import type * as TS from 'typescript';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';
import { describe, it } from '@paykit/test-harness/suite';
import { ts } from '@paykit/test-harness/typescript';

const ERRORS = fileURLToPath(new URL('../src/errors.ts', import.meta.url));

let codes: string[] | undefined;
function openApiCodes(): string[] {
  if (codes) return codes;
  const doc = loadOpenApiDocument() as {
    components: { schemas: Record<string, { properties?: { code?: { enum?: string[] } } }> };
  };
  const found = new Set<string>();
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (/^Error[45]\d\d$/.test(name)) for (const code of schema.properties?.code?.enum ?? []) found.add(code);
  }
  return (codes = [...found].sort());
}

/**
 * errors.ts checked once, for every alias read from it, without TypeScript's lib files: the aliases are
 * string literals and `keyof typeof` of an object, which need no global type, and parsing
 * lib.es2022.d.ts (57 files) was most of the program: 1.1 s of CPU with it, 0.1 s without, the same
 * members. An alias that came to need a lib type (`Extract<…>`) would read as `<…>` here and fail.
 */
let program: TS.Program | undefined;

/** The string literals of an exported union type alias of errors.ts. */
function unionMembers(alias: string): string[] {
  program ??= ts.createProgram([ERRORS], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    noLib: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(ERRORS)!;
  const declaration = file.statements.find(
    (s): s is TS.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === alias,
  );
  if (!declaration) throw new Error(`errors.ts declares no type ${alias}`);
  const type = checker.getTypeAtLocation(declaration.name);
  const members = type.isUnion() ? type.types : [type];
  return members.map((t) => (t.isStringLiteral() ? t.value : `<${checker.typeToString(t)}>`)).sort();
}

describe('service error codes', () => {
  it('ServiceErrorCode is exactly the codes of the OpenAPI Error4xx/Error5xx schemas', () => {
    const declared = openApiCodes();
    expect(declared.length).to.be.greaterThan(50);
    expect(unionMembers('ServiceErrorCode')).to.deep.equal(declared);
  });

  it('no local code shadows a service code', () => {
    const service = new Set(openApiCodes());
    expect(unionMembers('LocalErrorCode').filter((code) => service.has(code))).to.deep.equal([]);
  });
});
