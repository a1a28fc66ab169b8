import type { Conn } from './database.js';

/** The SQL of leader leases: take or keep a lease only while it is free, run out, or ours. */
const leases = {
  /** Extends our lease, or takes one that ran out; true when we hold it afterwards. */
  async claim(db: Conn, name: string, holder: string, now: string, until: string): Promise<boolean> {
    await db
      .insertInto('leader_leases')
      .values({ name, holder, expires_at: until })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const r = await db
      .updateTable('leader_leases')
      .set({ holder, expires_at: until })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  release: (db: Conn, name: string, holder: string) => db.deleteFrom('leader_leases').where('name', '=', name).where('holder', '=', holder).execute(),
};

export interface LeaderLeaseOptions {
  /** How long a lease lasts without renewal; it is renewed every third of it. */
  leaseMs: number;
  /** Called when this instance becomes the leader, and when it stops being one. */
  onLead: () => void | Promise<void>;
  onLose: () => void | Promise<void>;
  onError: (err: unknown) => void;
  now?: () => number;
}

/**
 * A lease on one named duty in the database, so exactly one of several instances runs it. The
 * holder renews every third of the lease; a holder that cannot renew in time gives the duty up
 * before its lease runs out (so two never run it at once), and another instance takes it within one
 * lease's length of the holder's death.
 */
export class LeaderLease {
  private timer: NodeJS.Timeout | undefined;
  private leading = false;
  private heldUntil = 0;
  private stopped = false;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: () => Conn,
    readonly name: string,
    readonly holder: string,
    private readonly opts: LeaderLeaseOptions,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Tries at once, then every third of the lease. Resolves after the first try. */
  start(): Promise<void> {
    if (this.timer) return this.turn;
    this.timer = setInterval(() => void this.tick(), Math.max(100, Math.floor(this.opts.leaseMs / 3)));
    this.timer.unref();
    return this.tick();
  }

  private tick(): Promise<void> {
    this.turn = this.turn.then(() => this.attempt());
    return this.turn;
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    const now = this.opts.now?.() ?? Date.now();
    let held: boolean;
    try {
      held = await leases.claim(this.db(), this.name, this.holder, new Date(now).toISOString(), new Date(now + this.opts.leaseMs).toISOString());
      if (held) this.heldUntil = now + this.opts.leaseMs;
    } catch (err) {
      this.opts.onError(err);
      // The database is out of reach: keep leading only while the lease we wrote still holds.
      held = this.leading && (this.opts.now?.() ?? Date.now()) < this.heldUntil - this.opts.leaseMs / 3;
    }
    if (this.stopped) return;
    if (held && !this.leading) {
      this.leading = true;
      await this.call(this.opts.onLead);
    } else if (!held && this.leading) {
      this.leading = false;
      await this.call(this.opts.onLose);
    }
  }

  private async call(fn: () => void | Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.opts.onError(err);
    }
  }

  /** Stops trying; a leader stops its duty and gives the lease back so another takes it at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turn;
    if (!this.leading) return;
    this.leading = false;
    await this.call(this.opts.onLose);
    await leases.release(this.db(), this.name, this.holder).catch(this.opts.onError);
  }
}
