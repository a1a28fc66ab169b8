import type { Conn } from '../../db/database.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow, WebhookEndpointsTable, WebhookDeliveriesTable } from './webhook.tables.js';
import type { Insertable } from 'kysely';
import { pageOf } from '../../db/paging.js';

/** Webhook endpoints, the delivery queue and its attempt log (SQL only). */
export const webhookRepository = {
  enabledEndpoints: (db: Conn): Promise<WebhookEndpointRow[]> => db.selectFrom('webhook_endpoints').selectAll().where('enabled', '=', 1).execute(),

  endpoints: (db: Conn): Promise<WebhookEndpointRow[]> => db.selectFrom('webhook_endpoints').selectAll().orderBy('id', 'desc').execute(),

  endpoint: (db: Conn, id: number): Promise<WebhookEndpointRow | undefined> =>
    db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst(),

  insertEndpoint: (db: Conn, row: Insertable<WebhookEndpointsTable>): Promise<WebhookEndpointRow> =>
    db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow(),

  setEnabled: (db: Conn, id: number, enabled: boolean) =>
    db
      .updateTable('webhook_endpoints')
      .set({ enabled: enabled ? 1 : 0 })
      .where('id', '=', id)
      .execute(),

  deleteEndpoint: async (db: Conn, id: number): Promise<boolean> => {
    await db
      .deleteFrom('webhook_attempts')
      .where('delivery_id', 'in', db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id))
      .execute();
    await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    const r = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  insertDeliveries: async (db: Conn, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> => {
    if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
  },

  delivery: (db: Conn, id: number): Promise<WebhookDeliveryRow | undefined> =>
    db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),

  deliveries: async (db: Conn, endpointId: number, status: WebhookDeliveryRow['status'] | undefined, page: number, size: number) => {
    let q = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
    if (status) q = q.where('status', '=', status);
    return pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), page, size);
  },

  attemptsOf: (db: Conn, deliveryIds: number[]): Promise<WebhookAttemptRow[]> =>
    deliveryIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute(),

  /** Ids of pending deliveries due by `now` whose lease (if any) has run out. */
  due: (db: Conn, now: string, limit: number): Promise<{ id: number }[]> =>
    db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_at')
      .limit(limit)
      .execute(),

  /** Takes a due delivery until `until`; false when another worker took it first. */
  claim: async (db: Conn, id: number, now: string, until: string): Promise<boolean> => {
    const r = await db
      .updateTable('webhook_deliveries')
      .set({ lease_until: until })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  logAttempt: (db: Conn, row: Omit<WebhookAttemptRow, 'id'>) => db.insertInto('webhook_attempts').values(row).execute(),

  /** The outcome of an attempt: delivered, due again at `next_at`, or failed for good. */
  settle: (db: Conn, id: number, patch: Pick<WebhookDeliveryRow, 'status' | 'attempts' | 'next_at' | 'delivered_at'>) =>
    db
      .updateTable('webhook_deliveries')
      .set({ ...patch, lease_until: null })
      .where('id', '=', id)
      .execute(),

  /** Due now again, with a fresh retry window (a resend from the console). */
  resend: (db: Conn, id: number, now: string) =>
    db.updateTable('webhook_deliveries').set({ status: 'pending', next_at: now, retry_from: now, lease_until: null }).where('id', '=', id).execute(),
};
