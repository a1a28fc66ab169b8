import { sql } from 'kysely';
import type { Conn, Db } from '../../../db/database.js';

export type RankType = 'wealth' | 'charm';

/** Which side of a gift transfer a ranking counts: the payer (wealth) or the receiver (charm). */
const side = (type: RankType) => (type === 'wealth' ? sql.ref('t.from_account') : sql.ref('t.to_account'));
const since = (start: string | null) => (start ? sql`and t.created_at >= ${start}` : sql``);

/**
 * Rankings straight from the ledger: sums of `gift` transfers per user within the period. Ties
 * are ordered by user id, highest first (as the Redis sorted sets order equal scores).
 */
export const rankRepository = {
  top: async (db: Conn, type: RankType, start: string | null, limit: number): Promise<{ user_id: number; amount: number }[]> => {
    const r = await sql<{ user_id: number; amount: number }>`
      select a.user_id as user_id, sum(t.amount) as amount
      from transfers t inner join accounts a on a.id = ${side(type)}
      where t.kind = 'gift' ${since(start)}
      group by a.user_id
      order by amount desc, a.user_id desc
      limit ${limit}`.execute(db);
    return r.rows.map((x) => ({ user_id: Number(x.user_id), amount: Number(x.amount) }));
  },

  amountOf: async (db: Conn, type: RankType, start: string | null, userId: number): Promise<number> => {
    const r = await sql<{ amount: number | null }>`
      select sum(t.amount) as amount
      from transfers t inner join accounts a on a.id = ${side(type)}
      where t.kind = 'gift' and a.user_id = ${userId} ${since(start)}`.execute(db);
    return Number(r.rows[0]?.amount ?? 0);
  },

  /** How many users rank above someone with `amount` and this id. */
  above: async (db: Conn, type: RankType, start: string | null, amount: number, userId: number): Promise<number> => {
    const r = await sql<{ n: number }>`
      select count(*) as n from (
        select a.user_id as user_id, sum(t.amount) as amount
        from transfers t inner join accounts a on a.id = ${side(type)}
        where t.kind = 'gift' ${since(start)}
        group by a.user_id
      ) s where s.amount > ${amount} or (s.amount = ${amount} and s.user_id > ${userId})`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  },

  /** Highest transfer id so far (the watermark of a Redis rebuild). */
  maxTransferId: async (db: Conn): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('transfers')
          .select((eb) => eb.fn.max<number | null>('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    ),

  /**
   * The highest transfer id below which every transfer has committed (a ranking set's watermark).
   * On PostgreSQL a transfer with a lower id can still be in flight when a higher one has committed;
   * a SHARE lock waits for every open writer of transfers and holds new ones off for this one read.
   */
  settledWatermark: async (db: Db): Promise<number> =>
    db.dialect === 'postgres'
      ? db.tx(async (trx) => {
          await sql`lock table transfers in share mode`.execute(trx);
          return rankRepository.maxTransferId(trx);
        })
      : rankRepository.maxTransferId(db.kysely),

  /** Every user's sum over transfers up to `upTo` (rebuilding a Redis sorted set). */
  all: async (db: Conn, type: RankType, start: string | null, upTo: number): Promise<{ user_id: number; amount: number }[]> => {
    const r = await sql<{ user_id: number; amount: number }>`
      select a.user_id as user_id, sum(t.amount) as amount
      from transfers t inner join accounts a on a.id = ${side(type)}
      where t.kind = 'gift' and t.id <= ${upTo} ${since(start)}
      group by a.user_id`.execute(db);
    return r.rows.map((x) => ({ user_id: Number(x.user_id), amount: Number(x.amount) }));
  },
};
