import type { WithdrawPlatformKind } from '@app/contract';
import type { Conn } from '../../../db/database.js';
import type { FinanceConfig } from '../finance.config.js';
import { withdrawRepository } from './withdraw.repository.js';

export const WITHDRAW_PLATFORM_KINDS: readonly WithdrawPlatformKind[] = ['bank', 'alipay', 'wechat'];

/** What operators set for withdrawals: the smallest amount, the fee, the platforms offered. */
export interface WithdrawRules {
  /** Smallest withdrawal, 1/10000 coin. */
  min: number;
  feeBp: number;
  platforms: WithdrawPlatformKind[];
}

const KEY = { min: 'withdraw_min', feeBp: 'withdraw_fee_bp', platforms: 'withdraw_platforms' } as const;

/** The rules in force: the settings table where an operator set them, else the WITHDRAW_* configuration. */
export async function loadWithdrawRules(db: Conn, config: FinanceConfig): Promise<WithdrawRules> {
  const rows = await withdrawRepository.rules(db, Object.values(KEY));
  const get = (k: string) => rows.find((r) => r.key === k)?.value;
  const min = Number(get(KEY.min));
  const feeBp = Number(get(KEY.feeBp));
  const listed = get(KEY.platforms)
    ?.split(',')
    .filter((p): p is WithdrawPlatformKind => (WITHDRAW_PLATFORM_KINDS as readonly string[]).includes(p));
  return {
    min: get(KEY.min) !== undefined && Number.isSafeInteger(min) && min > 0 ? min : config.withdrawMin,
    feeBp: get(KEY.feeBp) !== undefined && Number.isInteger(feeBp) && feeBp >= 0 ? feeBp : config.withdrawFeeBp,
    platforms: listed ?? [...WITHDRAW_PLATFORM_KINDS],
  };
}

/** Stores the rules (the console); they apply to the next withdrawal on every instance. */
export async function saveWithdrawRules(db: Conn, rules: WithdrawRules): Promise<void> {
  const values = { [KEY.min]: String(rules.min), [KEY.feeBp]: String(rules.feeBp), [KEY.platforms]: rules.platforms.join(',') };
  await withdrawRepository.saveRules(db, values);
}
