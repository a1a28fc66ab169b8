import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Rooms, second step: each mic seat's camera and microphone state (set by its occupant, shown to
 * everyone), and the server instances' leases, so rooms whose instance died (a crash, no clean
 * shutdown) are found by the others: `rooms.anchor_instance` names the instance that hosts the
 * anchor seat's stream. Row types: modules/room/room.tables.ts.
 */
export function roomSeats(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('room_seats')
        .addColumn('camera', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('room_seats')
        .addColumn('mic', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('rooms').addColumn('anchor_instance', 'varchar(40)').execute();
      await db.schema
        .createTable('server_instances')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('server_instances').ifExists().execute();
      await db.schema.alterTable('rooms').dropColumn('anchor_instance').execute();
      await db.schema.alterTable('room_seats').dropColumn('mic').execute();
      await db.schema.alterTable('room_seats').dropColumn('camera').execute();
    },
  };
}
