import type { Conn } from '../../db/database.js';
import type { CommentRow } from './forum.tables.js';
import { pageOf } from '../../db/paging.js';

export type NewComment = Omit<CommentRow, 'id' | 'like_count' | 'hidden_at' | 'flagged'> & { flagged?: number };

/** SQL for comments, replies and comment likes. */
export const commentRepository = {
  byId: (db: Conn, id: number) => db.selectFrom('forum_comments').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Reads the comment and holds its row until the transaction ends (see postRepository.lockById). */
  lockById: (db: Conn, id: number) =>
    db
      .updateTable('forum_comments')
      .set((eb) => ({ like_count: eb.ref('like_count') }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),

  insert: (db: Conn, row: NewComment) =>
    db
      .insertInto('forum_comments')
      .values({ ...row, like_count: 0 })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Top-level comments of a post, oldest first. */
  topLevel: async (db: Conn, postId: number, page: number, size: number) => {
    const base = db.selectFrom('forum_comments').where('post_id', '=', postId).where('parent_id', 'is', null).where('hidden_at', 'is', null);
    return pageOf(base, (q) => q.selectAll().orderBy('id'), page, size);
  },

  /** Every reply under these comments, oldest first. */
  repliesOf: async (db: Conn, parentIds: number[]) =>
    parentIds.length
      ? db.selectFrom('forum_comments').selectAll().where('parent_id', 'in', parentIds).where('hidden_at', 'is', null).orderBy('id').execute()
      : [],

  likedBy: async (db: Conn, userId: number, ids: number[]): Promise<Set<number>> => {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom('forum_comment_likes').select('comment_id').where('user_id', '=', userId).where('comment_id', 'in', ids).execute();
    return new Set(rows.map((r) => r.comment_id));
  },

  setLike: async (db: Conn, commentId: number, userId: number, like: boolean, at: string): Promise<boolean> => {
    if (like) {
      const r = await db
        .insertInto('forum_comment_likes')
        .values({ comment_id: commentId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const r = await db.deleteFrom('forum_comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  isLiked: async (db: Conn, commentId: number, userId: number) =>
    !!(await db.selectFrom('forum_comment_likes').select('comment_id').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst()),

  recountLikes: async (db: Conn, commentId: number): Promise<number> => {
    const r = await db
      .updateTable('forum_comments')
      .set({
        like_count: (eb) =>
          eb
            .selectFrom('forum_comment_likes')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('comment_id', '=', commentId),
      })
      .where('id', '=', commentId)
      .returning('like_count')
      .executeTakeFirst();
    return Number(r?.like_count ?? 0);
  },

  /** Deletes a comment with its replies, their likes and inbox entries (false: it was gone); the caller holds the post's row (postRepository.lockById) first. */
  removeThread: async (db: Conn, commentId: number) => {
    // Holds the thread's rows (a no-op write): a like on one of them in flight finishes before its rows are deleted.
    const ids = (
      await db
        .updateTable('forum_comments')
        .set((eb) => ({ like_count: eb.ref('like_count') }))
        .where((eb) => eb.or([eb('id', '=', commentId), eb('parent_id', '=', commentId)]))
        .returning('id')
        .execute()
    ).map((r) => r.id);
    // A concurrent delete got there first.
    if (!ids.includes(commentId)) return false;
    await db.deleteFrom('forum_comment_likes').where('comment_id', 'in', ids).execute();
    await db.deleteFrom('forum_inbox').where('comment_id', 'in', ids).execute();
    await db.deleteFrom('forum_comments').where('id', 'in', ids).execute();
    return true;
  },

  countSince: async (db: Conn, userId: number, since: string) =>
    Number(
      (
        await db
          .selectFrom('forum_comments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    ),
};
