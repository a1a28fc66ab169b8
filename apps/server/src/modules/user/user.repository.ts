import type { Conn } from '../../db/database.js';
import type { NewUser, UserPatch, UserRow } from '../../db/schema.js';

/** SQL for users; callers pass the connection or transaction. */
export const userRepository = {
  byId: (db: Conn, id: number): Promise<UserRow | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  byUuid: (db: Conn, uuid: string): Promise<UserRow | undefined> => db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst(),

  byMobile: (db: Conn, mobile: string): Promise<UserRow | undefined> => db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst(),

  /** A member signs in with their mobile or their account name. */
  byLogin: (db: Conn, account: string): Promise<UserRow | undefined> =>
    db
      .selectFrom('users')
      .selectAll()
      .where('is_guest', '=', 0)
      .where((eb) => eb.or([eb('mobile', '=', account), eb('account', '=', account)]))
      .orderBy('id')
      .executeTakeFirst(),

  guestByDevice: (db: Conn, deviceId: string): Promise<UserRow | undefined> =>
    db.selectFrom('users').selectAll().where('device_id', '=', deviceId).where('is_guest', '=', 1).executeTakeFirst(),

  byInviteCode: (db: Conn, code: string): Promise<Pick<UserRow, 'id'> | undefined> =>
    db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst(),

  /** Whether another member already uses this nickname. */
  nicknameTaken: async (db: Conn, nickname: string, exceptId?: number): Promise<boolean> => {
    let q = db.selectFrom('users').select('id').where('nickname', '=', nickname).where('is_guest', '=', 0);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  inviteCodeExists: async (db: Conn, code: string): Promise<boolean> =>
    (await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst()) !== undefined,

  insert: async (db: Conn, user: NewUser): Promise<UserRow> => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),

  update: (db: Conn, id: number, patch: UserPatch) => db.updateTable('users').set(patch).where('id', '=', id).execute(),

  /** Every registered member's id, as a query (a notice to all is inserted from it in one statement). */
  memberIds: (db: Conn) => db.selectFrom('users').select('id').where('is_guest', '=', 0),
};
