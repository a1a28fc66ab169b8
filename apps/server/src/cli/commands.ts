import { ErrorCode } from '@app/contract';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { BizError } from '../http/errors.js';
import { users } from '../modules/user/users.js';
import { notices } from '../modules/message/notices.js';

/** Makes a registered member an operator. */
export async function addOperator(db: Db, mobile: string): Promise<{ id: number; nickname: string }> {
  const user = await users.byMobile(db.kysely, mobile);
  if (!user) throw new BizError(ErrorCode.NOT_REGISTERED, `${mobile} 未注册：请先在应用里注册`);
  await users.update(db.kysely, user.id, { role: 'operator', updated_at: nowIso() });
  return { id: user.id, nickname: user.nickname };
}

/**
 * Writes a system notice for one member and queues it for the running server, which pushes it to
 * the member's open sockets within a second, as the admin API does (decision 0180).
 */
export async function addNotice(db: Db, mobile: string, title: string, content: string): Promise<{ id: number }> {
  const user = await users.byMobile(db.kysely, mobile);
  if (!user) throw new BizError(ErrorCode.NOT_REGISTERED, `${mobile} 未注册`);
  const at = nowIso();
  return db.tx(async (conn) => {
    const [row] = await notices.insertMany(conn, [{ user_id: user.id, type: 'system', title, content, created_at: at }]);
    await notices.queuePush(conn, [row!.id], at);
    return { id: row!.id };
  });
}
