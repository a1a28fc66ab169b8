import type { Kysely } from 'kysely';

/**
 * A room opened for OBS waits for its first publish (decision 0178): `rooms.first_publish_by` is the
 * expiry of the last anchor-seat publish token issued before the anchor seat first published in
 * this live; until then the grace period does not close the room. Row types: modules/room/room.tables.ts.
 */
export function roomFirstPublish() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('rooms').addColumn('first_publish_by', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('rooms').dropColumn('first_publish_by').execute();
    },
  };
}
