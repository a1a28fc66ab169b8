import { randomUUID } from 'node:crypto';
import { ErrorCode, type GameOpKind } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { BizError, reusedKey } from '../http/errors.js';
import { isUniqueViolation } from '../db/uniqueViolation.js';
import type { GameOpRow, GamesConn, GamesDb } from './db.js';
import { PlatformUnreachable, type Platform } from './platform.js';
import { walletRepository as repo } from './wallet.repository.js';

const DEBITS: ReadonlySet<GameOpKind> = new Set(['out', 'entry']);
/** Answers of the main server that settle an op for good (anything else may be retried). */
const REFUSALS: ReadonlySet<number> = new Set([ErrorCode.BALANCE_NOT_ENOUGH, ErrorCode.CONFLICT, ErrorCode.ACCOUNT_DISABLED]);
const NOT_ENOUGH = '游戏余额不足';

export interface OpSpec {
  key: string;
  userId: number;
  kind: GameOpKind;
  amount: number;
  game: string;
}

/**
 * The game wallets and the protocol that keeps them equal to the main ledger. Every movement is
 * an op written here first (a debit leaves the wallet in that same transaction, so two at once
 * can never overdraw it), then sent to the main server (idempotent by op id), then settled here:
 * `done` (a credit arrives now) or, when the main server refused, `failed` (a debit comes back).
 * An op whose answer never came stays `pending`; `recover` sends it again until it settles, so a
 * killed games host restarts and both ledgers agree again.
 */
export class GameWallets {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly db: GamesDb,
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
  ) {}

  opByKey(key: string) {
    return repo.opByKey(this.db.kysely, key);
  }

  balance(userId: number): Promise<number> {
    return repo.balance(this.db.kysely, userId);
  }

  /**
   * Runs one movement to the end. The same key again (a retry, a double tap) settles or answers
   * the op already written and moves nothing more; a key names one op forever, so the same key
   * with another amount or kind is refused (CONFLICT). Throws BALANCE_NOT_ENOUGH when the game
   * wallet (debits: the op is kept `failed`, so the key keeps that answer) or the main wallet
   * (`in`) lacks the coins, GAMES_UNAVAILABLE when the main server did not answer (the op stays
   * pending and is retried in the background).
   */
  async run(spec: OpSpec, inTx?: (conn: GamesConn, op: GameOpRow) => Promise<void>): Promise<GameOpRow> {
    const op = await this.write(spec.key, spec.userId, async (trx, now) => {
      const row = this.opRow(spec, now);
      await repo.insertOp(trx, row);
      if (DEBITS.has(spec.kind) && !(await repo.applyDelta(trx, spec.userId, -spec.amount, now))) {
        await repo.settleOp(trx, row.id, 'failed', NOT_ENOUGH, now);
        return { ...row, state: 'failed' as const, error: NOT_ENOUGH, settled_at: now };
      }
      if (inTx) await inTx(trx, row);
      return row;
    });
    if (op.kind !== spec.kind || Number(op.amount) !== spec.amount || op.user_id !== spec.userId) throw reusedKey();
    return this.settle(op);
  }

  /**
   * Moves the whole game wallet out (kind `out`), settled. The wallet row is locked while its
   * balance is read and taken, so nothing else moves it in between; an empty wallet writes an op
   * of 0, done at once. The same key again answers the op it wrote, whatever the wallet holds now.
   */
  async drain(spec: Omit<OpSpec, 'kind' | 'amount'>): Promise<GameOpRow> {
    const op = await this.write(spec.key, spec.userId, async (trx, now) => {
      const amount = await repo.lockBalance(trx, spec.userId, now);
      const row: GameOpRow = { ...this.opRow({ ...spec, kind: 'out', amount }, now), ...(amount === 0 ? { state: 'done', settled_at: now } : {}) };
      await repo.insertOp(trx, row);
      if (amount > 0 && !(await repo.applyDelta(trx, spec.userId, -amount, now))) throw new Error('game wallet moved under its lock');
      return row;
    });
    if (op.kind !== 'out' || op.user_id !== spec.userId) throw reusedKey();
    return this.settle(op);
  }

  private opRow(spec: OpSpec, now: string): GameOpRow {
    return {
      id: randomUUID(),
      idem_key: spec.key,
      user_id: spec.userId,
      kind: spec.kind,
      amount: spec.amount,
      game: spec.game,
      state: 'pending',
      error: '',
      created_at: now,
      settled_at: null,
    };
  }

  /** The op of `key`: the one already written, or the one `insert` writes (in a transaction, the wallet row ensured); a twin that wrote it first wins. */
  private async write(key: string, userId: number, insert: (trx: GamesConn, now: string) => Promise<GameOpRow>): Promise<GameOpRow> {
    const seen = await repo.opByKey(this.db.kysely, key);
    if (seen) return seen;
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await repo.ensureWallet(trx, userId, now);
        return insert(trx, now);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const first = await repo.opByKey(this.db.kysely, key);
      if (!first) throw err;
      return first;
    }
  }

  /** Writes a credit op inside the caller's transaction (a round's reward with its round); `settle` sends it. */
  async stageCredit(trx: GamesConn, spec: OpSpec & { kind: 'in' | 'reward' }): Promise<GameOpRow> {
    const now = new Date().toISOString();
    await repo.ensureWallet(trx, spec.userId, now);
    const row = this.opRow(spec, now);
    await repo.insertOp(trx, row);
    return row;
  }

  /** Sends a pending op to the main server and settles it by the answer. */
  async settle(op: GameOpRow): Promise<GameOpRow> {
    if (op.state === 'failed') throw new BizError(ErrorCode.BALANCE_NOT_ENOUGH, op.error || undefined);
    if (op.state === 'done') return op;
    this.inFlight.add(op.id);
    try {
      await this.platform.op({ id: op.id, user_id: op.user_id, kind: op.kind, amount: Number(op.amount), game: op.game });
    } catch (err) {
      if (err instanceof BizError && REFUSALS.has(err.code)) {
        await this.finish(op, 'failed', err.message);
        throw err;
      }
      if (!(err instanceof PlatformUnreachable)) this.log.warn({ err, op: op.id }, 'game op not settled; kept pending');
      throw new BizError(ErrorCode.GAMES_UNAVAILABLE);
    } finally {
      this.inFlight.delete(op.id);
    }
    return this.finish(op, 'done', '');
  }

  /** Moves the op out of pending exactly once; the wallet side of it moves with it. */
  private async finish(op: GameOpRow, state: 'done' | 'failed', error: string): Promise<GameOpRow> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (!(await repo.settleOp(trx, op.id, state, error.slice(0, 200), now))) return;
      const credit = state === 'done' ? !DEBITS.has(op.kind) : DEBITS.has(op.kind);
      if (credit) await repo.applyDelta(trx, op.user_id, Number(op.amount), now);
    });
    return { ...op, state, error };
  }

  /** Sends every pending op (older than `minAgeMs`, not in flight here) again; answers how many settled. */
  async recover(minAgeMs = 1_000): Promise<number> {
    const pending = await repo.pendingOps(this.db.kysely, new Date(Date.now() - minAgeMs).toISOString());
    let settled = 0;
    for (const op of pending) {
      if (this.inFlight.has(op.id)) continue;
      try {
        await this.settle(op);
        settled++;
      } catch (err) {
        if (err instanceof BizError && err.code === ErrorCode.GAMES_UNAVAILABLE) break;
        settled++;
      }
    }
    return settled;
  }

  /** This side of the books, per user: the wallet, and debits still pending (sent, not yet confirmed). */
  books(userIds: number[]) {
    return repo.books(this.db.kysely, userIds);
  }
}
