import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { containsPattern, likeCol } from '../../db/like.js';
import type { PostRow } from './forum.tables.js';

export type NewPost = Omit<PostRow, 'id' | 'like_count' | 'comment_count' | 'hidden_at' | 'flagged'> & { flagged?: number };

/** What a feed query filters on. */
export interface FeedFilter {
  cate_id?: number | undefined;
  tag_id?: number | undefined;
  activity_id?: number | undefined;
  user_ids?: number[] | undefined;
  /** Only authors this user follows (the social feature's follows). */
  followed_by?: number | undefined;
}

/** Hot = engagement (a comment weighs more than a like); ties newest first. */
const HOT_SCORE = sql<number>`(forum_posts.like_count * 2 + forum_posts.comment_count * 3 + 1)`;

/** SQL for posts, their topics and likes. */
export const postRepository = {
  byId: (db: Conn, id: number) => db.selectFrom('forum_posts').selectAll().where('id', '=', id).executeTakeFirst(),

  /**
   * Reads the post and holds its row until the transaction ends (a no-op write): concurrent likes or
   * comments on one post then run one after another, so on PostgreSQL each recount sees the last
   * one's rows (READ COMMITTED gives a statement that waited for a row lock its older snapshot).
   */
  lockById: (db: Conn, id: number) =>
    db
      .updateTable('forum_posts')
      .set((eb) => ({ like_count: eb.ref('like_count') }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),

  insert: (db: Conn, row: NewPost) =>
    db
      .insertInto('forum_posts')
      .values({ ...row, like_count: 0, comment_count: 0 })
      .returningAll()
      .executeTakeFirstOrThrow(),

  addTags: async (db: Conn, postId: number, tagIds: number[]) => {
    if (tagIds.length)
      await db
        .insertInto('forum_post_tags')
        .values(tagIds.map((tag_id) => ({ post_id: postId, tag_id })))
        .execute();
  },

  /** Topic names of these posts, by post id. */
  tagsOf: async (db: Conn, postIds: number[]) => {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!postIds.length) return out;
    const rows = await db
      .selectFrom('forum_post_tags')
      .innerJoin('forum_tags', 'forum_tags.id', 'forum_post_tags.tag_id')
      .select(['forum_post_tags.post_id', 'forum_tags.id', 'forum_tags.name'])
      .where('forum_post_tags.post_id', 'in', postIds)
      .orderBy('forum_tags.id')
      .execute();
    for (const r of rows) out.set(r.post_id, [...(out.get(r.post_id) ?? []), { id: r.id, name: r.name }]);
    return out;
  },

  /** Which of these posts the user likes. */
  likedBy: async (db: Conn, userId: number, postIds: number[]): Promise<Set<number>> => {
    if (!postIds.length) return new Set();
    const rows = await db.selectFrom('forum_post_likes').select('post_id').where('user_id', '=', userId).where('post_id', 'in', postIds).execute();
    return new Set(rows.map((r) => r.post_id));
  },

  /** Newest first, below the cursor id (stable while new posts arrive). */
  latest: (db: Conn, f: FeedFilter, beforeId: number | undefined, size: number) =>
    filtered(db, f)
      .$if(beforeId !== undefined, (q) => q.where('forum_posts.id', '<', beforeId!))
      .orderBy('forum_posts.id', 'desc')
      .limit(size)
      .execute(),

  /** Most engaging first; offset paging (the order itself moves as people like). */
  hot: (db: Conn, f: FeedFilter, offset: number, size: number) =>
    filtered(db, f).orderBy(HOT_SCORE, 'desc').orderBy('forum_posts.id', 'desc').limit(size).offset(offset).execute(),

  search: (db: Conn, keyword: string, offset: number, size: number) =>
    db
      .selectFrom('forum_posts')
      .selectAll('forum_posts')
      .where(likeCol('forum_posts.content', containsPattern(keyword)))
      .where('forum_posts.hidden_at', 'is', null)
      .orderBy('forum_posts.id', 'desc')
      .limit(size)
      .offset(offset)
      .execute(),

  /** Sets the like; answers whether a row changed. */
  setLike: async (db: Conn, postId: number, userId: number, like: boolean, at: string): Promise<boolean> => {
    if (like) {
      const r = await db
        .insertInto('forum_post_likes')
        .values({ post_id: postId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const r = await db.deleteFrom('forum_post_likes').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  isLiked: async (db: Conn, postId: number, userId: number) =>
    !!(await db.selectFrom('forum_post_likes').select('post_id').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst()),

  /** Recounts the like counter from the like rows (the counter can never drift or go negative). */
  recountLikes: async (db: Conn, postId: number): Promise<number> => {
    const r = await db
      .updateTable('forum_posts')
      .set({
        like_count: (eb) =>
          eb
            .selectFrom('forum_post_likes')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('post_id', '=', postId),
      })
      .where('id', '=', postId)
      .returning('like_count')
      .executeTakeFirst();
    return Number(r?.like_count ?? 0);
  },

  recountComments: async (db: Conn, postId: number): Promise<number> => {
    const r = await db
      .updateTable('forum_posts')
      .set({
        comment_count: (eb) =>
          eb
            .selectFrom('forum_comments')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('post_id', '=', postId),
      })
      .where('id', '=', postId)
      .returning('comment_count')
      .executeTakeFirst();
    return Number(r?.comment_count ?? 0);
  },

  /** Deletes a post and what hangs on it; the caller holds the post's row (lockById) first. */
  remove: async (db: Conn, postId: number) => {
    // Hold its comments too: a like on one of them in flight finishes before its rows are deleted.
    await db
      .updateTable('forum_comments')
      .set((eb) => ({ like_count: eb.ref('like_count') }))
      .where('post_id', '=', postId)
      .execute();
    const commentIds = db.selectFrom('forum_comments').select('id').where('post_id', '=', postId);
    await db.deleteFrom('forum_comment_likes').where('comment_id', 'in', commentIds).execute();
    await db.deleteFrom('forum_inbox').where('post_id', '=', postId).execute();
    await db.deleteFrom('forum_comments').where('post_id', '=', postId).execute();
    await db.deleteFrom('forum_post_likes').where('post_id', '=', postId).execute();
    await db.deleteFrom('forum_post_tags').where('post_id', '=', postId).execute();
    await db.deleteFrom('forum_posts').where('id', '=', postId).execute();
  },

  /** Posts the user created since `since` (the per-user posting limit). */
  countSince: async (db: Conn, userId: number, since: string) =>
    Number(
      (
        await db
          .selectFrom('forum_posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    ),
};

function filtered(db: Conn, f: FeedFilter) {
  return db
    .selectFrom('forum_posts')
    .selectAll('forum_posts')
    .where('forum_posts.hidden_at', 'is', null)
    .$if(f.cate_id !== undefined, (q) => q.where('forum_posts.cate_id', '=', f.cate_id!))
    .$if(f.activity_id !== undefined, (q) => q.where('forum_posts.activity_id', '=', f.activity_id!))
    .$if(f.user_ids !== undefined, (q) => q.where('forum_posts.user_id', 'in', f.user_ids!.length ? f.user_ids! : [0]))
    .$if(f.followed_by !== undefined, (q) =>
      q.where('forum_posts.user_id', 'in', db.selectFrom('follows').select('followee_id').where('follower_id', '=', f.followed_by!)),
    )
    .$if(f.tag_id !== undefined, (q) => q.where('forum_posts.id', 'in', db.selectFrom('forum_post_tags').select('post_id').where('tag_id', '=', f.tag_id!)));
}
