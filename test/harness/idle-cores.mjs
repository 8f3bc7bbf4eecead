/**
 * How many cores the whole machine left idle lately, from the kernel's CPU counters (/proc/stat): what
 * lets `npm test` start one stage more than it has cores while its running stages wait (a browser test's
 * timers, a page load, an install) instead of computing. Undefined where /proc/stat does not exist.
 *
 * @example
 *   const idle = idleCoresSampler();
 *   setInterval(() => console.log(idle.sample()), 2000); // cores idle since the previous sample, e.g. 0.9
 */
import { existsSync, readFileSync } from 'node:fs';

const STAT = '/proc/stat';

/** Reads the aggregate `cpu` line: idle (idle + iowait) and total jiffies, summed over every core. */
function readCounters() {
  const line = readFileSync(STAT, 'utf8').split('\n', 1)[0];
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { idle: fields[3] + (fields[4] ?? 0), total };
}

/**
 * A sampler whose `sample()` answers the cores left idle since its previous call (0 to the number of
 * cores), or undefined where the machine has no /proc/stat.
 */
export function idleCoresSampler(cores) {
  if (!existsSync(STAT)) return { sample: () => undefined };
  let previous = readCounters();
  return {
    sample() {
      const now = readCounters();
      const total = now.total - previous.total;
      const idle = now.idle - previous.idle;
      previous = now;
      return total > 0 ? (cores * idle) / total : undefined;
    },
  };
}
