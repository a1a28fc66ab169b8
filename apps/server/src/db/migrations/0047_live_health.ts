import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Stream health (decisions 0230–0232). Row types: modules/health/health.tables.ts.
 * - live_health: samples of a live's outgoing stream over time, one row per sample: `client` rows
 *   reported by the anchor's browser (its getStats), `ingest` rows measured by the media role on
 *   the WHIP session. A live is its room and the room's `started_at`.
 */
export function liveHealth(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('live_health'), dialect)
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('live_started_at', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('bitrate', 'integer', (c) => c.notNull())
        .addColumn('target', 'integer')
        .addColumn('fps', 'double precision')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('loss', 'double precision')
        .addColumn('rtt_ms', 'integer')
        .addColumn('limited', 'text')
        .execute();
      await db.schema.createIndex('live_health_live').on('live_health').columns(['room_id', 'live_started_at', 'at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('live_health').execute();
    },
  };
}
