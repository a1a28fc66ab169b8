import { sql } from 'kysely';
import type { GameOpRow, GamesConn } from './db.js';

/** SQL of the game wallets and their ops. */
export const walletRepository = {
  balance: async (db: GamesConn, userId: number): Promise<number> =>
    Number((await db.selectFrom('game_wallets').select('balance').where('user_id', '=', userId).executeTakeFirst())?.balance ?? 0),

  ensureWallet: async (db: GamesConn, userId: number, now: string): Promise<void> => {
    await db
      .insertInto('game_wallets')
      .values({ user_id: userId, balance: 0, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  },

  /** Locks the wallet's row until the transaction ends (PostgreSQL; SQLite runs one transaction at a time): one user's work in turn. */
  touch: async (db: GamesConn, userId: number, now: string): Promise<void> => {
    await db.updateTable('game_wallets').set({ updated_at: now }).where('user_id', '=', userId).execute();
  },

  /** The wallet's balance, its row locked until the transaction ends. */
  lockBalance: async (db: GamesConn, userId: number, now: string): Promise<number> => {
    await walletRepository.touch(db, userId, now);
    return walletRepository.balance(db, userId);
  },

  /** Moves `delta` unless the wallet would go below zero, in one statement; false when refused. */
  applyDelta: async (db: GamesConn, userId: number, delta: number, now: string): Promise<boolean> => {
    const r =
      await sql`update game_wallets set balance = balance + ${delta}, updated_at = ${now} where user_id = ${userId} and balance + ${delta} >= 0`.execute(db);
    return Number(r.numAffectedRows ?? 0) === 1;
  },

  insertOp: async (db: GamesConn, op: GameOpRow): Promise<void> => {
    await db.insertInto('game_ops').values(op).execute();
  },

  opByKey: (db: GamesConn, key: string) => db.selectFrom('game_ops').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  /** pending → done | failed, once: false when another settle got there first. */
  settleOp: async (db: GamesConn, id: string, state: 'done' | 'failed', error: string, now: string): Promise<boolean> => {
    const r = await db.updateTable('game_ops').set({ state, error, settled_at: now }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  pendingOps: (db: GamesConn, before: string) =>
    db.selectFrom('game_ops').selectAll().where('state', '=', 'pending').where('created_at', '<', before).orderBy('created_at').limit(500).execute(),

  books: async (db: GamesConn, userIds: number[]) => {
    if (userIds.length === 0) return [];
    const [wallets, pending] = await Promise.all([
      db.selectFrom('game_wallets').select(['user_id', 'balance']).where('user_id', 'in', userIds).execute(),
      db.selectFrom('game_ops').select(['user_id', 'kind', 'amount']).where('state', '=', 'pending').where('user_id', 'in', userIds).execute(),
    ]);
    return userIds.map((id) => ({
      user_id: id,
      balance: Number(wallets.find((w) => w.user_id === id)?.balance ?? 0),
      pending: pending.filter((p) => p.user_id === id).length,
    }));
  },
};
