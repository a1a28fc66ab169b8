import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { PushOutboxRow, PushOutboxTable, PushSubscriptionRow, PushSubscriptionsTable } from './push.tables.js';

/** Rows per INSERT: well under SQLite's bound-parameter limit. */
const CHUNK = 200;

/** Push subscriptions and the push queue (SQL only). */
export const pushRepository = {
  /**
   * Keeps one subscription per member and device, and an endpoint with one member: the endpoint's
   * old row (another account on this browser) and the device's old one (a renewed subscription) go.
   */
  save: async (db: Conn, row: Insertable<PushSubscriptionsTable>): Promise<void> => {
    await db.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute();
    if (row.device_id) await db.deleteFrom('push_subscriptions').where('user_id', '=', row.user_id).where('device_id', '=', row.device_id).execute();
    await db.insertInto('push_subscriptions').values(row).execute();
  },

  /** Drops a member's subscriptions beyond their `keep` newest. */
  keepNewest: async (db: Conn, userId: number, keep: number): Promise<void> => {
    const old = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('id', 'desc').offset(keep).limit(1000).execute();
    if (old.length > 0)
      await db
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          old.map((r) => r.id),
        )
        .execute();
  },

  remove: async (db: Conn, userId: number, endpoint: string): Promise<boolean> => {
    const r = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** A subscription the push service no longer knows (404/410): gone, with its queued pushes. */
  drop: async (db: Conn, id: number): Promise<void> => {
    await db.deleteFrom('push_outbox').where('subscription_id', '=', id).execute();
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  ofUsers: async (db: Conn, userIds: readonly number[]): Promise<PushSubscriptionRow[]> => {
    const out: PushSubscriptionRow[] = [];
    for (let i = 0; i < userIds.length; i += CHUNK)
      out.push(
        ...(await db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('user_id', 'in', userIds.slice(i, i + CHUNK))
          .execute()),
      );
    return out;
  },

  enqueue: async (db: Conn, rows: Insertable<PushOutboxTable>[]): Promise<void> => {
    for (let i = 0; i < rows.length; i += CHUNK)
      await db
        .insertInto('push_outbox')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  },

  /** Ids of pushes due by `now` whose lease (if any) has run out. */
  due: (db: Conn, now: string, limit: number): Promise<{ id: number }[]> =>
    db
      .selectFrom('push_outbox')
      .select('id')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_at')
      .limit(limit)
      .execute(),

  /** Takes a due push until `until`; false when another worker took it first. */
  claim: async (db: Conn, id: number, now: string, until: string): Promise<boolean> => {
    const r = await db
      .updateTable('push_outbox')
      .set({ lease_until: until })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  queued: (db: Conn, id: number): Promise<PushOutboxRow | undefined> => db.selectFrom('push_outbox').selectAll().where('id', '=', id).executeTakeFirst(),

  subscription: (db: Conn, id: number): Promise<PushSubscriptionRow | undefined> =>
    db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

  done: (db: Conn, id: number) => db.deleteFrom('push_outbox').where('id', '=', id).execute(),

  retryAt: (db: Conn, id: number, attempts: number, nextAt: string) =>
    db.updateTable('push_outbox').set({ attempts, next_at: nextAt, lease_until: null }).where('id', '=', id).execute(),
};
