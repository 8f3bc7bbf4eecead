/** Types of bundle-size.mjs, for the TypeScript tests that bundle the way the size bench does. */
import type { BuildOptions } from 'esbuild';

export declare const REPO_ROOT: string;
export declare const BUNDLE_OPTIONS: Readonly<BuildOptions>;
export declare const KB: number;
export interface PathSize {
  label: string;
  modules: string[];
  minified: number;
  gzip: number;
  chunks: number;
  /** Every chunk the path loads (up front first): its gzip size and its modules by minified bytes, biggest first. */
  chunkMap: { gzip: number; modules: { module: string; bytes: number }[] }[];
}
export declare function bundleSize(
  contents: string,
  options?: {
    external?: string[];
    forbidden?: string[];
    split?: boolean;
    paths?: Record<string, string[]> | undefined;
  },
): Promise<{
  minified: number;
  gzip: number;
  heaviest: { module: string; bytes: number }[];
  deferred?: { minified: number; gzip: number; chunks: number };
  paths?: PathSize[];
}>;
