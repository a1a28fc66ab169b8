import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Real payment providers (decisions 0195–0198):
 * - recharge_orders gains the provider's page (`pay_url`, a Stripe Checkout URL) and reference
 *   (`provider_ref`, the session id), and the status `refunded`; an index finds the unpaid ones past their TTL.
 * - recharge_refunds: one refund per order: `refunded`, `held` (the coins were spent: nothing moved,
 *   waiting for review), or `failed` at the provider after the coins were taken back (retried).
 * - payment_reconciliations: each run per provider and window; payment_mismatches: what a run found,
 *   once per provider, kind and reference however many runs find it again.
 */
export function paymentProviders(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('recharge_orders').addColumn('pay_url', 'text').execute();
      await db.schema.alterTable('recharge_orders').addColumn('provider_ref', 'text').execute();
      await db.schema.createIndex('recharge_orders_status').on('recharge_orders').columns(['status', 'created_at']).execute();
      await withId(db.schema.createTable('recharge_refunds'), dialect)
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('coins', 'bigint', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('payment_reconciliations'), dialect)
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('from_at', 'text', (c) => c.notNull())
        .addColumn('to_at', 'text', (c) => c.notNull())
        .addColumn('settlements', 'integer', (c) => c.notNull())
        .addColumn('mismatches', 'integer', (c) => c.notNull())
        .addColumn('ran_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_reconciliations_provider').on('payment_reconciliations').columns(['provider', 'id']).execute();
      await withId(db.schema.createTable('payment_mismatches'), dialect)
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('trade_no', 'text', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('found_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_mismatches_ref').on('payment_mismatches').columns(['provider', 'kind', 'ref']).unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payment_mismatches').execute();
      await db.schema.dropTable('payment_reconciliations').execute();
      await db.schema.dropTable('recharge_refunds').execute();
      await db.schema.dropIndex('recharge_orders_status').execute();
      await db.schema.alterTable('recharge_orders').dropColumn('provider_ref').execute();
      await db.schema.alterTable('recharge_orders').dropColumn('pay_url').execute();
    },
  };
}
