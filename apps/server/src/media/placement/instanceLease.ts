import { randomUUID } from 'node:crypto';
import type { Conn } from '../../db/database.js';
import { instanceRepository as repo } from './instance.repository.js';

/**
 * This process's lease in `server_instances`: refreshed every third of `leaseMs` while it runs. An
 * instance whose lease ran out is gone (crashed, killed, cut off), so what it hosted (the anchor
 * streams of its SFU) can be taken for gone by the instances still alive. A process that stops
 * refreshing in time (an event loop blocked for a whole lease) is taken for gone too, and its
 * rooms show "the anchor has left" until its next refresh and the anchor's next publish.
 */
export class InstanceLease {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  /** Resolves once the lease is written (the sweep waits for it). */
  readonly ready: Promise<void>;
  /** The origin of this instance's media routes while it bridges Janus rooms' signalling; written with each refresh. */
  private mediaUrl: string | null = null;
  private readonly refresh: () => Promise<void>;

  constructor(
    private readonly db: () => Conn,
    readonly leaseMs: number,
    onError: (err: unknown) => void,
  ) {
    this.refresh = async () => {
      try {
        await repo.touch(this.db(), this.id, new Date().toISOString(), this.mediaUrl);
      } catch (err) {
        onError(err);
      }
    };
    this.ready = this.refresh();
    this.timer = setInterval(() => void this.refresh(), Math.max(250, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  /**
   * This instance bridges Janus rooms at `url` (the media role on Janus): said in its lease now and
   * with every refresh, so rooms are placed on it, and placed again elsewhere when its lease runs out.
   */
  async bridge(url: string): Promise<void> {
    this.mediaUrl = url;
    await this.ready;
    await this.refresh();
  }

  /** Instances alive now (this one included). */
  async alive(): Promise<Set<string>> {
    await this.ready;
    const now = Date.now();
    // Leases dead for ten times their length are only history.
    await repo.removeBefore(this.db(), new Date(now - 10 * this.leaseMs).toISOString());
    const ids = await repo.aliveSince(this.db(), new Date(now - this.leaseMs).toISOString());
    return ids.add(this.id);
  }

  /** Clean stop: the lease is given back at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ready;
    await repo.remove(this.db(), this.id);
  }
}
