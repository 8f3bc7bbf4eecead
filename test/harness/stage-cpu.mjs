/**
 * The CPU a stage of `npm test` used, all its processes counted: a control group per stage where the
 * machine lets us make one (cgroup v1 `cpuacct`, or v2 with the `cpu` controller), because browsers
 * leave the process tree (MiniBrowser's and Firefox's processes are never waited for, so the shell's
 * `times` does not see them). Elsewhere `counted` is undefined and the caller keeps `times`.
 *
 * @example
 *   const account = stageCpu('firefox');
 *   spawn('sh', ['-c', `${account.join}"$@"`, …]); // every process the command starts is in the group
 *   account.counted(); // CPU milliseconds, or undefined
 *   account.remove();
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import path from 'node:path';

const V1 = '/sys/fs/cgroup/cpuacct';
const V2 = '/sys/fs/cgroup';

export function stageCpu(name) {
  const dir = makeGroup(`paykit-${process.pid}-${name}`);
  return {
    /** A shell prefix that moves the shell (and so what it starts) into the group; '' without one. */
    join: dir ? `echo $$ > '${path.join(dir, 'cgroup.procs')}' 2>/dev/null; ` : '',
    counted() {
      if (!dir) return undefined;
      try {
        if (existsSync(path.join(dir, 'cpuacct.usage')))
          return Number(readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e6;
        const usec = /usage_usec (\d+)/.exec(readFileSync(path.join(dir, 'cpu.stat'), 'utf8'))?.[1];
        return usec === undefined ? undefined : Number(usec) / 1000;
      } catch {
        return undefined;
      }
    },
    remove() {
      try {
        if (dir) rmdirSync(dir);
      } catch {
        // a process outlived its stage (it is still counted until it ends); the group goes with the machine
      }
    },
  };
}

function makeGroup(name) {
  for (const [root, probe] of [
    [V1, 'cpuacct.usage'],
    [V2, 'cpu.stat'],
  ]) {
    const dir = path.join(root, name);
    try {
      if (!existsSync(path.join(root, probe))) continue;
      mkdirSync(dir);
      if (existsSync(path.join(dir, probe))) return dir;
      rmdirSync(dir);
    } catch {
      // not ours to make here (no root, a read-only hierarchy): keep `times`
    }
  }
  return undefined;
}
