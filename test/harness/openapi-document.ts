/**
 * The service's published OpenAPI (`../shared/spec/service-openapi.yaml`) as a plain object, for the Node
 * tests that read it (the sandbox's contract checks, crypto-core's error codes). Parsing the 1 MB YAML
 * costs about 1.4 s of CPU; every test process reads a JSON copy instead, kept under
 * `node_modules/.cache` and named after the YAML's size and modification time. Each call answers a
 * fresh object, which its caller may change.
 *
 * @example
 *   const schemas = loadOpenApiDocument().components.schemas;
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const OPENAPI_PATH = fileURLToPath(new URL('../../../shared/spec/service-openapi.yaml', import.meta.url));

export function loadOpenApiDocument(): any {
  const { size, mtimeMs } = statSync(OPENAPI_PATH);
  const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/paykit-contract/', import.meta.url));
  const cached = `${cacheDir}openapi-${size}-${Math.trunc(mtimeMs)}.json`;
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    const parsed = parse(readFileSync(OPENAPI_PATH, 'utf8'));
    mkdirSync(cacheDir, { recursive: true });
    const temp = `${cached}.${process.pid}`;
    writeFileSync(temp, JSON.stringify(parsed));
    renameSync(temp, cached);
    return parsed;
  }
}
