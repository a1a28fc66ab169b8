import type { Kysely } from 'kysely';

/**
 * Janus rooms' bridges (decision 0173): an instance that bridges WHIP/WHEP signalling to Janus says so
 * in its lease (`server_instances.media_url`, the origin its media routes answer at), and a room placed
 * on a Janus node names the instance whose URL `rooms.media_url` is (`rooms.media_bridge`), so the room
 * is placed again when that instance's lease runs out. Row types: modules/room/room.tables.ts.
 */
export function mediaBridges() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('server_instances').addColumn('media_url', 'text').execute();
      await db.schema.alterTable('rooms').addColumn('media_bridge', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('rooms').dropColumn('media_bridge').execute();
      await db.schema.alterTable('server_instances').dropColumn('media_url').execute();
    },
  };
}
