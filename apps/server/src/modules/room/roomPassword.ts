import { ErrorCode } from '@app/contract';
import type { Db } from '../../db/database.js';
import { MINUTE } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import type { Limiter, LimitRule } from '../../limits/limiter.js';
import { verifyPassword } from '../auth/password.js';
import { tryGuard, type TryRule } from '../auth/tryGuard.js';

/** 5 wrong room passwords per user and room within 10 minutes lock that user out of the room for 10 minutes. */
export const ROOM_PASSWORD_TRIES: TryRule = { maxFailures: 5, windowMs: 10 * MINUTE, lockMs: 10 * MINUTE };
/** Wrong room passwords per IP and room in any 10 minutes, whatever the number of users or guest sessions behind it. */
export const ROOM_PASSWORD_IP_TRIES: LimitRule = { max: 20, windowMs: 10 * MINUTE };

const locked = (untilMs: number) =>
  new BizError(ErrorCode.ROOM_PASSWORD_LOCKED, `房间密码错误次数过多，请${Math.max(1, Math.ceil((untilMs - Date.now()) / MINUTE))}分钟后再试`, {
    data: { until: new Date(untilMs).toISOString() },
  });

/**
 * Checks a room password, counting wrong ones per (user, room) in the database (tryGuard.ts), so
 * neither a new socket nor another instance starts the count afresh, and per (IP, room) in the
 * limiter, so neither do new guest sessions. Each try is counted before the password is checked (a
 * burst gets exactly its tries); a right one is given back to the IP and clears the user's count.
 */
export async function checkRoomPassword(
  deps: { db: Db; limits: Limiter },
  at: { roomId: number; userId: number; ip: string },
  password: string,
  hash: string,
): Promise<void> {
  const ipKey = `roompw:${at.roomId}:ip:${at.ip}`;
  const ipTry = await deps.limits.take(ipKey, ROOM_PASSWORD_IP_TRIES);
  if (!ipTry.ok) throw locked(Date.now() + ipTry.retryAfterMs);
  const key = `room:${at.roomId}:u:${at.userId}`;
  const taken = await tryGuard.take(deps.db, key, at.ip, ROOM_PASSWORD_TRIES);
  if ('lockedUntil' in taken) {
    await deps.limits.refund(ipKey, ipTry);
    throw locked(Date.parse(taken.lockedUntil));
  }
  if (await verifyPassword(password, hash)) {
    await deps.limits.refund(ipKey, ipTry);
    return void (await tryGuard.clear(deps.db.kysely, key));
  }
  if (taken.left === 0) throw locked(Date.now() + ROOM_PASSWORD_TRIES.lockMs);
  throw new BizError(ErrorCode.ROOM_PASSWORD_WRONG, `房间密码错误，还可尝试${taken.left}次`);
}
