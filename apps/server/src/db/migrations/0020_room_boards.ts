import type { Kysely } from 'kysely';

/**
 * Room contribution boards (decision 0170): a board sums the gifts sent in one room since a moment
 * (this live's start, or Monday), so gift records are indexed by room and time; the sender is in the
 * index so the board groups without reading the rows. PK scores (0019) read the same index.
 */
export function roomBoards() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('gift_records_room_time').on('gift_records').columns(['room_id', 'created_at', 'sender_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('gift_records_room_time').execute();
    },
  };
}
