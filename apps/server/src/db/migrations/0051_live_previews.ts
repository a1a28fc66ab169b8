import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Live previews (decisions 0250–0254). Row types: modules/preview/preview.tables.ts.
 * - live_previews: one per scheduled live: its anchor, title, time and status (scheduled, done with
 *   the room it went live in, cancelled); past its time and grace a scheduled one reads as expired.
 * - live_preview_reminds: one row per preview and member who tapped 提醒我 (UNIQUE); `wanted` is the
 *   toggle, `sent_at` marks the reminder sent, set in the statement that claims it, so it goes once.
 */
export function livePreviews(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('live_previews'), dialect)
        .addColumn('anchor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('room_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_previews_anchor').on('live_previews').columns(['anchor_id', 'status', 'starts_at']).execute();
      await db.schema.createIndex('live_previews_due').on('live_previews').columns(['status', 'starts_at']).execute();
      await db.schema
        .createTable('live_preview_reminds')
        .addColumn('preview_id', 'integer', (c) => c.notNull().references('live_previews.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('wanted', 'integer', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_preview_reminds_pk', ['preview_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('live_preview_reminds').execute();
      await db.schema.dropTable('live_previews').execute();
    },
  };
}
