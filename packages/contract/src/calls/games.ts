import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime } from '../envelope.js';
import { amountInput, money, requestId } from './finance.js';
import { idNumber, strict } from './common.js';

/*
 * Mini games (issue 8). `game/fetch` is a main-server call; the others are served by the games
 * host (its own process and port, seed §7 "game calls go to a separate games host") and are not
 * in the main route table: `gamesHostCalls`.
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
const session = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'session 无效');

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

export const gamesHostCalls = {
  f4Login: defineRoute({
    method: 'POST',
    path: '/api/f4/login',
    auth: 'member',
    tag: 'games-host',
    summary: 'Opens a game session with the platform token (Authorization); returns a balance left from an earlier session first, then moves `amount` in',
    body: strict({ game: gameCode, amount: amountInput.optional(), request_id: requestId.optional() }).refine(
      (b) => b.amount === undefined || b.request_id !== undefined,
      { message: 'request_id 必填（带 amount 时）', path: ['request_id'] },
    ),
    data: gameWallet.extend({
      session,
      expires_at: isoTime,
      launch_url: z.string().describe('the game page, carrying the session'),
      returned: money.describe('coins returned to the main wallet from an earlier session'),
      game: gameItem.omit({ players: true, cover: true }),
    }),
  }),
  f4TransIn: defineRoute({
    method: 'POST',
    path: '/api/f4/trans/in',
    auth: 'public',
    tag: 'games-host',
    summary: 'Moves coins from the main wallet into the game wallet (idempotent per request_id)',
    body: strict({ session, amount: amountInput, request_id: requestId }),
    data: gameWallet.extend({ amount: money }),
  }),
  f4TransOut: defineRoute({
    method: 'POST',
    path: '/api/f4/trans/out',
    auth: 'public',
    tag: 'games-host',
    summary: 'Moves the whole game wallet back to the main wallet (idempotent per request_id); `close` ends the session',
    body: strict({ session, request_id: requestId, close: z.boolean().optional() }),
    data: gameWallet.extend({ amount: money.describe('coins moved back') }),
  }),
  f4Balance: defineRoute({
    method: 'POST',
    path: '/api/f4/balance',
    auth: 'public',
    tag: 'games-host',
    summary: 'The game wallet of the session\'s user, and the rules of the session\'s game',
    body: strict({ session }),
    data: gameWallet.extend({ game: gameItem.pick({ code: true, name: true, entry: true, reward_max: true, points_per_coin: true }) }),
  }),
  f4RoundStart: defineRoute({
    method: 'POST',
    path: '/api/f4/round/start',
    auth: 'public',
    tag: 'games-host',
    summary: 'Starts a round: pays the entry from the game wallet (idempotent per request_id)',
    body: strict({ session, request_id: requestId }),
    data: gameWallet.extend({ round_id: z.number().int(), seed: z.number().int(), entry: money }),
  }),
  f4RoundScore: defineRoute({
    method: 'POST',
    path: '/api/f4/round/score',
    auth: 'public',
    tag: 'games-host',
    summary: 'Ends a round with its score; the reward is paid into the game wallet within the limits',
    body: strict({ session, round_id: idNumber, score: z.number().int().min(0).max(10_000_000) }),
    data: gameWallet.extend({ score: z.number().int(), reward: money, capped: z.boolean().describe('the daily cap cut the reward') }),
  }),
};
