import { ErrorCode } from '@app/contract';
import type { Conn, Db } from '../../db/database.js';
import { MINUTE } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import { tryGuard, type TryRule } from './tryGuard.js';

/** 5 wrong passwords for an account within 15 minutes lock it for 15 minutes (issue 2 §8). */
export const LOGIN_GUARD: TryRule = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

const locked = (untilMs: number) =>
  new BizError(ErrorCode.LOGIN_LOCKED, `密码错误次数过多，请${Math.max(1, Math.ceil((untilMs - Date.now()) / MINUTE))}分钟后再试`);

/** Login backoff per account (tryGuard.ts: counted in the database, taken before the hash is checked). */
export const loginGuard = {
  /** Takes one try, or refuses while the account is locked; answers the tries left should it fail. */
  async take(db: Db, key: string, ip: string | null): Promise<number> {
    const taken = await tryGuard.take(db, key, ip, LOGIN_GUARD);
    if ('lockedUntil' in taken) throw locked(Date.parse(taken.lockedUntil));
    return taken.left;
  },

  /** The answer to a wrong password whose try left `left` tries (the last one locked the account). */
  failed(left: number): never {
    if (left === 0) throw locked(Date.now() + LOGIN_GUARD.lockMs);
    throw new BizError(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG, `账号或密码错误，还可尝试${left}次`);
  },

  /** A successful login or a password reset starts the count afresh. */
  clear: (db: Conn, key: string) => tryGuard.clear(db, key),
};
