import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { containsPattern, likeCol } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';

const postCount = sql<number>`(select count(*) from forum_post_tags pt where pt.tag_id = forum_tags.id)`;
const activityPosts = sql<number>`(select count(*) from forum_posts p where p.activity_id = forum_activities.id)`;

/** SQL for categories, topics, activities and banner ads (the forum's catalog). */
export const catalogRepository = {
  categories: (db: Conn) => db.selectFrom('forum_categories').selectAll().orderBy('sort').orderBy('id').execute(),
  categoryById: (db: Conn, id: number) => db.selectFrom('forum_categories').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Topics with their post counts: hot ones first, then by posts. */
  tags: async (db: Conn, keyword: string | undefined, page: number, size: number) => {
    const base = db.selectFrom('forum_tags').$if(!!keyword, (q) => q.where(likeCol('forum_tags.name', containsPattern(keyword!))));
    return pageOf(
      base,
      (q) => q.selectAll().select(postCount.as('post_count')).orderBy('hot', 'desc').orderBy(postCount, 'desc').orderBy('sort').orderBy('id'),
      page,
      size,
    );
  },
  tagById: (db: Conn, id: number) => db.selectFrom('forum_tags').selectAll().select(postCount.as('post_count')).where('id', '=', id).executeTakeFirst(),
  existingTagIds: async (db: Conn, ids: number[]) =>
    ids.length ? (await db.selectFrom('forum_tags').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],

  activities: async (db: Conn, now: string, page: number, size: number) => {
    // Ongoing, then upcoming (soonest first), then ended (latest first).
    const phase = sql<number>`case when start_at <= ${now} and end_at > ${now} then 0 when start_at > ${now} then 1 else 2 end`;
    return pageOf(
      db.selectFrom('forum_activities'),
      (q) => q.selectAll().select(activityPosts.as('post_count')).orderBy(phase).orderBy('sort').orderBy('end_at', 'desc').orderBy('id', 'desc'),
      page,
      size,
    );
  },
  activityById: (db: Conn, id: number) =>
    db.selectFrom('forum_activities').selectAll().select(activityPosts.as('post_count')).where('id', '=', id).executeTakeFirst(),
  /** The ongoing activity a topic belongs to, if any (a post with that topic joins it). */
  ongoingActivityOfTags: (db: Conn, tagIds: number[], now: string) =>
    tagIds.length
      ? db
          .selectFrom('forum_activities')
          .select('id')
          .where('tag_id', 'in', tagIds)
          .where('start_at', '<=', now)
          .where('end_at', '>', now)
          .orderBy('id')
          .executeTakeFirst()
      : Promise.resolve(undefined),

  /** Members whose nickname contains the keyword or whose account is it. */
  searchUserIds: async (db: Conn, keyword: string, offset: number, limit: number) =>
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('is_guest', '=', 0)
        .where((eb) => eb.or([likeCol('users.nickname', containsPattern(keyword)), eb('users.account', '=', keyword)]))
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((r) => r.id),

  ads: (db: Conn) => db.selectFrom('forum_ad_links').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute(),

  hotSearches: async (db: Conn, limit: number) =>
    (await db.selectFrom('forum_searches').select('keyword').orderBy('count', 'desc').orderBy('updated_at', 'desc').limit(limit).execute()).map(
      (r) => r.keyword,
    ),
  countSearch: (db: Conn, keyword: string, at: string) =>
    db
      .insertInto('forum_searches')
      .values({ keyword, count: 1, updated_at: at })
      .onConflict((oc) => oc.column('keyword').doUpdateSet({ count: sql`forum_searches.count + 1`, updated_at: at }))
      .execute(),
};
