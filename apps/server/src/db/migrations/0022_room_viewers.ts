import type { Kysely } from 'kysely';

/**
 * The live list's popularity order (decision 0175): `rooms.viewers` is the room's online count as the
 * worker's sweep last read it from presence, so 推荐 lists live rooms by their audience without asking
 * presence for every open room on each request. Row types: modules/room/room.tables.ts.
 */
export function roomViewers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('rooms')
        .addColumn('viewers', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('rooms').dropColumn('viewers').execute();
    },
  };
}
