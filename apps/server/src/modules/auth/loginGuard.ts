import { ErrorCode } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { MINUTE, isoIn, nowIso } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import { loginGuardRepository as repo } from './loginGuard.repository.js';

/** 5 wrong passwords for an account within 15 minutes lock it for 15 minutes (issue 2 §8). */
export const LOGIN_GUARD = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE } as const;

const lockKey = (key: string) => `lock:${key}`;

/** Login backoff, counted in the database so every instance sees the same failures. */
export const loginGuard = {
  /** Refuses while the account is locked. */
  async assertOpen(db: Conn, key: string): Promise<void> {
    const locked = await repo.latest(db, lockKey(key));
    if (!locked) return;
    const until = Date.parse(locked) + LOGIN_GUARD.lockMs;
    if (until > Date.now()) {
      const minutes = Math.max(1, Math.ceil((until - Date.now()) / MINUTE));
      throw new BizError(ErrorCode.LOGIN_LOCKED, `密码错误次数过多，请${minutes}分钟后再试`);
    }
  },

  /** Records a failure; the fifth in the window (after the last lock) locks the account. Always throws. */
  async fail(db: Conn, key: string, ip: string | null): Promise<never> {
    const now = nowIso();
    await repo.record(db, key, ip, now);
    const lastLock = await repo.latest(db, lockKey(key));
    const windowStart = isoIn(-LOGIN_GUARD.windowMs);
    const since = lastLock && lastLock > windowStart ? lastLock : windowStart;
    const failures = await repo.countSince(db, key, since);
    if (failures >= LOGIN_GUARD.maxFailures) {
      await repo.record(db, lockKey(key), ip, now);
      throw new BizError(ErrorCode.LOGIN_LOCKED, `密码错误次数过多，请${LOGIN_GUARD.lockMs / MINUTE}分钟后再试`);
    }
    throw new BizError(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG, `账号或密码错误，还可尝试${LOGIN_GUARD.maxFailures - failures}次`);
  },

  /** A successful login or a password reset starts the count afresh. */
  clear: (db: Conn, key: string) => repo.clear(db, [key, lockKey(key)]),
};
