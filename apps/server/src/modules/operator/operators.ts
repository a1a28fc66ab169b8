import { ErrorCode, type OperatorRole } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import { users } from '../user/users.js';
import { operatorRepository as repo } from './operator.repository.js';

/**
 * Who is an operator, with which console role: the one way the console (the owner) and the command
 * line change it. `users.role` says "operator" for the rest of the app; `operators.role` what of the
 * console they may use. Each call runs on the caller's connection or transaction.
 */
export const operators = {
  /** Gives a registered member a console role, or changes an operator's; the last owner keeps theirs. */
  async grant(db: Conn, userId: number, role: OperatorRole): Promise<void> {
    const user = await users.byId(db, userId);
    if (!user || user.is_guest) throw new BizError(ErrorCode.NOT_REGISTERED, '用户不存在或未注册');
    const now = nowIso();
    const current = await repo.byUser(db, userId);
    if (current?.role === 'owner' && role !== 'owner') await keepAnOwner(db);
    await repo.upsert(db, userId, role, now);
    if (user.role !== 'operator') await users.update(db, userId, { role: 'operator', updated_at: now });
  },

  /** Makes an operator a member again: their role, authenticator and recovery codes go. */
  async revoke(db: Conn, userId: number): Promise<void> {
    const current = await repo.byUser(db, userId);
    if (!current) throw new BizError(ErrorCode.NOT_FOUND, '该用户不是运营人员');
    if (current.role === 'owner') await keepAnOwner(db);
    await repo.deleteCodes(db, userId);
    await repo.forgetSessions(db, userId);
    await repo.remove(db, userId);
    await users.update(db, userId, { role: 'user', updated_at: nowIso() });
  },

  /** Removes an operator's authenticator and recovery codes; every console session of theirs signs in again. */
  async resetSecondFactor(db: Conn, userId: number): Promise<void> {
    const current = await repo.byUser(db, userId);
    if (!current) throw new BizError(ErrorCode.NOT_FOUND, '该用户不是运营人员');
    await repo.clearSecondFactor(db, userId, nowIso());
    await repo.deleteCodes(db, userId);
    await repo.forgetSessions(db, userId);
  },
};

async function keepAnOwner(db: Conn): Promise<void> {
  if ((await repo.countOwners(db)) <= 1) throw new BizError(ErrorCode.CONFLICT, '至少要保留一位所有者');
}
