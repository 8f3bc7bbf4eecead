/** Types of readmes.mjs, for the README drift test. */
export interface ReadmeBlock {
  /** Repo-relative README path. */
  file: string;
  start: string;
  end: string;
  render(results: unknown): string;
}

export declare const README_BLOCKS: readonly ReadmeBlock[];
export declare function renderReadmes(
  results: unknown,
  options?: { root?: string; files?: string[] },
): Promise<Map<string, string>>;
