import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/** Default room categories (the live page's tabs); operators may add more rows. */
const CATEGORIES = ['热门', '颜值', '唱歌', '游戏', '聊天', '户外'];

/**
 * Anchors and rooms: anchor applications, room categories, rooms (one row per anchor, reopened in
 * place), per-room member flags (admin, mute, kick ban), mic seats and the mic queue.
 * Row types: modules/room/room.tables.ts.
 */
export function rooms(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('anchor_applications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('real_name', 'varchar(40)', (c) => c.notNull())
        .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('introduction', 'varchar(512)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(255)')
        .addColumn('reviewed_by', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('reviewed_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('anchor_applications_status').on('anchor_applications').columns(['status', 'id']).execute();

      await withId(db.schema.createTable('room_categories'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await (db as Kysely<{ room_categories: { name: string; sort: number } }>)
        .insertInto('room_categories')
        .values(CATEGORIES.map((name, i) => ({ name, sort: i + 1 })))
        .execute();

      await withId(db.schema.createTable('rooms'), dialect)
        .addColumn('number', 'varchar(12)', (c) => c.notNull().unique())
        .addColumn('anchor_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('title', 'varchar(64)', (c) => c.notNull())
        .addColumn('cover', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('room_categories.id'))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('mic_seats', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('anchor_live', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('anchor_left_at', 'varchar(32)')
        .addColumn('started_at', 'varchar(32)')
        .addColumn('closed_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rooms_status').on('rooms').columns(['status', 'category_id', 'started_at']).execute();

      await db.schema
        .createTable('room_members')
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('banned_until', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_members_pk', ['room_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('room_seats')
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('room_seats_pk', ['room_id', 'seat'])
        .execute();
      // One seat per user per room: the database keeps the invariant when two instances race.
      await db.schema.createIndex('room_seats_user').on('room_seats').columns(['room_id', 'user_id']).unique().execute();

      await db.schema
        .createTable('room_mic_queue')
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('seat', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_mic_queue_pk', ['room_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['room_mic_queue', 'room_seats', 'room_members', 'rooms', 'room_categories', 'anchor_applications']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
