import type { Kysely } from 'kysely';

/**
 * Media nodes: one row per node that serves WHIP/WHEP (an instance's embedded SFU, or a Janus node),
 * its public URL, kind and load, refreshed like `server_instances`; and each room's placement
 * (`rooms.media_node`, `rooms.media_url`: the node serving it and the origin its clients send
 * WHIP/WHEP to), so every API instance hands out the same URL. Row types: modules/room/room.tables.ts.
 */
export function mediaNodes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('media_nodes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('viewers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rooms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('rooms').addColumn('media_node', 'text').execute();
      await db.schema.alterTable('rooms').addColumn('media_url', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('rooms').dropColumn('media_url').execute();
      await db.schema.alterTable('rooms').dropColumn('media_node').execute();
      await db.schema.dropTable('media_nodes').execute();
    },
  };
}
