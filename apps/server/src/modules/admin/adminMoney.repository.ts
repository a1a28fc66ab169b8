import type { Conn } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';

/** SQL of the console's money views that span every user (recharge orders and their callbacks). */
export const adminMoneyRepository = {
  recharges: async (
    db: Conn,
    q: {
      page: number;
      size: number;
      status?: 'pending' | 'paid' | 'cancelled' | 'refunded' | undefined;
      user_id?: number | undefined;
      order_no?: string | undefined;
    },
  ) => {
    let base = db.selectFrom('recharge_orders');
    if (q.status) base = base.where('status', '=', q.status);
    if (q.user_id !== undefined) base = base.where('user_id', '=', q.user_id);
    if (q.order_no) base = base.where('order_no', '=', q.order_no);
    return pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), q.page, q.size);
  },

  callbacksOf: async (db: Conn, orderNos: string[]) =>
    orderNos.length ? db.selectFrom('payment_callbacks').selectAll().where('order_no', 'in', orderNos).orderBy('id').execute() : [],
};
