import type { Conn } from '../../db/database.js';
import { runCompiled } from '../../db/compiled.js';
import type { InboxRow } from './forum.tables.js';
import { pageOf } from '../../db/paging.js';

/** SQL for the comment inbox ("comments on my posts / replies to me"). */
export const inboxRepository = {
  insert: (db: Conn, row: Omit<InboxRow, 'id' | 'read_at'>) =>
    db
      .insertInto('forum_inbox')
      .values({ ...row, read_at: null })
      .execute(),

  unreadCount: async (db: Conn, userId: number) =>
    Number(
      (
        await db
          .selectFrom('forum_inbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Unread comments of many users at once (a notice to many): one query. */
  unreadCounts: async (db: Conn, userIds: readonly number[]): Promise<Map<number, number>> => {
    const query = () =>
      db
        .selectFrom('forum_inbox')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', 'in', [...userIds])
        .where('read_at', 'is', null)
        .groupBy('user_id');
    // One user (every hall badge): compiled once; a list's SQL depends on its length.
    const rows = userIds.length === 1 ? await runCompiled(db, 'forumInbox.unreadCounts.one', userIds, () => query().compile()) : await query().execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  },

  page: async (db: Conn, userId: number, page: number, size: number) => {
    const base = db
      .selectFrom('forum_inbox')
      .innerJoin('forum_comments', 'forum_comments.id', 'forum_inbox.comment_id')
      .innerJoin('forum_posts', 'forum_posts.id', 'forum_inbox.post_id')
      .where('forum_inbox.user_id', '=', userId);
    return pageOf(
      base,
      (q) => q.selectAll('forum_inbox').select(['forum_comments.content', 'forum_posts.content as post_content']).orderBy('forum_inbox.id', 'desc'),
      page,
      size,
    );
  },

  markRead: async (db: Conn, userId: number, ids: number[] | 'all', at: string) => {
    let q = db.updateTable('forum_inbox').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    await q.execute();
  },

  remove: async (db: Conn, userId: number, ids: number[] | 'all') => {
    let q = db.deleteFrom('forum_inbox').where('user_id', '=', userId);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    await q.execute();
  },
};
