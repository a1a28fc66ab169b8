import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * PK battles (issue 20). Row types: modules/pk/pk.tables.ts.
 * - pk_battles: one row per invitation or match, its status, times and (once decided) the final
 *   scores and winner. `due_at` is the next deadline (the answer, the end of the battle or of the
 *   punishment): the worker role's sweep advances every battle past it, so a timer survives the
 *   instance that set it. `a_down_since` / `b_down_since`: when a side's anchor stream was first
 *   seen down (the battle ends after PK_STREAM_LOST_S).
 * - pk_busy: one row per anchor in an invitation or battle (the primary key refuses a second one at
 *   once, on both dialects); removed when the battle ends.
 * - pk_queue: anchors waiting for a random match.
 * Scores are sums of the room's gift records in the battle's window, read through 0020's index on gift_records.
 */
export function pkBattles(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('pk_battles'), dialect)
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('a_room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('a_anchor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('b_room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('b_anchor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('duration_s', 'integer', (c) => c.notNull())
        .addColumn('punish_s', 'integer', (c) => c.notNull())
        .addColumn('invited_at', 'text', (c) => c.notNull())
        .addColumn('answer_by', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('ends_at', 'text')
        .addColumn('punish_ends_at', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('due_at', 'text')
        .addColumn('a_score', 'bigint')
        .addColumn('b_score', 'bigint')
        .addColumn('winner', 'text')
        .addColumn('end_reason', 'text')
        .addColumn('ended_by', 'integer')
        .addColumn('a_down_since', 'text')
        .addColumn('b_down_since', 'text')
        .execute();
      await db.schema.createIndex('pk_battles_due').on('pk_battles').columns(['status', 'due_at']).execute();
      await db.schema.createIndex('pk_battles_a_room').on('pk_battles').columns(['a_room_id', 'id']).execute();
      await db.schema.createIndex('pk_battles_b_room').on('pk_battles').columns(['b_room_id', 'id']).execute();
      await db.schema.createIndex('pk_battles_a_anchor').on('pk_battles').columns(['a_anchor_id', 'ended_at']).execute();
      await db.schema.createIndex('pk_battles_b_anchor').on('pk_battles').columns(['b_anchor_id', 'ended_at']).execute();
      await db.schema
        .createTable('pk_busy')
        .addColumn('anchor_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('battle_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pk_queue')
        .addColumn('anchor_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('duration_s', 'integer', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['pk_queue', 'pk_busy', 'pk_battles']) await db.schema.dropTable(t).execute();
    },
  };
}
