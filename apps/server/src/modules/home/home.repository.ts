import type { Conn } from '../../db/database.js';
import type { BulletinRow } from '../../db/schema.js';
import { pageOf } from '../../db/paging.js';

/** SQL for bulletins and ad clicks. */
export const homeRepository = {
  bulletinPage: (db: Conn, page: number, size: number): Promise<{ rows: BulletinRow[]; total: number }> =>
    pageOf(db.selectFrom('bulletins'), (q) => q.selectAll().orderBy('pinned', 'desc').orderBy('id', 'desc'), page, size),

  insertBulletins: async (db: Conn, rows: Omit<BulletinRow, 'id'>[]): Promise<void> => {
    await db.insertInto('bulletins').values(rows).execute();
  },

  bulletinById: (db: Conn, id: number) => db.selectFrom('bulletins').selectAll().where('id', '=', id).executeTakeFirst(),

  insertBulletin: (db: Conn, row: Omit<BulletinRow, 'id'>) => db.insertInto('bulletins').values(row).returningAll().executeTakeFirstOrThrow(),

  insertAdClick: (db: Conn, row: { ad_id: number; source: string; user_id: number | null; ip: string | null; created_at: string }) =>
    db.insertInto('ad_clicks').values(row).execute(),
};
