import {
  recordParams,
  type MoneyChange,
  type MoneyChangeType,
  type Wallet,
  type WalletAccount,
  type WalletRules,
  type Api,
  type RouteQuery,
} from '@app/contract';
import { jsonObject } from '../../../db/names.js';
import type { Deps } from '../../../deps.js';
import type { FinanceConfig } from '../finance.config.js';
import { loadWithdrawRules } from '../withdraw/withdrawRules.js';
import { ledgerRepository as repo, type UserAccountKind } from './ledger.repository.js';

const FEN_PER_COIN = 10;

const toWalletAccount = (k: string): WalletAccount => (k === 'frozen_withdrawal' ? 'frozen' : (k as WalletAccount));
const fromWalletAccount = (a: WalletAccount): UserAccountKind => (a === 'frozen' ? 'frozen_withdrawal' : a);

/** Balances, wallet records and the rules the screens show. */
export class WalletService {
  constructor(
    private readonly deps: Deps,
    private readonly config: FinanceConfig,
  ) {}

  async wallet(userId: number): Promise<Wallet> {
    const rows = await repo.balancesOf(this.deps.db.kysely, userId);
    const of = (k: UserAccountKind) => Number(rows.find((r) => r.kind === k)?.balance ?? 0);
    return { coin: of('coin'), gift_pending: of('gift_pending'), gift_earnings: of('gift_earnings'), frozen: of('frozen_withdrawal') };
  }

  /** The coin balance (user/info). */
  coin(userId: number): Promise<number> {
    return repo.balanceOf(this.deps.db.kysely, userId, 'coin');
  }

  /** The rules the wallet screens show; the withdrawal ones as operators set them (withdrawRules.ts). */
  async rules(): Promise<WalletRules> {
    const withdraw = await loadWithdrawRules(this.deps.db.kysely, this.config);
    return {
      gift_anchor_share_bp: this.config.giftAnchorShareBp,
      exchange_rate_bp: this.config.exchangeRateBp,
      withdraw_min: withdraw.min,
      withdraw_step: 10_000,
      withdraw_fee_bp: withdraw.feeBp,
      fen_per_coin: FEN_PER_COIN,
    };
  }

  /** user_money_change: every movement of the user's balances, newest first. */
  async records(userId: number, q: RouteQuery<Api['userMoneyChange']>) {
    const { rows, total } = await repo.entriesPage(
      this.deps.db.kysely,
      userId,
      { kinds: q.type, accountKind: q.account ? fromWalletAccount(q.account) : undefined },
      q.page,
      q.size,
    );
    const list: MoneyChange[] = rows.map((r) => ({
      id: r.id,
      type: r.kind as MoneyChangeType,
      account: toWalletAccount(r.account_kind),
      amount: Number(r.amount),
      balance: Number(r.balance_after),
      remark: r.remark,
      params: recordParams.safeParse(jsonObject(r.params)).data ?? {},
      ref: r.ref,
      created_at: r.created_at,
    }));
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }
}

export { FEN_PER_COIN };
