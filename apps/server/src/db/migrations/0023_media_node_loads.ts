import type { Kysely } from 'kysely';

/**
 * A media node's load as each API instance sees it (decision 0176): several instances can drive
 * the same Janus node, each counting only the viewers and rooms it placed there, so a node's load is
 * the sum of the instances' rows that are still fresh, not the last writer's count.
 * Row types: modules/room/room.tables.ts.
 */
export function mediaNodeLoads() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('media_node_loads')
        .addColumn('node_id', 'text', (c) => c.notNull())
        .addColumn('instance_id', 'text', (c) => c.notNull())
        .addColumn('viewers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rooms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_node_loads_pk', ['node_id', 'instance_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('media_node_loads').execute();
    },
  };
}
