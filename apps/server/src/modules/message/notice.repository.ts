import type { Conn } from '../../db/database.js';
import { runCompiled } from '../../db/compiled.js';
import type { NoticeRow } from '../../db/schema.js';

type NewNotice = Pick<NoticeRow, 'user_id' | 'type' | 'title' | 'content' | 'created_at'>;

/** SQL for system notices. */
export const noticeRepository = {
  /** Runs on every user/info and unread-count request. */
  unreadCount: async (db: Conn, userId: number): Promise<number> => {
    const rows = await runCompiled(db, 'notice.unread', [userId], () =>
      db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .compile(),
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Highest unread notice id, 0 when none (compared with users.notice_seen_id for `isNew`). */
  maxUnreadId: async (db: Conn, userId: number): Promise<number> => {
    const r = await db
      .selectFrom('notices')
      .select((eb) => eb.fn.max<number | null>('id').as('m'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r?.m ?? 0);
  },

  page: async (db: Conn, userId: number, page: number, size: number): Promise<{ rows: NoticeRow[]; total: number }> => {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('notices')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Marks the user's notices read: the listed ids (others' ids are ignored) or all. */
  markRead: async (db: Conn, userId: number, ids: number[] | 'all', at: string): Promise<void> => {
    let q = db.updateTable('notices').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    await q.execute();
  },

  insertMany: async (db: Conn, rows: NewNotice[]): Promise<NoticeRow[]> =>
    rows.length === 0 ? [] : db.insertInto('notices').values(rows).returningAll().execute(),
};
