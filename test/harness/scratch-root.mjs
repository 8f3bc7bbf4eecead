/**
 * Where a test puts a large temporary install outside the monorepo: the machine's tmpfs (/dev/shm) when
 * it has room (2 GiB free; a container's is often 64 MB), else the temporary directory. An npm install
 * writes thousands of files, which cost less CPU in memory than on a disk's file system: the adopters'
 * install (about 190 MB), A/B twice on the 2-core machine, 20.6 and 25.0 s of CPU into /tmp (ext4), 16.3
 * and 18.3 s into /dev/shm; removing it afterwards took 6.8 s of wall on ext4 and 0.2 s on tmpfs.
 *
 * @example
 *   const work = mkdtempSync(join(scratchRoot(), 'paykit-adopters-'));
 */
import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** /dev/shm when it has 2 GiB free, else `os.tmpdir()`. */
export function scratchRoot() {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 2 ** 31) return '/dev/shm';
  } catch {
    // no /dev/shm (macOS): the temporary directory
  }
  return tmpdir();
}
