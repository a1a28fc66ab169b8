import { systemClock, type Clock } from './clock.js';

/**
 * The real time moved on by what the development-only `dev/clock` call added, with Node's timers:
 * a local run or a browser test lets scheduled work (preview reminders) fall due without waiting.
 * Only an instance serving the dev routes has it; production runs the system clock.
 */
export class ShiftedClock implements Clock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  after(ms: number, fn: () => void): () => void {
    return systemClock.after(ms, fn);
  }

  /** Moves the clock on by `ms`; answers the new time. */
  advance(ms: number): number {
    this.offset += ms;
    return this.now();
  }
}
