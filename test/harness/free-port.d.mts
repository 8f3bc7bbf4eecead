/** A TCP port that is free on 127.0.0.1 now (see free-port.mjs). */
export function freePort(): Promise<number>;
