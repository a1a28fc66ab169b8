import type { Selectable } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { ExchangesTable } from '../finance.tables.js';

export type ExchangeRow = Selectable<ExchangesTable>;

/** SQL of exchanges (and the one balance read collection needs). */
export const earningsRepository = {
  balance: async (db: Conn, accountId: number): Promise<number> =>
    Number((await db.selectFrom('accounts').select('balance').where('id', '=', accountId).executeTakeFirst())?.balance ?? 0),

  insertExchange: async (db: Conn, r: Omit<ExchangeRow, 'id'>): Promise<ExchangeRow> =>
    db.insertInto('exchanges').values(r).returningAll().executeTakeFirstOrThrow(),

  exchangeByKey: (db: Conn, key: string) => db.selectFrom('exchanges').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  exchanges: async (db: Conn, userId: number, page: number, size: number) => {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('exchanges')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      db
        .selectFrom('exchanges')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },
};
