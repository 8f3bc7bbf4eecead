/**
 * Holds the page's long timers so a test fires them when it chooses instead of waiting for them in real
 * time: an element's refresh or retry timer of a second or two can take several under load, and a test that
 * waits for it with a deadline is then flaky. Timers shorter than `minMs` (`until`'s polling, debounces,
 * Lit's scheduling) run as usual. Call `restore()` in a `finally`.
 *
 * @example
 *   const timers = holdTimers(1000);
 *   try {
 *     await until(() => timers.delays().some((ms) => ms >= 9000), 'the refresh planned');
 *     timers.fire((ms) => ms >= 9000);
 *   } finally {
 *     timers.restore();
 *   }
 */
export interface HeldTimers {
  /** The delays (ms) of the timers held and not yet fired or cleared, in the order they were set. */
  delays(): number[];
  /** Runs the first held timer whose delay `which` accepts (or equals); throws when there is none. */
  fire(which: number | ((delayMs: number) => boolean)): void;
  /** Puts the page's own `setTimeout` and `clearTimeout` back and forgets what is held. */
  restore(): void;
}

export function holdTimers(minMs: number): HeldTimers {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const held = new Map<number, { delay: number; run: () => void }>();
  // far above the browser's own ids, so a held id never names a real timer
  let nextId = 1_000_000_000;
  globalThis.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
    if (typeof handler !== 'function' || delay < minMs) return realSet(handler, delay, ...args);
    const id = nextId++;
    held.set(id, { delay, run: () => (handler as (...a: unknown[]) => void)(...args) });
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    if (id === undefined || !held.delete(id)) realClear(id);
  }) as typeof clearTimeout;
  return {
    delays: () => [...held.values()].map(({ delay }) => delay),
    fire(which) {
      const accepts = typeof which === 'number' ? (delay: number) => delay === which : which;
      for (const [id, timer] of held) {
        if (!accepts(timer.delay)) continue;
        held.delete(id);
        timer.run();
        return;
      }
      throw new Error(
        `no held timer matches (held: ${[...held.values()].map((t) => `${t.delay} ms`).join(', ') || 'none'})`,
      );
    },
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
      held.clear();
    },
  };
}
