import { sql, type SelectQueryBuilder } from 'kysely';
import type { Conn } from '../../db/database.js';
import { runCompiled } from '../../db/compiled.js';
import type { Database, NoticeRow } from '../../db/schema.js';
import { pageOf } from '../../db/paging.js';

type NewNotice = Pick<NoticeRow, 'user_id' | 'type' | 'title' | 'content' | 'created_at'> & { kind?: string; params?: string };

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

  /** Unread notices of many users at once (a notice to many): one query. */
  unreadCounts: async (db: Conn, userIds: readonly number[]): Promise<Map<number, number>> => {
    const rows = await db
      .selectFrom('notices')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', [...userIds])
      .where('read_at', 'is', null)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  },

  /** A user's unread notices and the highest unread id (0 when none), in one statement: the hall's `getUnreadCount`. */
  unreadSummary: async (db: Conn, userId: number): Promise<{ count: number; newest: number }> => {
    const rows = await runCompiled(db, 'notice.unreadSummary', [userId], () =>
      db
        .selectFrom('notices')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('id').as('m')])
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .compile(),
    );
    return { count: Number(rows[0]?.n ?? 0), newest: Number(rows[0]?.m ?? 0) };
  },

  page: (db: Conn, userId: number, page: number, size: number): Promise<{ rows: NoticeRow[]; total: number }> =>
    pageOf(db.selectFrom('notices').where('user_id', '=', userId), (q) => q.selectAll().orderBy('id', 'desc'), page, size),

  /** Marks the user's notices read: the listed ids (others' ids are ignored) or all. */
  markRead: async (db: Conn, userId: number, ids: number[] | 'all', at: string): Promise<void> => {
    let q = db.updateTable('notices').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    await q.execute();
  },

  insertMany: async (db: Conn, rows: NewNotice[]): Promise<NoticeRow[]> =>
    rows.length === 0 ? [] : db.insertInto('notices').values(rows).returningAll().execute(),

  /** Leaves these notices for the server to push (written by a process without a hall). */
  queuePush: async (db: Conn, noticeIds: readonly number[], at: string): Promise<void> => {
    if (noticeIds.length > 0)
      await db
        .insertInto('notice_pushes')
        .values(noticeIds.map((notice_id) => ({ notice_id, created_at: at })))
        .execute();
  },

  /**
   * Takes up to `limit` queued notices: their rows are deleted in the same transaction, so each is
   * pushed at most once (the notice itself stays, and is counted as unread either way).
   */
  takeQueued: async (db: Conn, limit: number): Promise<NoticeRow[]> => {
    const rows = await db
      .selectFrom('notice_pushes as q')
      .innerJoin('notices as n', 'n.id', 'q.notice_id')
      .selectAll('n')
      .orderBy('q.notice_id')
      .limit(limit)
      .execute();
    // A queued notice that is gone (its user deleted) leaves its row: clear those too.
    const stale = await db
      .selectFrom('notice_pushes as q')
      .leftJoin('notices as n', 'n.id', 'q.notice_id')
      .select('q.notice_id')
      .where('n.id', 'is', null)
      .execute();
    const ids = [...rows.map((r) => r.id), ...stale.map((r) => r.notice_id)];
    if (ids.length > 0) await db.deleteFrom('notice_pushes').where('notice_id', 'in', ids).execute();
    return rows;
  },

  /**
   * One notice to each user the query names, in one INSERT … SELECT (a notice to every member:
   * nothing per member crosses into the server): how many were written.
   */
  insertFor: async (db: Conn, recipients: SelectQueryBuilder<Database, 'users', { id: number }>, n: Omit<NewNotice, 'user_id'>): Promise<number> => {
    const text = (v: string) => sql<string>`cast(${v} as text)`;
    const r = await db
      .insertInto('notices')
      .columns(['user_id', 'type', 'title', 'content', 'created_at', 'kind', 'params'])
      .expression(
        db
          .selectFrom(recipients.as('r'))
          .select([
            'r.id',
            text(n.type).as('type'),
            text(n.title).as('title'),
            text(n.content).as('content'),
            text(n.created_at).as('created_at'),
            text(n.kind ?? '').as('kind'),
            text(n.params ?? '{}').as('params'),
          ]),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  },
};
