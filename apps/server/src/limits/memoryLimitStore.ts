import type { LimitRule, LimitStore, LimitTaken } from './limiter.js';

interface Hits {
  windowMs: number;
  /** Hit times and ids, oldest first. */
  list: { at: number; id: string }[];
}

/** Keys looked at between sweeps of the keys nobody hit for a whole window. */
const SWEEP_EVERY = 1024;

/** The single-instance store: hits in this process's memory. */
export class MemoryLimitStore implements LimitStore {
  private readonly keys = new Map<string, Hits>();
  private seq = 0;

  async take(key: string, rule: LimitRule): Promise<LimitTaken> {
    const now = Date.now();
    if (++this.seq % SWEEP_EVERY === 0) this.sweep(now);
    let hits = this.keys.get(key);
    if (!hits) this.keys.set(key, (hits = { windowMs: rule.windowMs, list: [] }));
    hits.windowMs = rule.windowMs;
    while (hits.list.length > 0 && hits.list[0]!.at <= now - rule.windowMs) hits.list.shift();
    if (hits.list.length >= rule.max) return { ok: false, retryAfterMs: hits.list[0]!.at + rule.windowMs - now };
    const id = String(this.seq);
    hits.list.push({ at: now, id });
    return { ok: true, id };
  }

  async refund(key: string, id: string): Promise<void> {
    const hits = this.keys.get(key);
    if (hits) hits.list = hits.list.filter((h) => h.id !== id);
  }

  private sweep(now: number): void {
    for (const [key, hits] of this.keys) {
      const last = hits.list.at(-1);
      if (!last || last.at <= now - hits.windowMs) this.keys.delete(key);
    }
  }
}
