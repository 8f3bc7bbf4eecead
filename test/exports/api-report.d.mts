/** The API report of every published package (see api-report.mjs). */
export const PACKAGES: string[];
/** The command that rewrites the reports after a deliberate change. */
export const UPDATE_COMMAND: string;
export interface ReportOptions {
  /** The repository (packages under `packages/<name>`); default this one. */
  root?: string;
  packages?: string[];
  /** Where the reports are committed; default `<root>/test/exports`. */
  reportsDir?: string;
}
/** Each package's report as it is now, and the file it is committed in. */
export function currentReports(options?: ReportOptions): { file: string; text: string }[];
/** One readable message (diff and update command) per report that differs; `update` writes them instead. */
export function checkReports(options?: ReportOptions & { update?: boolean }): string[];
/** A line diff: `-` before, `+` after, with context. */
export function lineDiff(before: string, after: string): string;
/** The committed reports' entries: specifier → the names it exports (values and types). */
export function publicNames(options?: ReportOptions): Map<string, Set<string>>;
