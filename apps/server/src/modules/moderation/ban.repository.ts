import type { Conn } from '../../db/database.js';
import type { BanRow, UserBansTable } from './moderation.tables.js';

type Scope = UserBansTable['scope'];

/** SQL for timed bans: a ban is in force while `until` is ahead and it was not lifted. */
export const banRepository = {
  /** The ban of this scope that lasts longest among those in force, if any. */
  active: (db: Conn, userId: number, scope: Scope, now: string): Promise<BanRow | undefined> =>
    db
      .selectFrom('user_bans')
      .selectAll()
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('until', '>', now)
      .where('lifted_at', 'is', null)
      .orderBy('until', 'desc')
      .executeTakeFirst(),

  /** Every ban in force of these users. */
  activeOf: async (db: Conn, userIds: number[], now: string): Promise<BanRow[]> =>
    userIds.length
      ? db.selectFrom('user_bans').selectAll().where('user_id', 'in', userIds).where('until', '>', now).where('lifted_at', 'is', null).orderBy('id').execute()
      : [],

  insert: (db: Conn, row: Omit<BanRow, 'id' | 'lifted_at'>) =>
    db
      .insertInto('user_bans')
      .values({ ...row, lifted_at: null })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Lifts the user's bans of a scope in force now; answers how many. */
  lift: async (db: Conn, userId: number, scope: Scope, now: string): Promise<number> => {
    const r = await db
      .updateTable('user_bans')
      .set({ lifted_at: now })
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('until', '>', now)
      .where('lifted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};
