import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { RechargeRefundsTable } from '../finance.tables.js';

export type RefundRow = Selectable<RechargeRefundsTable>;

/** SQL of recharge refunds (one row per order). */
export const refundRepository = {
  byOrder: (db: Conn, orderNo: string) => db.selectFrom('recharge_refunds').selectAll().where('order_no', '=', orderNo).executeTakeFirst(),

  ofOrders: async (db: Conn, orderNos: string[]): Promise<RefundRow[]> =>
    orderNos.length ? db.selectFrom('recharge_refunds').selectAll().where('order_no', 'in', orderNos).execute() : [],

  insert: (db: Conn, row: Omit<RefundRow, 'id'>) => db.insertInto('recharge_refunds').values(row).execute(),

  update: (db: Conn, orderNo: string, patch: Partial<Omit<RefundRow, 'id' | 'order_no'>>) =>
    db.updateTable('recharge_refunds').set(patch).where('order_no', '=', orderNo).execute(),
};
