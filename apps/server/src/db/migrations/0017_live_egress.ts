import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * HLS egress and replays: `live_egress` names the one instance that runs a live room's ffmpeg (its
 * row is the claim; a row of a gone instance is swept), `live_replays` keeps each live's recording
 * (its segments in storage, listed here as the videos' renditions are), `live_moments` the chat
 * lines and gifts of lives, the replays' timelines.
 */
export function liveEgress(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('live_egress')
        .addColumn('room_id', 'integer', (c) => c.primaryKey())
        .addColumn('instance', 'text', (c) => c.notNull())
        .addColumn('replay_id', 'integer')
        .addColumn('playlist', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('webrtc_viewers', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // An operator's choice to send a room's viewers to HLS (no row: automatic).
      await db.schema
        .createTable('live_room_via')
        .addColumn('room_id', 'integer', (c) => c.primaryKey())
        .addColumn('via', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('live_replays'), dialect)
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('anchor_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('segments', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('live_replays_anchor').on('live_replays').columns(['anchor_id', 'id']).execute();
      await db.schema.createIndex('live_replays_status').on('live_replays').columns(['status', 'id']).execute();
      // The chat lines and gifts of lives, for the replays' timelines (by room and time).
      await withId(db.schema.createTable('live_moments'), dialect)
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('live_moments_room').on('live_moments').columns(['room_id', 'at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('live_moments').execute();
      await db.schema.dropTable('live_room_via').execute();
      await db.schema.dropTable('live_replays').execute();
      await db.schema.dropTable('live_egress').execute();
    },
  };
}
