/** Types of sandbox-cli.mjs, for the TypeScript tests. */
export declare const basic: (id: string, secret: string) => string;
export declare const bannerLine: (banner: string, label: string) => string;
export declare function runCli(
  args: string[],
  options?: { env?: Record<string, string>; viaNpm?: boolean },
): Promise<{ banner: string; stop: () => void }>;
export declare function runCliToExit(args: string[]): Promise<{ code: number | null; stderr: string }>;
