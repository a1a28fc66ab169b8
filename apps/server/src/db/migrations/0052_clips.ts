import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Clips (decisions 0255–0260). Row types: modules/clip/clip.tables.ts.
 * - live_clips: one per clip a member made of a live or a replay: the video it became, the room,
 *   anchor and replay it links back to, its MP4's storage key, and the maker's request_id
 *   (UNIQUE per maker: a repeated create answers the first clip). The room setting that turns
 *   clipping off, `allow_clips`, lives in the room's settings JSON (no column: unknown keys default).
 */
export function clips(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('live_clips'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('video_id', 'integer', (c) => c.notNull())
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('anchor_id', 'integer', (c) => c.notNull())
        .addColumn('replay_id', 'integer')
        .addColumn('start_s', 'double precision', (c) => c.notNull())
        .addColumn('mp4_key', 'text', (c) => c.notNull())
        .addColumn('transcoded', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('live_clips_request', ['user_id', 'request_id'])
        .execute();
      await db.schema.createIndex('live_clips_video').on('live_clips').column('video_id').execute();
      await db.schema.createIndex('live_clips_user_time').on('live_clips').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('live_clips').execute();
    },
  };
}
