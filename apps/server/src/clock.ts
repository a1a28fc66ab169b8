/**
 * Time and timers as a dependency: the room grace period and its sweep read the time and set
 * timers through a Clock, so a test can move time on instead of waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  /** Runs `fn` once after `ms` without keeping the process alive; answers what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** The real time and Node's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after: (ms, fn) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return () => clearTimeout(t);
  },
};
