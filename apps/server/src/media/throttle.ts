/**
 * Keyframe requests to a publisher, at most one per interval, with a trailing request: a viewer who
 * asks inside the window is served by a request at the window's end, not by the next join
 * (measured: without the trailing retry such a viewer waited for someone else to join).
 */
export class TrailingThrottle {
  private last = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly fire: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  request(): void {
    const wait = this.last + this.intervalMs - this.now();
    if (wait <= 0) {
      this.run();
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.run(), wait);
      this.timer.unref?.();
    }
  }

  private run(): void {
    this.timer = undefined;
    this.last = this.now();
    this.fire();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
