import type { Conn, Db } from '../../db/database.js';
import { xactLock } from '../../db/locks.js';
import { nowIso } from '../../db/time.js';
import { loginGuardRepository as repo } from './loginGuard.repository.js';

/** How many wrong secrets a key may send in a window, and how long it is locked out after the last one. */
export interface TryRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** A try taken (`left`: tries left should it fail; 0 = it was the last) or a refusal until a time. */
export type TryTaken = { left: number } | { lockedUntil: string };

const lockKey = (key: string) => `lock:${key}`;

/**
 * Counts tries of a secret (a login password, a room password) per key in the database, so every
 * instance sees the same count. A try is taken and recorded as a failure BEFORE the secret is
 * checked, under a lock on the key (PostgreSQL advisory lock; SQLite write transactions are
 * serial), so a burst sent at once gets exactly `maxFailures` checks and each its own count; the
 * last allowed try writes the lock-out at once. A right secret then clears the key.
 */
export const tryGuard = {
  take(db: Db, key: string, ip: string | null, rule: TryRule): Promise<TryTaken> {
    return db.tx(async (trx) => {
      await xactLock(trx, db.dialect, `try:${key}`);
      const nowMs = Date.now();
      const lastLock = await repo.latest(trx, lockKey(key));
      if (lastLock && Date.parse(lastLock) + rule.lockMs > nowMs) {
        return { lockedUntil: new Date(Date.parse(lastLock) + rule.lockMs).toISOString() };
      }
      const windowStart = new Date(nowMs - rule.windowMs).toISOString();
      const since = lastLock && lastLock > windowStart ? lastLock : windowStart;
      const earlier = await repo.countSince(trx, key, since);
      const now = nowIso();
      await repo.record(trx, key, ip, now);
      const left = Math.max(0, rule.maxFailures - earlier - 1);
      if (left === 0) await repo.record(trx, lockKey(key), ip, now);
      return { left };
    });
  },

  /** The right secret (or a password reset) starts the count afresh. */
  clear: (db: Conn, key: string) => repo.clear(db, [key, lockKey(key)]),
};
