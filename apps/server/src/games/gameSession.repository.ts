import type { GamesConn, GameSessionRow } from './db.js';

/** SQL of game sessions. */
export const gameSessionRepository = {
  insertSession: async (db: GamesConn, s: Omit<GameSessionRow, 'id'>): Promise<number> => {
    const row = await db.insertInto('game_sessions').values(s).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  byHash: (db: GamesConn, hash: string) => db.selectFrom('game_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

  /** Closes the user's open sessions (a new login supersedes them). */
  closeOpen: async (db: GamesConn, userId: number, now: string): Promise<void> => {
    await db.updateTable('game_sessions').set({ closed_at: now }).where('user_id', '=', userId).where('closed_at', 'is', null).execute();
  },

  close: async (db: GamesConn, id: number, now: string): Promise<void> => {
    await db.updateTable('game_sessions').set({ closed_at: now }).where('id', '=', id).where('closed_at', 'is', null).execute();
  },

  /** Users holding coins in the game wallet without a live session (closed the tab, session ran out). */
  strandedWallets: (db: GamesConn, now: string, quietSince: string) =>
    db
      .selectFrom('game_wallets as w')
      .select(['w.user_id', 'w.balance'])
      .where('w.balance', '>', 0)
      // Untouched for a while: a login between its transfer-in and its new session is not stranded.
      .where('w.updated_at', '<', quietSince)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('game_sessions as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'w.user_id')
              .where('s.closed_at', 'is', null)
              .where('s.expires_at', '>', now),
          ),
        ),
      )
      .limit(200)
      .execute(),
};
