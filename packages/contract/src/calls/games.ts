import { z } from 'zod';
import { defineRoute } from '../route.js';
import { money } from './finance.js';

/*
 * Mini games (issue 8). `game/fetch` is a main-server call; the others are served by the games
 * host (its own process and port, seed §7 "game calls go to a separate games host") and are not
 * in the main route table: `gamesHostCalls` (calls/gamesHost.ts).
 *
 * Money: the user's coins move into a game wallet on the games host (`f4/login` with an amount, or
 * `f4/trans/in`) and back (`f4/trans/out`); a round costs the game's `entry`, a score earns at most
 * `reward_max` per round and `reward_cap` per China-time day. Amounts are × 10000 (MONEY_UNIT).
 */

/** A game's code: the path of its page on the games host. */
export const gameCode = z.string().regex(/^[a-z0-9]{2,16}$/, 'game 应为 2–16 位小写字母或数字');

/** One game of the catalogue. */
export const gameItem = z.object({
  id: z.number().int(),
  code: gameCode,
  name: z.string(),
  intro: z.string(),
  cover: z.string().describe('cover image URL'),
  players: z.number().int().describe('members who have played it'),
  entry: money.describe('coins one round costs'),
  reward_max: money.describe('most coins one round can earn'),
  points_per_coin: z.number().int().describe('score points that earn one coin of reward'),
});
export type GameItem = z.infer<typeof gameItem>;

/** A game session: what the games host calls take instead of the platform token. */
export const gameSession = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'session 无效');

/** Game wallet state answered by most games-host calls. */
export const gameWallet = z.object({
  balance: money.describe('coins in the game wallet'),
  reward_today: money.describe('rewards earned today (China time)'),
  reward_cap: money.describe('most rewards a user earns per day'),
});
export type GameWallet = z.infer<typeof gameWallet>;

export const gameRoutes = {
  gameFetch: defineRoute({
    method: 'GET',
    path: 'game/fetch',
    auth: 'public',
    tag: 'game',
    summary: 'The game list, and where the games host is',
    data: z.object({
      host: z.string().describe('base URL of the games host; ":<port>" means this page\'s host on that port'),
      list: z.array(gameItem),
    }),
  }),
};
