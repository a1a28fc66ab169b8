import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Web Push (decisions 0215–0218). Row types: modules/push/push.tables.ts.
 * - push_subscriptions: a member's browser on one device: the push service's endpoint, the keys the
 *   payload is encrypted to (p256dh, auth) and the language its texts are written in.
 * - push_outbox: the durable queue of pushes, one row per message and subscription, written by the
 *   path that sends the go-live alert or the private message; the worker claims due rows with a
 *   lease, sends them and deletes them (a subscription removed takes its rows with it).
 */
export function webPush(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('push_subscriptions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_id', 'text')
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id', 'device_id']).execute();
      await withId(db.schema.createTable('push_outbox'), dialect)
        .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['next_at']).execute();
      await db.schema.createIndex('push_outbox_subscription').on('push_outbox').columns(['subscription_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('push_outbox').execute();
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
