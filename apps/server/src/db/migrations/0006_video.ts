import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

const CATEGORIES = ['搞笑', '舞蹈', '音乐', '游戏', '生活', '美食'];

/** Short and paid videos: categories, uploaded files with their transcode state, published videos, purchases, likes. */
export function video(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('video_categories'), dialect)
        .addColumn('name', 'varchar(16)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      // receiving → uploaded → processing → ready | failed; `lease_until` lets another worker take
      // over a transcode whose worker died (the job queue survives a restart).
      await withId(db.schema.createTable('video_resources'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('upload_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('poster', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_until', 'varchar(32)')
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('video_resources_user').on('video_resources').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('video_resources_status').on('video_resources').columns(['status', 'id']).execute();

      await withId(db.schema.createTable('videos'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('resource_id', 'integer', (c) => c.notNull().unique())
        .addColumn('cate_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(60)', (c) => c.notNull())
        .addColumn('cover', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('videos_cate').on('videos').columns(['cate_id', 'id']).execute();
      await db.schema.createIndex('videos_user').on('videos').columns(['user_id', 'id']).execute();

      // One purchase per (video, buyer): bought once, watched forever. The key makes a retry answer the first result.
      await withId(db.schema.createTable('video_purchases'), dialect)
        .addColumn('video_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('idem_key', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('video_purchases_once', ['video_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('video_likes')
        .addColumn('video_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('video_likes_pk', ['video_id', 'user_id'])
        .execute();

      await (db as Kysely<{ video_categories: { name: string; sort: number } }>)
        .insertInto('video_categories')
        .values(CATEGORIES.map((name, i) => ({ name, sort: i + 1 })))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['video_likes', 'video_purchases', 'videos', 'video_resources', 'video_categories']) await db.schema.dropTable(t).execute();
    },
  };
}
