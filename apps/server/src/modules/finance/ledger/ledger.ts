import { LRUCache } from 'lru-cache';
import type { Counter } from 'prom-client';
import { afterCommit, type Conn, type Db } from '../../../db/database.js';
import { nowIso } from '../../../db/time.js';
import {
  ledgerRepository as repo,
  USER_ACCOUNT_KINDS,
  type AccountKind,
  type AccountRef,
  type NewEntry,
  type PlatformAccountKind,
  type UserAccountKind,
} from './ledger.repository.js';

/** An account as transfers name it (other modules take it from here, not from the repository). */
export type { AccountRef };

/** Why money moved; also the `type` of a wallet record. */
export type TransferKind =
  | 'recharge'
  | 'recharge_bonus'
  | 'gift'
  | 'gift_fee'
  | 'collect'
  | 'exchange'
  | 'exchange_fee'
  | 'withdraw_freeze'
  | 'withdraw_payout'
  | 'withdraw_fee'
  | 'withdraw_refund'
  | 'recharge_refund'
  | 'check_in'
  | 'game_in'
  | 'game_out'
  | 'game_entry'
  | 'game_reward'
  | 'video_buy'
  | 'video_fee'
  | 'envelope_send'
  | 'envelope_grab'
  | 'envelope_refund'
  | 'luckybag_in'
  | 'luckybag_win'
  | 'luckybag_refund'
  | 'adjust';

/** One movement to post: `amount` (> 0) from one account to another. */
export interface TransferSpec {
  /** Idempotency key, UNIQUE over all transfers: posting it again fails the transaction. */
  key: string;
  kind: TransferKind;
  from: AccountRef;
  to: AccountRef;
  amount: number;
  ref?: string;
  /** zh-CN text of the record (the admin ledger, the CLI) */
  remark?: string;
  /** what a client renders the record from in its reader's language, with `kind` (contract recordParams) */
  params?: Record<string, string | number>;
}

/** A guarded account would have gone below zero: nothing of the transaction is kept. */
export class Overdraft extends Error {
  constructor(readonly account: AccountRef) {
    super(`overdraft refused on account ${account.id} (${account.kind})`);
    this.name = 'Overdraft';
  }
}

export type UserAccounts = Record<UserAccountKind, AccountRef>;
export type PlatformAccounts = Record<PlatformAccountKind, AccountRef>;

/**
 * The double-entry ledger. Balances live on the accounts and change only in `post`, inside the
 * transaction that writes the transfers and their entries: one guarded UPDATE per account (the
 * database refuses to take a guarded account below zero), never a read-modify-write.
 */
/**
 * What must move with the coins, run by `post` inside its transaction after the entries (the levels:
 * levels.repository.ts's `levelsFollowLedger`). The ledger knows nothing of who follows it.
 */
export type PostFollower = (conn: Conn, specs: readonly TransferSpec[]) => Promise<void>;

export class Ledger {
  /** Account ids of recently active users (ids never change; bounded, least recently used first out). */
  private readonly userCache = new LRUCache<number, UserAccounts>({ max: 50_000 });
  private platformCache: PlatformAccounts | undefined;

  constructor(
    private readonly db: Db,
    /** Run in each posting's transaction, in order. */
    private readonly followers: readonly PostFollower[],
    /** Counts the transfers committed, by kind (the process's metrics). */
    private readonly counted?: Pick<Counter<'kind'>, 'inc'>,
  ) {}

  /** The transfer posted under an idempotency key, if any (a repeated request answers the first). */
  transferByKey(key: string, conn: Conn = this.db.kysely) {
    return repo.transferByKey(conn, key);
  }

  /** The balance `accountId` had right after the transfer posted under `key` (0 if none): a repeated request's answer. */
  balanceAfter(key: string, accountId: number, conn: Conn = this.db.kysely): Promise<number> {
    return repo.balanceAfter(conn, key, accountId);
  }

  /** A user's four accounts, opened on first use (ids never change, so they are cached). */
  async userAccounts(userId: number): Promise<UserAccounts> {
    const hit = this.userCache.get(userId);
    if (hit) return hit;
    const k = this.db.kysely;
    let rows = await repo.accountsOf(k, userId);
    if (rows.length < USER_ACCOUNT_KINDS.length) {
      await repo.createAccounts(k, userId, USER_ACCOUNT_KINDS, nowIso());
      rows = await repo.accountsOf(k, userId);
    }
    const accounts = byKind(rows, USER_ACCOUNT_KINDS) as UserAccounts;
    this.userCache.set(userId, accounts);
    return accounts;
  }

  /** The platform's accounts (created by the wallet migration). */
  async platformAccounts(): Promise<PlatformAccounts> {
    if (!this.platformCache) {
      const kinds = ['revenue', 'payment_clearing', 'withdrawal_clearing', 'rewards'] as const;
      this.platformCache = byKind(await repo.accountsOf(this.db.kysely, 0), kinds) as PlatformAccounts;
    }
    return this.platformCache;
  }

  /**
   * Posts transfers inside the caller's transaction: inserts them (a repeated key fails here, on
   * the UNIQUE index, before any balance moves), applies each account's net change with the guard
   * in ascending account order (so concurrent PostgreSQL transactions lock rows in one order and
   * cannot deadlock on them), and writes both entries of each transfer with the balance after it.
   * Then runs the followers in the same transaction (the users' level totals).
   * Answers the transfer ids (in order) and each touched account's new balance. Throws Overdraft
   * when a guard refuses.
   */
  async post(conn: Conn, specs: TransferSpec[], now = nowIso()): Promise<{ ids: number[]; balances: Map<number, number> }> {
    const ids: number[] = [];
    const net = new Map<number, { ref: AccountRef; delta: number }>();
    for (const t of specs) {
      if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`bad transfer amount ${t.amount}`);
      if (t.from.id === t.to.id) throw new Error('a transfer needs two accounts');
      ids.push(
        await repo.insertTransfer(conn, {
          idem_key: t.key,
          kind: t.kind,
          from_account: t.from.id,
          to_account: t.to.id,
          amount: t.amount,
          ref: t.ref ?? '',
          remark: t.remark ?? '',
          params: JSON.stringify(t.params ?? {}),
          created_at: now,
        }),
      );
      addTo(net, t.from, -t.amount);
      addTo(net, t.to, t.amount);
    }
    const balances = new Map<number, number>();
    for (const { ref, delta } of [...net.values()].sort((a, b) => a.ref.id - b.ref.id)) {
      const after = await repo.applyDelta(conn, ref.id, delta);
      if (after === null) throw new Overdraft(ref);
      balances.set(ref.id, after);
    }
    // Balance after each entry, walking back from the final balances.
    const entries: NewEntry[] = [];
    specs.forEach((t, i) => {
      const transfer_id = ids[i]!;
      entries.push({ transfer_id, account_id: t.from.id, user_id: t.from.user_id, kind: t.kind, amount: -t.amount, balance_after: 0, created_at: now });
      entries.push({ transfer_id, account_id: t.to.id, user_id: t.to.user_id, kind: t.kind, amount: t.amount, balance_after: 0, created_at: now });
    });
    const running = new Map(balances);
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      const after = running.get(e.account_id)!;
      e.balance_after = after;
      running.set(e.account_id, after - e.amount);
    }
    await repo.insertEntries(conn, entries);
    // Levels and VIP tiers move with the coins, in this transaction (so they equal a recount of the transfers).
    for (const follow of this.followers) await follow(conn, specs);
    const counted = this.counted;
    if (counted) afterCommit(conn, () => specs.forEach((t) => counted.inc({ kind: t.kind })));
    return { ids, balances };
  }
}

function addTo(net: Map<number, { ref: AccountRef; delta: number }>, ref: AccountRef, delta: number): void {
  const cur = net.get(ref.id);
  if (cur) cur.delta += delta;
  else net.set(ref.id, { ref, delta });
}

function byKind(rows: AccountRef[], kinds: readonly AccountKind[]): Record<string, AccountRef> {
  const out: Record<string, AccountRef> = {};
  for (const kind of kinds) {
    const row = rows.find((r) => r.kind === kind);
    if (!row) throw new Error(`account ${kind} missing`);
    out[kind] = { id: row.id, user_id: row.user_id, kind: row.kind };
  }
  return out;
}
