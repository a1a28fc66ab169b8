import { ErrorCode } from '@app/contract';
import type { Db } from '../../db/database.js';
import { MINUTE } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import { verifyPassword } from '../auth/password.js';
import { tryGuard, type TryRule } from '../auth/tryGuard.js';

/** 5 wrong room passwords per user and room within 10 minutes lock that user out of the room for 10 minutes. */
export const ROOM_PASSWORD_TRIES: TryRule = { maxFailures: 5, windowMs: 10 * MINUTE, lockMs: 10 * MINUTE };

const locked = (untilMs: number) =>
  new BizError(ErrorCode.ROOM_PASSWORD_LOCKED, `房间密码错误次数过多，请${Math.max(1, Math.ceil((untilMs - Date.now()) / MINUTE))}分钟后再试`, {
    data: { until: new Date(untilMs).toISOString() },
  });

/**
 * Checks a room password, counting wrong ones per (user, room) in the database (tryGuard.ts), so
 * neither a new socket nor another instance starts the count afresh.
 */
export async function checkRoomPassword(db: Db, roomId: number, userId: number, password: string, hash: string): Promise<void> {
  const key = `room:${roomId}:u:${userId}`;
  const taken = await tryGuard.take(db, key, null, ROOM_PASSWORD_TRIES);
  if ('lockedUntil' in taken) throw locked(Date.parse(taken.lockedUntil));
  if (await verifyPassword(password, hash)) return void (await tryGuard.clear(db.kysely, key));
  if (taken.left === 0) throw locked(Date.now() + ROOM_PASSWORD_TRIES.lockMs);
  throw new BizError(ErrorCode.ROOM_PASSWORD_WRONG, `房间密码错误，还可尝试${taken.left}次`);
}
