import { ErrorCode, OPERATOR_ROLES, type OperatorRole } from '@app/contract';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { BizError } from '../http/errors.js';
import { users } from '../modules/user/users.js';
import { notices } from '../modules/message/notices.js';
import { operators } from '../modules/operator/operators.js';

const isRole = (r: string): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r);

async function registered(db: Db, mobile: string) {
  const user = await users.byMobile(db.kysely, mobile);
  if (!user) throw new BizError(ErrorCode.NOT_REGISTERED, `${mobile} 未注册：请先在应用里注册`);
  return user;
}

/** Makes a registered member an operator with a console role (`owner` unless named), or changes an operator's role. */
export async function addOperator(db: Db, mobile: string, role: string = 'owner'): Promise<{ id: number; nickname: string; role: OperatorRole }> {
  if (!isRole(role)) throw new BizError(ErrorCode.VALIDATION, `role: 应为 ${OPERATOR_ROLES.join('、')} 之一`);
  const user = await registered(db, mobile);
  await db.tx((trx) => operators.grant(trx, user.id, role));
  return { id: user.id, nickname: user.nickname, role };
}

/** Makes an operator a member again (`operator remove`), or removes their authenticator (`operator 2fa-reset`). */
export async function changeOperator(db: Db, mobile: string, change: 'remove' | '2fa-reset'): Promise<{ id: number; nickname: string }> {
  const user = await registered(db, mobile);
  await db.tx((trx) => (change === 'remove' ? operators.revoke(trx, user.id) : operators.resetSecondFactor(trx, user.id)));
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
