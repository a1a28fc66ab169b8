import type { Conn } from '../../db/database.js';
import type { ForumActivitiesTable, ForumAdLinksTable, ForumCategoriesTable, ForumTagsTable } from '../forum/forum.tables.js';

// Names in other languages are edited on their own (adminNames).
type Fields<T> = Omit<T, 'id' | 'created_at' | 'names'>;

/** SQL of the console's community catalogue (the forum's tables; the forum module reads them). */
export const adminForumRepository = {
  banners: (db: Conn) => db.selectFrom('forum_ad_links').selectAll().orderBy('sort').orderBy('id').execute(),
  insertBanner: (db: Conn, f: Fields<ForumAdLinksTable>) => db.insertInto('forum_ad_links').values(f).returningAll().executeTakeFirstOrThrow(),
  updateBanner: (db: Conn, id: number, f: Fields<ForumAdLinksTable>) =>
    db.updateTable('forum_ad_links').set(f).where('id', '=', id).returningAll().executeTakeFirst(),

  categories: (db: Conn) =>
    db
      .selectFrom('forum_categories as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('forum_posts')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('forum_posts.cate_id', '=', 'c.id')
          .as('posts'),
      )
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute(),
  insertCategory: (db: Conn, f: Fields<ForumCategoriesTable>) => db.insertInto('forum_categories').values(f).returning('id').executeTakeFirstOrThrow(),
  updateCategory: async (db: Conn, id: number, f: Fields<ForumCategoriesTable>) =>
    Number((await db.updateTable('forum_categories').set(f).where('id', '=', id).executeTakeFirst()).numUpdatedRows) > 0,

  topics: (db: Conn) =>
    db
      .selectFrom('forum_tags as t')
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('forum_post_tags')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('forum_post_tags.tag_id', '=', 't.id')
          .as('posts'),
      )
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute(),
  insertTopic: (db: Conn, f: Fields<ForumTagsTable>, at: string) =>
    db
      .insertInto('forum_tags')
      .values({ ...f, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow(),
  updateTopic: async (db: Conn, id: number, f: Fields<ForumTagsTable>) =>
    Number((await db.updateTable('forum_tags').set(f).where('id', '=', id).executeTakeFirst()).numUpdatedRows) > 0,
  topicExists: async (db: Conn, id: number) => (await db.selectFrom('forum_tags').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

  activities: (db: Conn) => db.selectFrom('forum_activities').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').execute(),
  insertActivity: (db: Conn, f: Fields<ForumActivitiesTable>, at: string) =>
    db
      .insertInto('forum_activities')
      .values({ ...f, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),
  updateActivity: (db: Conn, id: number, f: Fields<ForumActivitiesTable>) =>
    db.updateTable('forum_activities').set(f).where('id', '=', id).returningAll().executeTakeFirst(),
};
