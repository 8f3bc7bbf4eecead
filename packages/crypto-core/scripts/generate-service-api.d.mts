/** Generates src/service-api.ts from the OpenAPI (see generate-service-api.mjs). */
export const OPENAPI_FILE: string;
export const OUTPUT_FILE: string;
export const GENERATE_COMMAND: string;
/** `METHOD /template` of every operation in the OpenAPI text. */
export function specOperations(specText: string): string[];
/** The sandbox's API routes, from its route modules (`load` imports a TypeScript file). */
export function sandboxRoutes(load?: (file: string) => Promise<unknown>): Promise<{ method: string; path: string }[]>;
/** The OpenAPI operations the routes serve. */
export function servedOperations(operations: string[], routes: { method: string; path: string }[]): string[];
/** The hash of what the generated file is made from. */
export function inputsHash(inputs: { specText: string; operations: string[] }): string;
/** A generated file's header, and the header its inputs and body call for now. */
export function readGenerated(
  text: string,
  inputs: { specText: string; operations: string[] },
): { header: string; expected: string };
