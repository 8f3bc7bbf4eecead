/** Types of debian-browsers.mjs, for the TypeScript end-to-end adapters. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare const FIREFOX_PATH: string;
export declare const FIREFOX_PREFS: Record<string, string | number | boolean>;
export declare const MINIBROWSER: string;
export declare const WEBKIT_NO_WEBAUTHN: string;
export declare function miniBrowserCapabilities(binary?: string): {
  browserName: 'MiniBrowser';
  'wdio:enforceWebDriverClassic': true;
  'webkitgtk:browserOptions': { binary: string; args: string[] };
};
export interface RunningWebKitDriver {
  port: number;
  stderr(): string;
  stop(): Promise<void>;
}
export declare function startWebKitDriver(options?: {
  timeoutMs?: number;
  compositing?: boolean;
  reducedMotion?: boolean;
}): Promise<RunningWebKitDriver>;
