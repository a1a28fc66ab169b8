import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { ExchangesTable } from '../finance.tables.js';
import { pageOf } from '../../../db/paging.js';

export type ExchangeRow = Selectable<ExchangesTable>;

/** SQL of exchanges (and the one balance read collection needs). */
export const earningsRepository = {
  balance: async (db: Conn, accountId: number): Promise<number> =>
    Number((await db.selectFrom('accounts').select('balance').where('id', '=', accountId).executeTakeFirst())?.balance ?? 0),

  insertExchange: async (db: Conn, r: Omit<ExchangeRow, 'id'>): Promise<ExchangeRow> =>
    db.insertInto('exchanges').values(r).returningAll().executeTakeFirstOrThrow(),

  exchangeByKey: (db: Conn, key: string) => db.selectFrom('exchanges').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  exchanges: async (db: Conn, userId: number, page: number, size: number) => {
    const base = db.selectFrom('exchanges').where('user_id', '=', userId);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), page, size);
  },
};
