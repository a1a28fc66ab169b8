import { randomBytes, randomInt } from 'node:crypto';
import { ErrorCode, gameRules, type GameRules, type gamesHostCalls, type GameWallet, type RouteBody } from '@app/contract';
import { BizError, sessionError } from '../http/errors.js';
import { hashToken as hash, newToken } from '../lib/token.js';
import { chinaDay } from '../lib/chinaTime.js';
import { isUniqueViolation } from '../db/uniqueViolation.js';
import type { GamesConfig } from '../config/games.config.js';
import type { GameSessionRow, GamesDb } from './db.js';
import type { Platform } from './platform.js';
import { roundRepository as rounds } from './round.repository.js';
import { gameSessionRepository as sessions } from './gameSession.repository.js';
import { walletRepository } from './wallet.repository.js';
import type { GameWallets } from './wallet.js';

/** A live session with its rules. */
interface Live {
  row: GameSessionRow;
  rules: GameRules;
}

/**
 * The games host's calls: login with the platform token, the game wallet (in, out, balance) and
 * rounds (entry, score, reward within the limits). Every coin movement goes through GameWallets.
 */
export class GamesHostService {
  constructor(
    private readonly db: GamesDb,
    private readonly platform: Platform,
    private readonly wallets: GameWallets,
    private readonly config: GamesConfig,
  ) {}

  private async state(userId: number): Promise<GameWallet> {
    const [balance, rewardToday] = await Promise.all([this.wallets.balance(userId), rounds.rewardOn(this.db.kysely, userId, chinaDay(Date.now()))]);
    return { balance, reward_today: rewardToday, reward_cap: this.config.dailyRewardCap };
  }

  /** The session a call names, live (not closed, not expired), or GAME_SESSION_INVALID. */
  async live(token: string): Promise<Live> {
    const row = await sessions.byHash(this.db.kysely, hash(token));
    if (!row || row.closed_at || row.expires_at <= new Date().toISOString()) throw new BizError(ErrorCode.GAME_SESSION_INVALID);
    return { row, rules: gameRules.parse(JSON.parse(row.rules)) };
  }

  /**
   * f4/login: checks the platform token with the main server, returns what an earlier session left
   * in the game wallet, moves `amount` in when asked, and opens a session for the game.
   */
  async login(platformToken: string | undefined, body: RouteBody<typeof gamesHostCalls.f4Login>, pageBase: string) {
    if (!platformToken) throw sessionError(ErrorCode.TOKEN_MISSING);
    const who = await this.platform.login(platformToken, body.game);
    const userId = who.user_id;
    const now = new Date().toISOString();
    await sessions.closeOpen(this.db.kysely, userId, now);
    const inKey = body.request_id ? `in:${userId}:${body.request_id}` : '';
    // A retried login (its transfer-in already written) keeps what it moved in.
    const retry = inKey !== '' && (await this.wallets.opByKey(inKey)) !== undefined;
    const returned = retry ? 0 : await this.sweep(userId, body.game);
    if (body.amount !== undefined && inKey) {
      await this.wallets.run({ key: inKey, userId, kind: 'in', amount: body.amount, game: body.game });
    }
    const token = newToken();
    const expires = new Date(Date.now() + this.config.sessionTtlMs).toISOString();
    await sessions.insertSession(this.db.kysely, {
      token_hash: hash(token),
      user_id: userId,
      game: who.game.code,
      rules: JSON.stringify(who.game),
      created_at: now,
      expires_at: expires,
      closed_at: null,
    });
    const { max_points_per_s: _, ...game } = who.game;
    return {
      ...(await this.state(userId)),
      session: token,
      expires_at: expires,
      launch_url: `${pageBase}/play/${who.game.code}/?s=${encodeURIComponent(token)}`,
      returned,
      game,
    };
  }

  /** Moves the whole game wallet back to the main wallet under `key`; answers what moved (0 when empty). */
  private async returnAll(userId: number, key: string, game: string): Promise<number> {
    return Number((await this.wallets.drain({ key, userId, game })).amount);
  }

  /** Returns what a wallet holds under a key of its own (nothing is written for an empty wallet: no one retries that key). */
  private async sweep(userId: number, game: string): Promise<number> {
    if ((await this.wallets.balance(userId)) === 0) return 0;
    return this.returnAll(userId, `sweep:${userId}:${randomBytes(8).toString('hex')}`, game);
  }

  /**
   * The main server refuses a banned account's ops (ACCOUNT_DISABLED): its game sessions close then,
   * so later calls answer GAME_SESSION_INVALID, and the sweep returns what the game wallet holds.
   */
  private async unlessBanned<T>(userId: number, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      if (err instanceof BizError && err.code === ErrorCode.ACCOUNT_DISABLED) await sessions.closeOpen(this.db.kysely, userId, new Date().toISOString());
      throw err;
    }
  }

  /**
   * f4/trans/in: `amount` from the main wallet into the game wallet, in a live session. A retry of a
   * request_id the host already took answers that movement, even after its session closed (the
   * first answer was lost on the way; the page retries as it leaves), as trans/out does.
   */
  async transIn(token: string, amount: number, requestId: string) {
    const row = await sessions.byHash(this.db.kysely, hash(token));
    if (!row) throw new BizError(ErrorCode.GAME_SESSION_INVALID);
    const key = `in:${row.user_id}:${requestId}`;
    if (!(await this.wallets.opByKey(key))) await this.live(token);
    const op = await this.unlessBanned(row.user_id, this.wallets.run({ key, userId: row.user_id, kind: 'in', amount, game: row.game }));
    return { ...(await this.state(row.user_id)), amount: Number(op.amount) };
  }

  /**
   * f4/trans/out: the whole game wallet back to the main wallet. The same request_id answers the
   * same movement, forever (one that moved 0 answers 0 again, whatever came in since); `close` ends the session too (leaving the game). A closed session may still
   * take its money out (the page's last call as the tab closes).
   */
  async transOut(token: string, requestId: string, close: boolean) {
    const row = await sessions.byHash(this.db.kysely, hash(token));
    if (!row) throw new BizError(ErrorCode.GAME_SESSION_INVALID);
    const userId = row.user_id;
    if (close) await sessions.close(this.db.kysely, row.id, new Date().toISOString());
    const amount = await this.returnAll(userId, `out:${userId}:${requestId}`, row.game);
    return { ...(await this.state(userId)), amount };
  }

  async balance(token: string) {
    const { row, rules } = await this.live(token);
    return { ...(await this.state(row.user_id)), game: rules };
  }

  /** Starts a round: the entry leaves the game wallet with it (the same request_id answers the same round). */
  async roundStart(token: string, requestId: string) {
    const { row, rules } = await this.live(token);
    const key = `round:${row.user_id}:${requestId}`;
    let round = await rounds.byKey(this.db.kysely, key);
    if (!round) {
      const now = new Date().toISOString();
      const fresh = {
        idem_key: key,
        session_id: row.id,
        user_id: row.user_id,
        game: row.game,
        seed: randomInt(1, 2 ** 31 - 1),
        entry: rules.entry,
        state: 'open' as const,
        score: 0,
        reward: 0,
        day: chinaDay(Date.now()),
        started_at: now,
        ended_at: null,
      };
      if (rules.entry > 0) {
        const paid = this.wallets.run(
          { key: `entry:${row.user_id}:${requestId}`, userId: row.user_id, kind: 'entry', amount: rules.entry, game: row.game },
          async (trx) => {
            await rounds.insert(trx, fresh);
          },
        );
        await this.unlessBanned(row.user_id, paid);
      } else {
        // No entry op decides between copies of one start sent at once: the round's key does.
        await rounds.insert(this.db.kysely, fresh).catch((err: unknown) => {
          if (!isUniqueViolation(err)) throw err;
        });
      }
      round = await rounds.byKey(this.db.kysely, key);
      if (!round) throw new Error('round not written');
    } else if (round.entry > 0) {
      const entry = await this.wallets.opByKey(`entry:${row.user_id}:${requestId}`);
      if (entry) await this.wallets.settle(entry);
    }
    return { ...(await this.state(row.user_id)), round_id: round.id, seed: Number(round.seed), entry: Number(round.entry) };
  }

  /**
   * Ends a round with its score. Accepted only from the live session that started it, once, and
   * only when the score is possible in the time played (`max_points_per_s`); the reward is the
   * score's worth (`points_per_coin`), at most `reward_max`, and within the daily cap.
   */
  async roundScore(token: string, roundId: number, score: number) {
    const { row, rules } = await this.live(token);
    const round = await rounds.byId(this.db.kysely, roundId);
    if (!round || round.session_id !== row.id) throw new BizError(ErrorCode.GAME_ROUND_CLOSED);
    if (round.state !== 'open') throw new BizError(ErrorCode.GAME_ROUND_CLOSED);
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const day = chinaDay(nowMs);
    const seconds = Math.max(0, (nowMs - Date.parse(round.started_at)) / 1000);
    if (score > rules.max_points_per_s * (seconds + 2)) {
      await rounds.end(this.db.kysely, round.id, { state: 'refused', score, reward: 0, day, ended_at: now });
      throw new BizError(ErrorCode.GAME_SCORE_REFUSED, `成绩无效：${Math.round(seconds)} 秒内不可能得到 ${score} 分`);
    }
    const worth = Math.min(Math.floor((score * 10_000) / rules.points_per_coin), rules.reward_max);
    const result = await this.db.kysely.transaction().execute(async (trx) => {
      // Touching the wallet row first serializes one user's rounds (PostgreSQL row lock), so the cap holds.
      await walletRepository.touch(trx, row.user_id, now);
      const used = await rounds.rewardOn(trx, row.user_id, day);
      const reward = Math.max(0, Math.min(worth, this.config.dailyRewardCap - used));
      if (!(await rounds.end(trx, round.id, { state: 'scored', score, reward, day, ended_at: now }))) throw new BizError(ErrorCode.GAME_ROUND_CLOSED);
      const op =
        reward > 0
          ? await this.wallets.stageCredit(trx, { key: `reward:${round.id}`, userId: row.user_id, kind: 'reward', amount: reward, game: row.game })
          : null;
      return { reward, capped: reward < worth, op };
    });
    if (result.op) {
      // The round is scored and its reward written; if the main server is away it arrives later.
      await this.unlessBanned(row.user_id, this.wallets.settle(result.op)).catch((err: unknown) => {
        if (!(err instanceof BizError && err.code === ErrorCode.GAMES_UNAVAILABLE)) throw err;
      });
    }
    return { ...(await this.state(row.user_id)), score, reward: result.reward, capped: result.capped };
  }

  /** Returns coins left in game wallets without a live session (the tab was closed, the session ran out). */
  async sweepStranded(): Promise<void> {
    const stranded = await sessions.strandedWallets(this.db.kysely, new Date().toISOString(), new Date(Date.now() - 60_000).toISOString());
    for (const w of stranded) {
      await this.sweep(w.user_id, '').catch(() => undefined);
    }
  }
}
