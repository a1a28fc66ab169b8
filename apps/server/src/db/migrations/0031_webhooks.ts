import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Signed webhooks for the operator's own systems (decision 0190). Row types: modules/webhook/webhook.tables.ts.
 * - webhook_endpoints: a URL, its signing secret and the events it takes (comma separated).
 * - webhook_deliveries: the durable queue: one row per event and endpoint, written in the transaction
 *   of what it reports; the worker claims due rows with a lease (`lease_until`), so a delivery whose
 *   process died is taken over once the lease runs out.
 * - webhook_attempts: every attempt of a delivery with the status it got.
 */
export function webhooks(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('webhook_endpoints'), dialect)
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('gift_min_value', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('webhook_deliveries'), dialect)
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_at', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('retry_from', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_at']).execute();
      await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
      await withId(db.schema.createTable('webhook_attempts'), dialect)
        .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('webhook_attempts').execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
