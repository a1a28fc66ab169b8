import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'node:http';

/** How long a stop waits for open requests before it closes their connections. */
export const DRAIN_MS = 5000;
/** A step of the stop that takes longer than this is logged while it runs. */
const SLOW_STEP_MS = 5000;

/**
 * The stop of one instance, step by step: which step it is in (a stop that hangs names it), each
 * step slower than SLOW_STEP_MS logged while it runs, and the HTTP drain bounded — connections still
 * busy DRAIN_MS after the stop began (a client not reading its answer) are closed, so the later
 * steps (the egress keeping its last segments, the database) still run.
 */
export class Shutdown {
  /** The step running now; `done` once every step ran. */
  current = 'not started';
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** The HTTP drain begins: idle keep-alive connections close as they go idle, busy ones after DRAIN_MS. */
  drain(server: Server): void {
    this.current = 'http drain';
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      this.log.warn({ drainMs: DRAIN_MS }, 'shutdown: requests still open after the drain period; closing their connections');
      server.closeAllConnections();
    }, DRAIN_MS);
    this.timers.push(sweep, deadline);
    for (const t of this.timers) t.unref();
    server.once('close', () => this.clearTimers());
  }

  private clearTimers(): void {
    for (const t of this.timers.splice(0)) clearTimeout(t);
  }

  async step(name: string, fn: () => unknown): Promise<void> {
    this.current = name;
    const started = Date.now();
    const slow = setInterval(() => this.log.warn({ step: name, ms: Date.now() - started }, 'shutdown: a step is slow'), SLOW_STEP_MS);
    try {
      await fn();
    } finally {
      clearInterval(slow);
    }
  }

  finished(): void {
    this.clearTimers();
    this.current = 'done';
  }
}
