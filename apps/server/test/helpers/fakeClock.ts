import type { Clock } from '../../src/clock.js';

/** A clock a test moves on by hand: `advance(ms)` jumps ahead and runs the timers that fall due, in order. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
}

/**
 * The real time plus what `advance` added, so times stored with it stay in step with those the
 * server stores by the real clock; its timers fire only on `advance`, never by themselves.
 */
export function fakeClock(): FakeClock {
  let offset = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const now = () => Date.now() + offset;
  return {
    now,
    after(ms, fn) {
      const id = ++seq;
      timers.set(id, { at: now() + ms, fn });
      return () => void timers.delete(id);
    },
    advance(ms) {
      offset += ms;
      const end = now();
      for (;;) {
        const [id, due] = [...timers].filter(([, t]) => t.at <= end).sort(([ia, a], [ib, b]) => a.at - b.at || ia - ib)[0] ?? [];
        if (id === undefined || !due) break;
        timers.delete(id);
        due.fn();
      }
    },
  };
}
