/** Types of engine-names.mjs, for the TypeScript tests. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: EngineName[];
export declare function selectEngines(list?: string): EngineName[];
