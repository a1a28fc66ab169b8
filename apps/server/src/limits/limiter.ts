import type { FastifyBaseLogger } from 'fastify';

/** At most `max` hits of one key in any `windowMs` (a sliding window). */
export interface LimitRule {
  max: number;
  windowMs: number;
}

/** A hit counted (`id` gives it back with `refund`), or refused until `retryAfterMs` from now. */
export type LimitTaken = { ok: true; id: string } | { ok: false; retryAfterMs: number };

/** Where the hits live: one process's memory, or Redis shared by every instance. */
export interface LimitStore {
  /** Counts a hit unless the window is full; atomic per key, so a burst gets exactly `max`. */
  take(key: string, rule: LimitRule): Promise<LimitTaken>;
  /** Forgets one counted hit (a try that turned out right). */
  refund(key: string, id: string): Promise<void>;
}

/**
 * Limits per user or per IP that no number of sockets, sessions or instances multiplies: room chat,
 * room password guesses per IP, PK invitations. One store per instance, chosen at start (Redis with
 * REDIS_URL, memory without). A store that fails (Redis down) lets the call through: a limit must
 * not take chat down with it.
 */
export class Limiter {
  constructor(
    private readonly store: LimitStore,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async take(key: string, rule: LimitRule): Promise<LimitTaken> {
    try {
      return await this.store.take(key, rule);
    } catch (err) {
      this.log.warn({ err, key }, 'limit store failed: the call goes through');
      return { ok: true, id: '' };
    }
  }

  async refund(key: string, taken: LimitTaken): Promise<void> {
    if (!taken.ok || !taken.id) return;
    try {
      await this.store.refund(key, taken.id);
    } catch (err) {
      this.log.warn({ err, key }, 'limit store failed to refund a hit');
    }
  }
}
