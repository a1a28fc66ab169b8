import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { PaymentMismatchesTable, PaymentReconciliationsTable } from '../finance.tables.js';
import { pageOf } from '../../../db/paging.js';

export type MismatchRow = Selectable<PaymentMismatchesTable>;
export type ReconciliationRow = Selectable<PaymentReconciliationsTable>;

/** SQL of reconciliation: a provider's orders in a window, their ledger credits, the runs and what they found. */
export const reconcileRepository = {
  ordersBetween: (db: Conn, provider: string, from: string, to: string) =>
    db.selectFrom('recharge_orders').selectAll().where('provider', '=', provider).where('created_at', '>=', from).where('created_at', '<', to).execute(),

  /** The order numbers a provider's notifies named in a window, whatever became of them (a refused one may name a payment of no order of ours). */
  notifiedOrderNos: async (db: Conn, provider: string, from: string, to: string): Promise<string[]> =>
    (
      await db
        .selectFrom('payment_callbacks')
        .select('order_no')
        .distinct()
        .where('provider', '=', provider)
        .where('order_no', '!=', '')
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .execute()
    ).map((r) => r.order_no),

  ordersByNo: async (db: Conn, orderNos: string[]) =>
    orderNos.length ? db.selectFrom('recharge_orders').selectAll().where('order_no', 'in', orderNos).execute() : [],

  /** The ledger's recharge credits of these orders: transfer `recharge:<order_no>` (its amount is the order's coins). */
  creditedOrders: async (db: Conn, orderNos: string[]): Promise<Set<string>> => {
    if (orderNos.length === 0) return new Set();
    const rows = await db
      .selectFrom('transfers')
      .select('idem_key')
      .where(
        'idem_key',
        'in',
        orderNos.map((n) => `recharge:${n}`),
      )
      .execute();
    return new Set(rows.map((r) => r.idem_key.slice('recharge:'.length)));
  },

  /** Records a mismatch once per provider, kind and reference (a later run finding it again adds nothing). */
  addMismatch: async (db: Conn, row: Omit<MismatchRow, 'id'>): Promise<void> => {
    await db
      .insertInto('payment_mismatches')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'kind', 'ref']).doNothing())
      .execute();
  },

  addRun: (db: Conn, row: Omit<ReconciliationRow, 'id'>) => db.insertInto('payment_reconciliations').values(row).execute(),

  lastRun: (db: Conn, provider: string) =>
    db.selectFrom('payment_reconciliations').selectAll().where('provider', '=', provider).orderBy('id', 'desc').limit(1).executeTakeFirst(),

  runs: (db: Conn, limit: number) => db.selectFrom('payment_reconciliations').selectAll().orderBy('id', 'desc').limit(limit).execute(),

  mismatches: async (db: Conn, page: number, size: number) => {
    return pageOf(db.selectFrom('payment_mismatches'), (q) => q.selectAll().orderBy('id', 'desc'), page, size);
  },
};
