/** The import graph of the sources and its cycles (see import-cycles.mjs). */
export const SOURCE_ROOTS: string[];
/** Module → the modules it imports (repo-relative paths), for every source file under `roots`. */
export function importGraph(root: string, roots?: string[]): Map<string, string[]>;
/** One circle (repo-relative paths, the first module not repeated at the end) per cycle of `graph`. */
export function findCycles(graph: Map<string, string[]>): string[][];
