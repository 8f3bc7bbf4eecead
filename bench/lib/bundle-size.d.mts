/** Types of bundle-size.mjs, for the TypeScript tests that bundle the way the size bench does. */
import type { BuildOptions } from 'esbuild';

export declare const REPO_ROOT: string;
export declare const BUNDLE_OPTIONS: Readonly<BuildOptions>;
export declare const KB: number;
