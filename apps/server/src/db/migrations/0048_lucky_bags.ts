import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Lucky bags (福袋, decisions 0240–0244). Row types: modules/luckybag/luckybag.tables.ts.
 * - lucky_bags: one per bag: its room, anchor, prize (coins, or a gift with its price kept), task,
 *   duration and winner count; `idem_key` is the anchor's request (UNIQUE); the prize's coins sit in
 *   the platform's `luckybag_escrow` account (added here) from the creation to the draw. The draw
 *   writes `seed`, the entrants in order and the winners, so an operator can recompute it.
 * - lucky_bag_entries: who entered (UNIQUE per bag), `won` set by the draw that pays them.
 * - lucky_bag_chats: members the server saw send a chat line in the room while the bag was open
 *   (the `chat` task).
 */
export function luckyBags(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('lucky_bags'), dialect)
        .addColumn('idem_key', 'text', (c) => c.notNull().unique())
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('anchor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('prize', 'text', (c) => c.notNull())
        .addColumn('coins', 'bigint', (c) => c.notNull())
        .addColumn('gift_id', 'integer')
        .addColumn('gift_name', 'text', (c) => c.notNull())
        .addColumn('gift_icon', 'text', (c) => c.notNull())
        .addColumn('per_winner', 'bigint', (c) => c.notNull())
        .addColumn('task', 'text', (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('winners', 'integer', (c) => c.notNull())
        .addColumn('entrants', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('seed', 'text')
        .addColumn('entrant_ids', 'text')
        .addColumn('winner_ids', 'text')
        .addColumn('refunded', 'bigint', (c) => c.notNull())
        .addColumn('drawn_at', 'text')
        .execute();
      await db.schema.createIndex('lucky_bags_room').on('lucky_bags').columns(['room_id', 'status']).execute();
      await db.schema.createIndex('lucky_bags_due').on('lucky_bags').columns(['status', 'ends_at']).execute();
      await db.schema.createIndex('lucky_bags_anchor').on('lucky_bags').columns(['anchor_id', 'created_at']).execute();
      await withId(db.schema.createTable('lucky_bag_entries'), dialect)
        .addColumn('bag_id', 'integer', (c) => c.notNull().references('lucky_bags.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('entered_at', 'text', (c) => c.notNull())
        .addColumn('won', 'integer', (c) => c.notNull())
        .addUniqueConstraint('lucky_bag_entries_user', ['bag_id', 'user_id'])
        .execute();
      await withId(db.schema.createTable('lucky_bag_chats'), dialect)
        .addColumn('bag_id', 'integer', (c) => c.notNull().references('lucky_bags.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addUniqueConstraint('lucky_bag_chats_user', ['bag_id', 'user_id'])
        .execute();
      await db
        .insertInto('accounts' as never)
        .values({ user_id: 0, kind: 'luckybag_escrow', balance: 0, allow_negative: 0, created_at: new Date().toISOString() } as never)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lucky_bag_chats').execute();
      await db.schema.dropTable('lucky_bag_entries').execute();
      await db.schema.dropTable('lucky_bags').execute();
      await db
        .deleteFrom('accounts' as never)
        .where('kind' as never, '=', 'luckybag_escrow' as never)
        .execute();
    },
  };
}
