import type { Kysely } from 'kysely';

/**
 * The payment callbacks of one provider in a time window (decision 0208): Alipay's reconciliation
 * asks about every order number its notifies named in the window, refused ones included.
 */
export function paymentCallbacksByProvider() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('payment_callbacks_provider_time').on('payment_callbacks').columns(['provider', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('payment_callbacks_provider_time').execute();
    },
  };
}
