/** /dev/shm when it has 2 GiB free, else `os.tmpdir()` (see scratch-root.mjs). */
export function scratchRoot(): string;
