import type { Conn } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';

/** SQL for follows; callers pass the connection or transaction. */
export const socialRepository = {
  /** Adds the follow; a second call changes nothing. Returns whether a row was added. */
  follow: async (db: Conn, followerId: number, followeeId: number, at: string): Promise<boolean> => {
    const r = await db
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Removes the follow; returns whether a row was removed. */
  unfollow: async (db: Conn, followerId: number, followeeId: number): Promise<boolean> => {
    const r = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /**
   * Moves both counters of one follow (+1 on follow, -1 on unfollow), in the follow's transaction.
   * The two user rows are written in id order, so A following B while B follows A cannot deadlock.
   */
  bumpCounts: async (db: Conn, followerId: number, followeeId: number, delta: 1 | -1): Promise<void> => {
    const bumps = [
      () =>
        db
          .updateTable('users')
          .set((eb) => ({ follow_count: eb('follow_count', '+', delta) }))
          .where('id', '=', followerId)
          .execute(),
      () =>
        db
          .updateTable('users')
          .set((eb) => ({ fans_count: eb('fans_count', '+', delta) }))
          .where('id', '=', followeeId)
          .execute(),
    ];
    for (const bump of followerId < followeeId ? bumps : bumps.reverse()) await bump();
  },

  counts: async (db: Conn, userId: number): Promise<{ follow_count: number; fans_count: number }> => {
    const r = await db.selectFrom('users').select(['follow_count', 'fans_count']).where('id', '=', userId).executeTakeFirst();
    return { follow_count: Number(r?.follow_count ?? 0), fans_count: Number(r?.fans_count ?? 0) };
  },

  /** Whether `userId` blocked `otherId` in chat (chat_members.blocked). */
  hasBlocked: async (db: Conn, userId: number, otherId: number): Promise<boolean> => {
    const r = await db.selectFrom('chat_members').select('blocked').where('user_id', '=', userId).where('peer_id', '=', otherId).executeTakeFirst();
    return r?.blocked === 1;
  },

  /** Which of `others` the user follows, and which follow the user. */
  relations: async (db: Conn, userId: number, others: number[]): Promise<{ following: Set<number>; fans: Set<number> }> => {
    if (others.length === 0) return { following: new Set(), fans: new Set() };
    const [out, inc] = await Promise.all([
      db.selectFrom('follows').select('followee_id as id').where('follower_id', '=', userId).where('followee_id', 'in', others).execute(),
      db.selectFrom('follows').select('follower_id as id').where('followee_id', '=', userId).where('follower_id', 'in', others).execute(),
    ]);
    return { following: new Set(out.map((r) => r.id)), fans: new Set(inc.map((r) => r.id)) };
  },

  /** One page of the users `userId` follows (direction 'following') or who follow them ('fans'), newest first. */
  page: async (db: Conn, userId: number, direction: 'following' | 'fans', page: number, size: number) => {
    const [self, other] = direction === 'following' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const);
    const base = db.selectFrom('follows').where(self, '=', userId);
    return pageOf(
      base,
      (q) =>
        q
          .innerJoin('users', 'users.id', `follows.${other}`)
          .select(['users.id', 'users.signature', 'follows.created_at'])
          .orderBy('follows.created_at', 'desc')
          .orderBy('users.id', 'desc'),
      page,
      size,
    );
  },
};
