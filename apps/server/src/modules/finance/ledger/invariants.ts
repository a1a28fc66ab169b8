import type { Conn } from '../../../db/database.js';
import { ledgerRepository as repo } from './ledger.repository.js';

/** What the books look like: every field is 0 / empty when the ledger is sound. */
export interface LedgerCheck {
  /** Sum of every account's balance (money is only ever moved, so 0). */
  sum: number;
  /** Guarded accounts below zero. */
  negative: { id: number; user_id: number; kind: string; balance: number }[];
  /** Accounts whose balance is not what their transfers (and their entries) add up to. */
  drifted: { id: number; balance: number; by_transfers: number; by_entries: number }[];
  /** Transfers without exactly their two mirrored entries. */
  unbalanced: number;
}

/** Checks every invariant of the ledger with plain SQL over all of it. */
export async function checkLedger(db: Conn): Promise<LedgerCheck> {
  const [sum, negative, drifted, unbalanced] = await Promise.all([
    repo.sumOfBalances(db),
    repo.negativeAccounts(db),
    repo.driftedAccounts(db),
    repo.unbalancedTransfers(db),
  ]);
  return { sum, negative: negative.map((n) => ({ ...n, balance: Number(n.balance) })), drifted, unbalanced };
}

export const isSound = (c: LedgerCheck): boolean => c.sum === 0 && c.negative.length === 0 && c.drifted.length === 0 && c.unbalanced === 0;
