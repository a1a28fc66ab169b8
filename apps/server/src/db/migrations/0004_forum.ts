import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/** The community forum: categories, topics, activities, ad links, posts, comments, likes, the comment inbox, searches. */
export function forum(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('forum_categories'), dialect)
        .addColumn('name', 'varchar(16)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('forum_tags'), dialect)
        .addColumn('name', 'varchar(24)', (c) => c.notNull().unique())
        .addColumn('cover', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('forum_activities'), dialect)
        .addColumn('title', 'varchar(60)', (c) => c.notNull())
        .addColumn('cover', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('summary', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tag_id', 'integer')
        .addColumn('start_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('end_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('forum_ad_links'), dialect)
        .addColumn('title', 'varchar(60)', (c) => c.notNull())
        .addColumn('image', 'varchar(300)', (c) => c.notNull())
        .addColumn('url', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('forum_posts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('cate_id', 'integer', (c) => c.notNull())
        .addColumn('activity_id', 'integer')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('video', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('location_name', 'varchar(60)')
        .addColumn('location_lat', 'double precision')
        .addColumn('location_lng', 'double precision')
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('forum_posts_user').on('forum_posts').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('forum_posts_cate').on('forum_posts').columns(['cate_id', 'id']).execute();
      await db.schema.createIndex('forum_posts_activity').on('forum_posts').columns(['activity_id', 'id']).execute();

      await db.schema
        .createTable('forum_post_tags')
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('tag_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('forum_post_tags_pk', ['post_id', 'tag_id'])
        .execute();
      await db.schema.createIndex('forum_post_tags_tag').on('forum_post_tags').columns(['tag_id', 'post_id']).execute();

      await db.schema
        .createTable('forum_post_likes')
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('forum_post_likes_pk', ['post_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('forum_comments'), dialect)
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('parent_id', 'integer')
        .addColumn('reply_to_user_id', 'integer')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('forum_comments_post').on('forum_comments').columns(['post_id', 'parent_id', 'id']).execute();
      await db.schema.createIndex('forum_comments_user').on('forum_comments').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('forum_comment_likes')
        .addColumn('comment_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('forum_comment_likes_pk', ['comment_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('forum_inbox'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('from_user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(12)', (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('comment_id', 'integer', (c) => c.notNull())
        .addColumn('read_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('forum_inbox_user').on('forum_inbox').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('forum_searches')
        .addColumn('keyword', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of [
        'forum_searches',
        'forum_inbox',
        'forum_comment_likes',
        'forum_comments',
        'forum_post_likes',
        'forum_post_tags',
        'forum_posts',
        'forum_ad_links',
        'forum_activities',
        'forum_tags',
        'forum_categories',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
