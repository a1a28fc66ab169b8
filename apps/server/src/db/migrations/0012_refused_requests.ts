import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Requests refused for a short balance (an exchange, a withdrawal), by their idempotency key: the
 * key stays bound to that refusal, so a retry after the balance grew answers it again instead of
 * running as a new operation. `request` holds the fields the key was first sent with (JSON).
 */
export function refusedRequests(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('refused_requests')
        .addColumn('idem_key', 'varchar(160)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('msg', 'varchar(200)', (c) => c.notNull())
        .addColumn('request', 'varchar(400)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('refused_requests').execute();
    },
  };
}
