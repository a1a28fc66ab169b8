import type { Conn } from '../../db/database.js';
// Its tables join the Database type in game.tables.ts: importing it keeps them in any program that compiles this file.
import type {} from './game.tables.js';

const GAME_KINDS = ['game_in', 'game_out', 'game_entry', 'game_reward'];

/** SQL of the game catalogue and of the game escrow's books. */
export const gameRepository = {
  /** Enabled games, in catalogue order, each with its number of players. */
  list: (db: Conn) =>
    db
      .selectFrom('games as g')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('game_players')
            .select(['game_code', (e) => e.fn.countAll<number>().as('n')])
            .groupBy('game_code')
            .as('p'),
        (join) => join.onRef('p.game_code', '=', 'g.code'),
      )
      .selectAll('g')
      .select('p.n as players')
      .where('g.enabled', '=', 1)
      .orderBy('g.sort')
      .orderBy('g.id')
      .execute(),

  byCode: (db: Conn, code: string) => db.selectFrom('games').selectAll().where('code', '=', code).where('enabled', '=', 1).executeTakeFirst(),

  addPlayer: async (db: Conn, code: string, userId: number, now: string): Promise<void> => {
    await db
      .insertInto('game_players')
      .values({ game_code: code, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['game_code', 'user_id']).doNothing())
      .execute();
  },

  escrowAccount: (db: Conn) =>
    db.selectFrom('accounts').select(['id', 'user_id', 'kind', 'balance']).where('user_id', '=', 0).where('kind', '=', 'game_escrow').executeTakeFirstOrThrow(),

  /**
   * What the main ledger says each user holds on the games host: coins moved in, plus rewards,
   * minus entries and coins moved out (every game transfer carries `ref` = `U<user id>`).
   */
  netByUser: async (db: Conn, userIds: number[]): Promise<Map<number, number>> => {
    const out = new Map<number, number>(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return out;
    const refs = userIds.map((id) => `U${id}`);
    const rows = await db
      .selectFrom('transfers')
      .select(['ref', 'kind', (eb) => eb.fn.sum<number>('amount').as('s')])
      .where('kind', 'in', GAME_KINDS)
      .where('ref', 'in', refs)
      .groupBy(['ref', 'kind'])
      .execute();
    for (const r of rows) {
      const id = Number(r.ref.slice(1));
      const sign = r.kind === 'game_in' || r.kind === 'game_reward' ? 1 : -1;
      out.set(id, (out.get(id) ?? 0) + sign * Number(r.s));
    }
    return out;
  },

  /** Coins of several users at once. */
  coins: async (db: Conn, userIds: number[]): Promise<Map<number, number>> => {
    if (userIds.length === 0) return new Map();
    const rows = await db.selectFrom('accounts').select(['user_id', 'balance']).where('kind', '=', 'coin').where('user_id', 'in', userIds).execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
  },
};
