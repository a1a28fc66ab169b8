import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime } from '../envelope.js';
import { amountInput, money, requestId } from './finance.js';
import { idNumber, strict } from './common.js';
import { gameCode, gameItem, gameSession as session, gameWallet } from './games.js';

/*
 * The calls of the games host (its own process and port; calls/games.ts says how coins move) and
 * the internal calls between it and the main server. Neither is in the main route table: the games
 * host documents `gamesHostCalls` at `<games host>/api/f4/openapi.json`; the internal calls
 * (`secret` auth: the shared GAMES_SECRET in `x-games-secret`) are in no document.
 */

export const gamesHostCalls = {
  f4Login: defineRoute({
    method: 'POST',
    path: '/api/f4/login',
    auth: 'platform',
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
    summary: "The game wallet of the session's user, and the rules of the session's game",
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

/** The header carrying GAMES_SECRET on the internal calls. */
export const GAMES_SECRET_HEADER = 'x-games-secret';

/** Kinds of game-wallet movement mirrored on the main ledger. */
export const gameOpKind = z.enum(['in', 'out', 'entry', 'reward']);
export type GameOpKind = z.infer<typeof gameOpKind>;

/** A game's rules as the main server answers them to the games host (which keeps them with the session). */
export const gameRules = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  intro: z.string(),
  entry: z.number().int(),
  reward_max: z.number().int(),
  points_per_coin: z.number().int(),
  max_points_per_s: z.number().int(),
});
export type GameRules = z.infer<typeof gameRules>;

const internalOpBody = strict({
  /** The games host's op id: the main ledger's idempotency key is `game:<id>`. */
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  user_id: z.number().int().positive(),
  kind: gameOpKind,
  amount: z.number().int().positive().max(1_000_000_000_000),
  game: z.string().max(16).default(''),
});
export type InternalOp = z.output<typeof internalOpBody>;

const userIds = strict({ user_ids: z.array(z.number().int().positive()).max(1000) });

/**
 * The internal calls: the games host asks the main server (`/api/internal/games/*`) to check a
 * platform token and to mirror each game-wallet movement on the ledger; both sides answer their
 * books for the agreement checks.
 */
export const gamesInternalCalls = {
  login: defineRoute({
    method: 'POST',
    path: '/api/internal/games/login',
    auth: 'secret',
    tag: 'games-internal',
    summary: "Checks a platform token (a member's live session) and an enabled game; answers the user and the game's rules",
    body: strict({ token: z.string().min(1).max(200), game: gameCode }),
    data: z.object({ user_id: z.number().int(), nickname: z.string(), game: gameRules }),
  }),
  op: defineRoute({
    method: 'POST',
    path: '/api/internal/games/op',
    auth: 'secret',
    tag: 'games-internal',
    summary: "Mirrors one game-wallet movement on the ledger, once per op id; answers the user's coins",
    body: internalOpBody,
    data: z.object({ coin: z.number().int() }),
  }),
  books: defineRoute({
    method: 'POST',
    path: '/api/internal/games/books',
    auth: 'secret',
    tag: 'games-internal',
    summary: "The ledger's side of the books: the game escrow, and per user what the ledger moved to the games host and the coins",
    body: userIds,
    data: z.object({
      escrow: z.number().int(),
      users: z.array(z.object({ user_id: z.number().int(), net: z.number().int(), coin: z.number().int() })),
    }),
  }),
  hostBooks: defineRoute({
    method: 'POST',
    path: '/internal/books',
    auth: 'secret',
    tag: 'games-internal',
    summary: "The games host's side of the books: per user the game wallet and the ops still pending",
    body: userIds,
    data: z.object({ users: z.array(z.object({ user_id: z.number().int(), balance: z.number().int(), pending: z.number().int() })) }),
  }),
};
