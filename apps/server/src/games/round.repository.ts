import type { GameRoundRow, GamesConn } from './db.js';

/** SQL of game rounds: one per round started, ended once with its score and reward. */
export const roundRepository = {
  byKey: (db: GamesConn, key: string) => db.selectFrom('game_rounds').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  byId: (db: GamesConn, id: number) => db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirst(),

  insert: async (db: GamesConn, r: Omit<GameRoundRow, 'id'>): Promise<number> => {
    const row = await db.insertInto('game_rounds').values(r).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** open → scored | refused, once: false when the round was already ended. */
  end: async (
    db: GamesConn,
    id: number,
    r: { state: 'scored' | 'refused'; score: number; reward: number; day: string; ended_at: string },
  ): Promise<boolean> => {
    const res = await db.updateTable('game_rounds').set(r).where('id', '=', id).where('state', '=', 'open').executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  rewardOn: async (db: GamesConn, userId: number, day: string): Promise<number> => {
    const r = await db
      .selectFrom('game_rounds')
      .select((eb) => eb.fn.sum<number>('reward').as('s'))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('state', '=', 'scored')
      .executeTakeFirst();
    return Number(r?.s ?? 0);
  },
};
