import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { PaymentCallbacksTable, RechargeOrdersTable, RechargePackagesTable } from '../finance.tables.js';
import { pageOf } from '../../../db/paging.js';

export type PackageRow = Selectable<RechargePackagesTable>;
export type RechargeOrderRow = Selectable<RechargeOrdersTable>;

/** SQL of recharge packages, orders and the payment callback log. */
export const rechargeRepository = {
  packages: (db: Conn): Promise<PackageRow[]> =>
    db.selectFrom('recharge_packages').selectAll().where('enabled', '=', 1).orderBy('price_fen').orderBy('id').execute(),

  package: (db: Conn, id: number): Promise<PackageRow | undefined> =>
    db.selectFrom('recharge_packages').selectAll().where('id', '=', id).where('enabled', '=', 1).executeTakeFirst(),

  insertOrder: (db: Conn, o: Omit<RechargeOrderRow, 'id'>): Promise<RechargeOrderRow> =>
    db.insertInto('recharge_orders').values(o).returningAll().executeTakeFirstOrThrow(),

  orderByKey: (db: Conn, key: string) => db.selectFrom('recharge_orders').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  orderByNo: (db: Conn, orderNo: string) => db.selectFrom('recharge_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst(),

  /** Moves an order to `to` only from one of `from` (guarded: exactly one caller wins). Answers whether it moved. */
  transition: async (
    db: Conn,
    orderNo: string,
    from: RechargeOrderRow['status'][],
    to: RechargeOrderRow['status'],
    patch: { trade_no?: string; paid_at?: string | null } = {},
  ) => {
    const r = await db
      .updateTable('recharge_orders')
      .set({ status: to, ...patch })
      .where('order_no', '=', orderNo)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  page: async (db: Conn, userId: number, f: { order_no?: string | undefined; status?: RechargeOrderRow['status'] | undefined }, page: number, size: number) => {
    let q = db.selectFrom('recharge_orders').where('user_id', '=', userId);
    if (f.order_no !== undefined) q = q.where('order_no', '=', f.order_no);
    if (f.status) q = q.where('status', '=', f.status);
    return pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), page, size);
  },

  /** Records where the provider's payment page is (once it opened the payment). */
  setPayment: (db: Conn, orderNo: string, p: { pay_url: string; provider_ref: string | null }) =>
    db.updateTable('recharge_orders').set(p).where('order_no', '=', orderNo).execute(),

  /** Pending orders made before `before` (ISO), oldest first: past their TTL. */
  pendingBefore: (db: Conn, before: string, limit: number) =>
    db.selectFrom('recharge_orders').selectAll().where('status', '=', 'pending').where('created_at', '<', before).orderBy('created_at').limit(limit).execute(),

  logCallback: (db: Conn, row: Omit<Selectable<PaymentCallbacksTable>, 'id'>) => db.insertInto('payment_callbacks').values(row).execute(),

  callbacksOf: (db: Conn, orderNo: string) => db.selectFrom('payment_callbacks').selectAll().where('order_no', '=', orderNo).orderBy('id').execute(),
};
