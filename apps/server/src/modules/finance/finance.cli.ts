import type { Db } from '../../db/database.js';
import type { FinanceConfig } from './finance.config.js';
import { checkLedger, isSound, type LedgerCheck } from './ledger/invariants.js';
import { Ledger } from './ledger/ledger.js';
import { levelsFollowLedger } from './levels/levels.repository.js';
import { WithdrawService } from './withdraw/withdraw.service.js';

/** `npm run admin -- withdraw approve|reject <id> [reason]`: the same review as the operator API (no hall push from the CLI). */
export async function reviewWithdrawal(db: Db, config: FinanceConfig, id: number, decision: 'approved' | 'rejected', reason: string) {
  const service = new WithdrawService(db, new Ledger(db, [levelsFollowLedger]), config);
  return service.review(id, decision, null, reason);
}

/** `npm run admin -- ledger check`: every invariant of the books, over the whole database. */
export async function ledgerCheck(db: Db): Promise<{ sound: boolean; check: LedgerCheck }> {
  const check = await checkLedger(db.kysely);
  return { sound: isSound(check), check };
}
