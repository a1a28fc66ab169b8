import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Lives and their audience (decisions 0245–0247). Row types: modules/room/room.tables.ts (lives),
 * modules/creator/creator.tables.ts (live_viewer_samples).
 * - lives: one row per live, written when the room goes live and ended when it closes; the live is
 *   its room and the room's `started_at` (as stream health, 0047, already keys it), now with an id.
 * - live_viewer_samples: the room's online count every LIVE_STATS_SAMPLE_MS, written by the worker's
 *   leader; `ms` is the span one sample stands for (the setting when it was written).
 */
export function lives(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('lives'), dialect)
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('anchor_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('lives_room_started').on('lives').columns(['room_id', 'started_at']).unique().execute();
      await db.schema.createIndex('lives_anchor').on('lives').columns(['anchor_id', 'started_at']).execute();
      await withId(db.schema.createTable('live_viewer_samples'), dialect)
        .addColumn('live_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('viewers', 'integer', (c) => c.notNull())
        .addColumn('ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_viewer_samples_live').on('live_viewer_samples').columns(['live_id', 'at']).execute();
      await db.schema.createIndex('live_viewer_samples_at').on('live_viewer_samples').column('at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('live_viewer_samples').execute();
      await db.schema.dropTable('lives').execute();
    },
  };
}
