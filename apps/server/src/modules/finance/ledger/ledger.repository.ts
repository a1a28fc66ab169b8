import { sql } from 'kysely';
import type { Conn } from '../../../db/database.js';
import type { AccountsTable } from '../finance.tables.js';
import { runCompiled } from '../../../db/compiled.js';
import { pageOf } from '../../../db/paging.js';

export type AccountKind = AccountsTable['kind'];
export const USER_ACCOUNT_KINDS = ['coin', 'gift_pending', 'gift_earnings', 'frozen_withdrawal'] as const satisfies readonly AccountKind[];
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = Exclude<AccountKind, UserAccountKind>;

/** An account as the ledger addresses it. */
export interface AccountRef {
  id: number;
  user_id: number;
  kind: AccountKind;
}

export interface NewTransfer {
  idem_key: string;
  kind: string;
  from_account: number;
  to_account: number;
  amount: number;
  ref: string;
  remark: string;
  /** JSON: what clients render the record from, with its kind */
  params: string;
  created_at: string;
}

export interface NewEntry {
  transfer_id: number;
  account_id: number;
  user_id: number;
  kind: string;
  amount: number;
  balance_after: number;
  created_at: string;
}

const ENTRY_COLS = 7;

/** SQL of the ledger: accounts, transfers, entries. Transfers and entries are only ever inserted. */
export const ledgerRepository = {
  /** The balance an account had right after a transfer (a repeated request answers with the first result). */
  balanceAfter: async (db: Conn, transferKey: string, accountId: number): Promise<number> => {
    const r = await db
      .selectFrom('entries as e')
      .innerJoin('transfers as t', 't.id', 'e.transfer_id')
      .select('e.balance_after')
      .where('t.idem_key', '=', transferKey)
      .where('e.account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r?.balance_after ?? 0);
  },

  accountsOf: (db: Conn, userId: number): Promise<AccountRef[]> =>
    db.selectFrom('accounts').select(['id', 'user_id', 'kind']).where('user_id', '=', userId).execute(),

  /** Creates the accounts that do not exist yet (concurrent callers are fine: the (user, kind) key dedupes). */
  createAccounts: async (db: Conn, userId: number, kinds: readonly AccountKind[], now: string): Promise<void> => {
    await db
      .insertInto('accounts')
      .values(kinds.map((kind) => ({ user_id: userId, kind, balance: 0, allow_negative: 0, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
  },

  /** One balance of a user (0 when the account was never opened). Runs on every user/info. */
  balanceOf: async (db: Conn, userId: number, kind: UserAccountKind): Promise<number> => {
    const rows = await runCompiled(db, 'account.balance', [userId, kind], () =>
      db.selectFrom('accounts').select('balance').where('user_id', '=', userId).where('kind', '=', kind).compile(),
    );
    return Number(rows[0]?.balance ?? 0);
  },

  balancesOf: (db: Conn, userId: number) => db.selectFrom('accounts').select(['kind', 'balance']).where('user_id', '=', userId).execute(),

  insertTransfer: async (db: Conn, t: NewTransfer): Promise<number> => {
    const p = [t.idem_key, t.kind, t.from_account, t.to_account, t.amount, t.ref, t.remark, t.params, t.created_at];
    const rows = await runCompiled<{ id: number }>(db, 'transfer.insert', p, () =>
      db
        .insertInto('transfers')
        .values({
          idem_key: t.idem_key,
          kind: t.kind,
          from_account: t.from_account,
          to_account: t.to_account,
          amount: t.amount,
          ref: t.ref,
          remark: t.remark,
          params: t.params,
          created_at: t.created_at,
        })
        .returning('id')
        .compile(),
    );
    return rows[0]!.id;
  },

  /**
   * Moves `delta` onto an account unless that would take a guarded account below zero, in one
   * statement (no read-modify-write). Answers the new balance, or null when refused.
   */
  applyDelta: async (db: Conn, accountId: number, delta: number): Promise<number | null> => {
    const rows = await runCompiled<{ balance: number }>(db, 'account.apply', [delta, accountId, delta], () =>
      sql<{
        balance: number;
      }>`update accounts set balance = balance + ${delta} where id = ${accountId} and (allow_negative = 1 or balance + ${delta} >= 0) returning balance`.compile(
        db,
      ),
    );
    return rows[0] ? Number(rows[0].balance) : null;
  },

  insertEntries: async (db: Conn, entries: NewEntry[]): Promise<void> => {
    const p: unknown[] = [];
    for (const e of entries) p.push(e.transfer_id, e.account_id, e.user_id, e.kind, e.amount, e.balance_after, e.created_at);
    if (p.length !== entries.length * ENTRY_COLS) throw new Error('entry shape changed');
    const rows = entries.map((e) => ({
      transfer_id: e.transfer_id,
      account_id: e.account_id,
      user_id: e.user_id,
      kind: e.kind,
      amount: e.amount,
      balance_after: e.balance_after,
      created_at: e.created_at,
    }));
    await runCompiled(db, `entries.insert.${entries.length}`, p, () => db.insertInto('entries').values(rows).compile());
  },

  transferByKey: (db: Conn, key: string) => db.selectFrom('transfers').selectAll().where('idem_key', '=', key).executeTakeFirst(),

  /** Wallet records of a user: entries of their accounts, newest first. */
  entriesPage: async (db: Conn, userId: number, f: { kinds?: string[] | undefined; accountKind?: UserAccountKind | undefined }, page: number, size: number) => {
    let q = db
      .selectFrom('entries as e')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .innerJoin('transfers as t', 't.id', 'e.transfer_id')
      .where('e.user_id', '=', userId);
    if (f.kinds) q = q.where('e.kind', 'in', f.kinds);
    if (f.accountKind) q = q.where('a.kind', '=', f.accountKind);
    return pageOf(
      q,
      (q) =>
        q
          .select(['e.id', 'e.kind', 'e.amount', 'e.balance_after', 'e.created_at', 'a.kind as account_kind', 't.ref', 't.remark', 't.params'])
          .orderBy('e.id', 'desc'),
      page,
      size,
    );
  },

  // Invariant checks (tests, the bench, the admin CLI): straight SQL over the whole ledger.

  /** Sum of every account balance (0 when the books balance). */
  sumOfBalances: async (db: Conn): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('accounts')
          .select((eb) => eb.fn.sum<number>('balance').as('s'))
          .executeTakeFirst()
      )?.s ?? 0,
    ),

  /** Guarded accounts below zero. */
  negativeAccounts: (db: Conn) =>
    db.selectFrom('accounts').select(['id', 'user_id', 'kind', 'balance']).where('allow_negative', '=', 0).where('balance', '<', 0).execute(),

  /** Accounts whose stored balance differs from what their transfers add up to, or from the sum of their entries. */
  driftedAccounts: async (db: Conn) => {
    const rows = await sql<{ id: number; balance: number; by_transfers: number; by_entries: number }>`
      select a.id, a.balance, coalesce(i.s, 0) - coalesce(o.s, 0) as by_transfers, coalesce(e.s, 0) as by_entries
      from accounts a
      left join (select to_account as id, sum(amount) as s from transfers group by to_account) i on i.id = a.id
      left join (select from_account as id, sum(amount) as s from transfers group by from_account) o on o.id = a.id
      left join (select account_id as id, sum(amount) as s from entries group by account_id) e on e.id = a.id`.execute(db);
    return rows.rows
      .map((r) => ({ id: r.id, balance: Number(r.balance), by_transfers: Number(r.by_transfers), by_entries: Number(r.by_entries) }))
      .filter((r) => r.balance !== r.by_transfers || r.balance !== r.by_entries);
  },

  /** Transfers without exactly two entries: the debit of `from` and the credit of `to`, each of the amount. */
  unbalancedTransfers: async (db: Conn): Promise<number> => {
    const r = await sql<{ n: number }>`
      select count(*) as n from transfers t left join (
        select transfer_id, count(*) as n,
          sum(case when amount < 0 then 1 else 0 end) as debits,
          sum(case when amount < 0 then account_id else 0 end) as debit_account,
          sum(case when amount < 0 then -amount else 0 end) as debit,
          sum(case when amount > 0 then account_id else 0 end) as credit_account,
          sum(case when amount > 0 then amount else 0 end) as credit
        from entries group by transfer_id
      ) e on e.transfer_id = t.id
      where e.n is null or e.n <> 2 or e.debits <> 1 or e.debit_account <> t.from_account or e.debit <> t.amount
         or e.credit_account <> t.to_account or e.credit <> t.amount`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  },
};
