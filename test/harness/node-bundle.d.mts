/** Types of node-bundle.mjs, for the TypeScript tests. */
export declare function bundleForNode(source: { entry: string } | { code: string }): Promise<string>;
