/** Types of missing-translations.mjs (for the tests that import it). */
export type Table = Record<string, string>;
export interface MissingResult {
  locale: string;
  missing: string[];
  stale: string[];
}
export function findMissing(english: Table, tables: Record<string, Partial<Table>>): MissingResult[];
export function formatReport(english: Table, results: MissingResult[]): string;
export function loadTables(src?: string): Promise<{ english: Table; tables: Record<string, Partial<Table>> }>;
