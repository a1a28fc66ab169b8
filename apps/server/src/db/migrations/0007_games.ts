import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

const C = 10_000; // MONEY_UNIT: one gold coin

/** The catalogue at launch: three skill games (no game of pure chance), each 1 coin a round. */
const GAMES = [
  {
    code: 'g2048',
    name: '2048',
    intro: '滑动合并数字，挑战 2048',
    cover: '/static/games/g2048.svg',
    entry: C,
    reward_max: 10 * C,
    points_per_coin: 200,
    max_points_per_s: 400,
    sort: 1,
  },
  {
    code: 'snake',
    name: '贪吃蛇',
    intro: '吃到越多越长，别撞到自己',
    cover: '/static/games/snake.svg',
    entry: C,
    reward_max: 10 * C,
    points_per_coin: 20,
    max_points_per_s: 40,
    sort: 2,
  },
  {
    code: 'rhythm',
    name: '节奏大师',
    intro: '跟着节拍点击落下的音符',
    cover: '/static/games/rhythm.svg',
    entry: C,
    reward_max: 10 * C,
    points_per_coin: 100,
    max_points_per_s: 150,
    sort: 3,
  },
];

/**
 * Mini games: the catalogue (`game/fetch`), who played what, and the platform's game escrow
 * account (coins held by game wallets on the games host). Row types: modules/game/game.tables.ts.
 */
export function games(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = new Date().toISOString();
      await withId(db.schema.createTable('games'), dialect)
        .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('intro', 'varchar(200)', (c) => c.notNull())
        .addColumn('cover', 'varchar(512)', (c) => c.notNull())
        .addColumn('entry', 'bigint', (c) => c.notNull())
        .addColumn('reward_max', 'bigint', (c) => c.notNull())
        .addColumn('points_per_coin', 'integer', (c) => c.notNull())
        .addColumn('max_points_per_s', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('game_players')
        .addColumn('game_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_players_pk', ['game_code', 'user_id'])
        .execute();
      await db
        .insertInto('games' as never)
        .values(GAMES.map((g) => ({ ...g, enabled: 1, created_at: now })) as never)
        .execute();
      // Coins in game wallets: in from users' coins, out back to them; entries leave it for revenue,
      // rewards come in from the platform's rewards account. Guarded: it never goes below zero.
      await db
        .insertInto('accounts' as never)
        .values({ user_id: 0, kind: 'game_escrow', balance: 0, allow_negative: 0, created_at: now } as never)
        .execute();
    },
  };
}
