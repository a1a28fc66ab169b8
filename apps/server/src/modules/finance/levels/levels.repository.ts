import { sql } from 'kysely';
import { userLevel, vipTier } from '@app/kit';
import type { Conn } from '../../../db/database.js';
import type { PostFollower, TransferSpec } from '../ledger/ledger.js';
import type {} from './levels.tables.js';

/** Transfers out of a user's coins that count as spending (the user level). */
export const SPEND_KINDS = ['gift', 'video_buy'] as const;
/** Transfers into a user's coins that count as buying (the VIP tier); a recharge's bonus does not. */
export const RECHARGE_KINDS = ['recharge'] as const;

const spends = (t: TransferSpec) => (SPEND_KINDS as readonly string[]).includes(t.kind) && t.from.kind === 'coin' && t.from.user_id > 0;
const buys = (t: TransferSpec) => (RECHARGE_KINDS as readonly string[]).includes(t.kind) && t.to.kind === 'coin' && t.to.user_id > 0;

export interface LevelTotals {
  spent: number;
  recharged: number;
}

/** What a batch of transfers adds to each user's spent and recharged totals. */
export function totalsOf(specs: readonly TransferSpec[]): Map<number, LevelTotals> {
  const out = new Map<number, LevelTotals>();
  const at = (id: number) => out.get(id) ?? out.set(id, { spent: 0, recharged: 0 }).get(id)!;
  for (const t of specs) {
    if (spends(t)) at(t.from.user_id).spent += t.amount;
    if (buys(t)) at(t.to.user_id).recharged += t.amount;
  }
  return out;
}

/** A user's totals and what follows from them. */
export interface UserLevels extends LevelTotals {
  level: number;
  vip_level: number;
}

/** SQL of the levels kept on users: moved inside the ledger's transaction, recomputable from the transfers. */
export const levelsRepository = {
  /**
   * Adds totals to users (ascending id: concurrent PostgreSQL transactions lock user rows in one
   * order) and sets level and vip_level from the new totals, in the caller's transaction.
   */
  add: async (conn: Conn, totals: Map<number, LevelTotals>): Promise<void> => {
    for (const [userId, d] of [...totals].sort((a, b) => a[0] - b[0])) {
      if (d.spent === 0 && d.recharged === 0) continue;
      const row = await conn
        .updateTable('users')
        .set((eb) => ({ spent_total: eb('spent_total', '+', d.spent), recharge_total: eb('recharge_total', '+', d.recharged) }))
        .where('id', '=', userId)
        .returning(['spent_total', 'recharge_total', 'level', 'vip_level'])
        .executeTakeFirst();
      if (!row) continue;
      const level = userLevel(Number(row.spent_total));
      const vip = vipTier(Number(row.recharge_total));
      if (level !== row.level || vip !== row.vip_level) await conn.updateTable('users').set({ level, vip_level: vip }).where('id', '=', userId).execute();
    }
  },

  /** The stored totals and levels of a user. */
  stored: async (conn: Conn, userId: number): Promise<UserLevels | undefined> => {
    const r = await conn.selectFrom('users').select(['spent_total', 'recharge_total', 'level', 'vip_level']).where('id', '=', userId).executeTakeFirst();
    return r && { spent: Number(r.spent_total), recharged: Number(r.recharge_total), level: r.level, vip_level: r.vip_level };
  },

  /** A user's totals and levels recomputed from the ledger's transfers alone. */
  recompute: async (conn: Conn, userId: number): Promise<UserLevels> => {
    const sum = async (kinds: readonly string[], side: 'from_account' | 'to_account') => {
      const r = await conn
        .selectFrom('transfers as t')
        .innerJoin('accounts as a', 'a.id', `t.${side}`)
        .select(sql<string | number | null>`sum(t.amount)`.as('n'))
        .where('a.user_id', '=', userId)
        .where('a.kind', '=', 'coin')
        .where('t.kind', 'in', kinds)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    };
    const [spent, recharged] = await Promise.all([sum(SPEND_KINDS, 'from_account'), sum(RECHARGE_KINDS, 'to_account')]);
    return { spent, recharged, level: userLevel(spent), vip_level: vipTier(recharged) };
  },
};

/** The levels follow every posting of the ledger, in its transaction: what each wallet's ledger is built with. */
export const levelsFollowLedger: PostFollower = (conn, specs) => levelsRepository.add(conn, totalsOf(specs));
