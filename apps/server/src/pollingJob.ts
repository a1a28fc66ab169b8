import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './worker.js';

/**
 * A worker job that runs a round at start and then every `everyMs`, never two rounds at once
 * (a round still running skips the tick); `stop` waits for the running round. A round reads
 * `running()` to stop early. The queues in the database (webhook deliveries, pushes) drain this way.
 */
export class PollingJob implements Job {
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;

  constructor(
    readonly name: string,
    private readonly everyMs: number,
    private readonly round: (running: () => boolean) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.poll(), this.everyMs);
    this.timer.unref();
    this.poll();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.busy;
  }

  private poll(): void {
    if (this.busy) return;
    this.busy = this.round(() => this.timer !== undefined)
      .catch((err: unknown) => this.log.warn({ err }, `${this.name}: round failed`))
      .finally(() => (this.busy = undefined));
  }
}
