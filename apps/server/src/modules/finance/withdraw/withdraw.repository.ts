import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { WithdrawalsTable } from '../finance.tables.js';
import { pageOf } from '../../../db/paging.js';

export type WithdrawalRow = Selectable<WithdrawalsTable>;
type Status = WithdrawalRow['status'];

/** SQL of withdrawals. */
export const withdrawRepository = {
  insert: (db: Conn, r: Omit<WithdrawalRow, 'id'>): Promise<WithdrawalRow> => db.insertInto('withdrawals').values(r).returningAll().executeTakeFirstOrThrow(),

  byKey: (db: Conn, key: string) => db.selectFrom('withdrawals').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  byId: (db: Conn, id: number) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst(),

  /** pending → approved / rejected, for exactly one caller. Answers the row when this call moved it. */
  review: (db: Conn, id: number, to: Exclude<Status, 'pending'>, reviewerId: number | null, reason: string, at: string) =>
    db
      .updateTable('withdrawals')
      .set({ status: to, reviewer_id: reviewerId, reason, reviewed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst(),

  page: async (
    db: Conn,
    f: { userId?: number | undefined; id?: number | undefined; status?: Status | undefined },
    order: 'asc' | 'desc',
    page: number,
    size: number,
  ) => {
    let q = db.selectFrom('withdrawals');
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.id !== undefined) q = q.where('id', '=', f.id);
    if (f.status) q = q.where('status', '=', f.status);
    return pageOf(q, (q) => q.selectAll().orderBy('id', order), page, size);
  },

  /** The withdrawal rules operators set (rows of the settings table under these keys). */
  rules: (db: Conn, keys: string[]) => db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute(),

  saveRules: async (db: Conn, values: Record<string, string>): Promise<void> => {
    for (const [key, value] of Object.entries(values)) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  },
};
