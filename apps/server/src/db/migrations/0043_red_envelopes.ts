import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Red envelopes (issue 35, decisions 0236–0244). Row types: modules/envelope/envelope.tables.ts.
 * - red_envelopes: one per envelope: its room, sender, amount, share count, countdown, times and
 *   status. `idem_key` is the sender's request (UNIQUE: one envelope per key); the coins sit in the
 *   platform's `envelope_escrow` account (added here) from the send to the grab or the refund.
 * - red_envelope_shares: the K shares, split at the send (each ≥ 1 coin, summing to the amount);
 *   a grab writes its `user_id` (UNIQUE per envelope: one share per member) in the transaction that
 *   pays it, so a share is paid once or not at all.
 */
export function redEnvelopes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('red_envelopes'), dialect)
        .addColumn('idem_key', 'text', (c) => c.notNull().unique())
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('shares', 'integer', (c) => c.notNull())
        .addColumn('greeting', 'text', (c) => c.notNull())
        .addColumn('countdown_s', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('opens_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('grabbed', 'integer', (c) => c.notNull())
        .addColumn('grabbed_amount', 'bigint', (c) => c.notNull())
        .addColumn('refunded', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('red_envelopes_room').on('red_envelopes').columns(['room_id', 'status']).execute();
      await db.schema.createIndex('red_envelopes_due').on('red_envelopes').columns(['status', 'expires_at']).execute();
      await db.schema.createIndex('red_envelopes_sender').on('red_envelopes').columns(['sender_id', 'created_at']).execute();
      await withId(db.schema.createTable('red_envelope_shares'), dialect)
        .addColumn('envelope_id', 'integer', (c) => c.notNull().references('red_envelopes.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('grabbed_at', 'text')
        .addUniqueConstraint('red_envelope_shares_seq', ['envelope_id', 'seq'])
        .addUniqueConstraint('red_envelope_shares_user', ['envelope_id', 'user_id'])
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('accounts' as never)
        .values({ user_id: 0, kind: 'envelope_escrow', balance: 0, allow_negative: 0, created_at: now } as never)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('red_envelope_shares').execute();
      await db.schema.dropTable('red_envelopes').execute();
      await db
        .deleteFrom('accounts' as never)
        .where('kind' as never, '=', 'envelope_escrow' as never)
        .execute();
    },
  };
}
