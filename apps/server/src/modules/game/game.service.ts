import { ErrorCode, type GameItem, type GameOpKind, type GameRules, type InternalOp } from '@app/contract';
import type { Deps } from '../../deps.js';
import { nowIso } from '../../db/time.js';
import { BizError, sessionError } from '../../http/errors.js';
import type { SessionService } from '../auth/session.service.js';
import type { Finance } from '../finance/finance.js';
import { Overdraft, type TransferKind, type TransferSpec } from '../finance/ledger/ledger.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import type { AccountRef } from '../finance/ledger/ledger.js';
import { users } from '../user/users.js';
import { gamesHostForClient, type GamesConfig } from '../../config/games.config.js';
import { gameRepository as repo } from './game.repository.js';

const KIND: Record<GameOpKind, TransferKind> = { in: 'game_in', out: 'game_out', entry: 'game_entry', reward: 'game_reward' };
const REMARK: Record<GameOpKind, string> = { in: '转入游戏', out: '游戏转出', entry: '游戏入场', reward: '游戏奖励' };

/**
 * The main server's side of the mini games: the catalogue, and the internal API the games host
 * calls to check a platform token and to mirror every game-wallet movement on the ledger. Coins
 * in game wallets sit in the platform's `game_escrow` account; each movement is one transfer keyed
 * `game:<op id>`, so the games host may send an op again (after a crash, a timeout) and it moves once.
 */
export class GameService {
  private escrow: AccountRef | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly sessions: SessionService,
    private readonly finance: Finance,
    readonly config: GamesConfig,
  ) {}

  private abs(p: string): string {
    return p.startsWith('/') ? `${this.deps.config.publicUrl}${p}` : p;
  }

  /** game/fetch: the catalogue and where the games host is. */
  async list(): Promise<{ host: string; list: GameItem[] }> {
    const rows = await repo.list(this.deps.db.kysely);
    return {
      host: gamesHostForClient(this.config),
      list: rows.map((g) => ({
        id: g.id,
        code: g.code,
        name: g.name,
        intro: g.intro,
        cover: this.abs(g.cover),
        players: Number(g.players ?? 0),
        entry: Number(g.entry),
        reward_max: Number(g.reward_max),
        points_per_coin: g.points_per_coin,
      })),
    };
  }

  /** Checks a platform token for the games host: a member's live session, and an enabled game. */
  async login(token: string, code: string): Promise<{ user_id: number; nickname: string; game: GameRules }> {
    const checked = await this.sessions.check(token);
    if (!checked.ok) throw sessionError(checked.code);
    const { user } = checked.auth;
    if (user.is_guest) throw sessionError(ErrorCode.GUEST_NOT_ALLOWED);
    const db = this.deps.db.kysely;
    const g = await repo.byCode(db, code);
    if (!g) throw new BizError(ErrorCode.GAME_NOT_FOUND);
    await repo.addPlayer(db, code, user.id, nowIso());
    return {
      user_id: user.id,
      nickname: user.nickname,
      game: {
        id: g.id,
        code: g.code,
        name: g.name,
        intro: g.intro,
        entry: Number(g.entry),
        reward_max: Number(g.reward_max),
        points_per_coin: g.points_per_coin,
        max_points_per_s: g.max_points_per_s,
      },
    };
  }

  /**
   * Mirrors one game-wallet movement on the ledger, once per op id: `in` coin → escrow (refused
   * when the coins are not there), `out` escrow → coin, `entry` escrow → revenue, `reward`
   * rewards → escrow. The same op again answers the user's coins without moving anything. A
   * disabled account (login ban) is refused every op but `out` (ACCOUNT_DISABLED).
   */
  async op(op: InternalOp): Promise<{ coin: number }> {
    const ledger = this.finance.ledger;
    const key = `game:${op.id}`;
    const db = this.deps.db.kysely;
    const seen = await ledger.transferByKey(key);
    if (seen) return this.answer(op, seen);
    // A banned account's game sessions stop moving coins; only taking the game wallet back out is left open.
    if (op.kind !== 'out') {
      const user = await users.byId(db, op.user_id);
      if (user?.disabled_until && user.disabled_until > nowIso()) throw sessionError(ErrorCode.ACCOUNT_DISABLED);
    }
    const [user, platform, escrow] = await Promise.all([ledger.userAccounts(op.user_id), ledger.platformAccounts(), this.escrowAccount()]);
    const route: Record<GameOpKind, [AccountRef, AccountRef]> = {
      in: [user.coin, escrow],
      out: [escrow, user.coin],
      entry: [escrow, platform.revenue],
      reward: [platform.rewards, escrow],
    };
    const [from, to] = route[op.kind];
    // The record's remark names the game (the record's type already says which way the coins went).
    const name = op.game ? (await repo.byCode(db, op.game))?.name : undefined;
    const spec: TransferSpec = {
      key,
      kind: KIND[op.kind],
      from,
      to,
      amount: op.amount,
      ref: `U${op.user_id}`,
      remark: name ?? REMARK[op.kind],
      params: op.game ? { game: op.game } : {},
    };
    try {
      await this.deps.db.tx((conn) => ledger.post(conn, [spec]));
    } catch (err) {
      if (isUniqueViolation(err)) {
        const first = await ledger.transferByKey(key);
        if (first) return this.answer(op, first);
      }
      if (err instanceof Overdraft) {
        if (op.kind === 'in') throw new BizError(ErrorCode.BALANCE_NOT_ENOUGH);
        this.deps.log.error({ op }, 'game escrow would go negative: the games host and the ledger disagree');
        throw new BizError(ErrorCode.CONFLICT, '游戏账户余额不一致');
      }
      throw err;
    }
    return { coin: await this.finance.wallet.coin(op.user_id) };
  }

  /** The same op id with other content is a bug on the games host: refused, never answered as done. */
  private async answer(op: InternalOp, seen: { kind: string; amount: number; ref: string }) {
    if (seen.kind !== KIND[op.kind] || Number(seen.amount) !== op.amount || seen.ref !== `U${op.user_id}`) {
      throw new BizError(ErrorCode.CONFLICT, 'op id 已用于另一笔操作');
    }
    return { coin: await this.finance.wallet.coin(op.user_id) };
  }

  private async escrowAccount(): Promise<AccountRef> {
    if (!this.escrow) {
      const a = await repo.escrowAccount(this.deps.db.kysely);
      this.escrow = { id: a.id, user_id: a.user_id, kind: a.kind };
    }
    return this.escrow;
  }

  /** The ledger's side of the books: the escrow balance and what each user holds on the games host. */
  async books(userIds: number[]) {
    const db = this.deps.db.kysely;
    const [escrow, nets, coins] = await Promise.all([repo.escrowAccount(db), repo.netByUser(db, userIds), repo.coins(db, userIds)]);
    return { escrow: Number(escrow.balance), users: userIds.map((id) => ({ user_id: id, net: nets.get(id) ?? 0, coin: coins.get(id) ?? 0 })) };
  }
}
