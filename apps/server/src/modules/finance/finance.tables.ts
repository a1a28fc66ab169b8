import type { Generated } from 'kysely';

/*
 * The wallet's tables: accounts, the ledger's transfers and entries, recharges and payments, gifts
 * sent, exchanges, withdrawals and check-ins.
 */

/** Wallet (issue 4). Money columns are integers in 1/10000 coin; real money is in fen (`*_fen`). */
export interface AccountsTable {
  id: Generated<number>;
  /** Owner; 0 = the platform. */
  user_id: number;
  kind:
    | 'coin'
    | 'gift_pending'
    | 'gift_earnings'
    | 'frozen_withdrawal'
    | 'revenue'
    | 'payment_clearing'
    | 'withdrawal_clearing'
    | 'rewards'
    | 'game_escrow'
    | 'envelope_escrow'
    | 'luckybag_escrow';
  /** Moved only by ledger transfers, in the transaction that writes them, with a guard against going negative. */
  balance: number;
  /** 1 for the platform's source accounts (money from outside, rewards paid): they go negative by design. */
  allow_negative: number;
  created_at: string;
}

/** One movement between two accounts; never edited or deleted. */
export interface TransfersTable {
  id: Generated<number>;
  idem_key: string;
  kind: string;
  from_account: number;
  to_account: number;
  amount: number;
  ref: string;
  remark: string;
  /** what the client renders the record from, with the kind (JSON) */
  params: Generated<string>;
  created_at: string;
}

/** The two sides of each transfer, with the balance after it (the wallet records). */
export interface EntriesTable {
  id: Generated<number>;
  transfer_id: number;
  account_id: number;
  user_id: number;
  kind: string;
  amount: number;
  balance_after: number;
  created_at: string;
}

export interface RechargePackagesTable {
  id: Generated<number>;
  name: string;
  price_fen: number;
  amount: number;
  bonus: number;
  tag: string;
  names: Generated<string>;
  tag_names: Generated<string>;
  sort: number;
  enabled: number;
  created_at: string;
}

export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  idem_key: string;
  user_id: number;
  package_id: number;
  name: string;
  price_fen: number;
  amount: number;
  bonus: number;
  provider: string;
  status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  trade_no: string | null;
  created_at: string;
  paid_at: string | null;
  /** The provider's payment page (a Stripe Checkout URL); null: the provider computes it (the sandbox). */
  pay_url: string | null;
  /** The provider's reference of the payment (a Checkout Session id). */
  provider_ref: string | null;
}

/** One refund per recharge order (decision 0197). */
export interface RechargeRefundsTable {
  id: Generated<number>;
  order_no: string;
  provider: string;
  status: 'refunded' | 'held' | 'failed';
  coins: number;
  price_fen: number;
  reason: string;
  operator_id: number;
  provider_ref: string | null;
  error: string;
  created_at: string;
  updated_at: string;
}

/** Each reconciliation run of one provider over one window (decision 0198). */
export interface PaymentReconciliationsTable {
  id: Generated<number>;
  provider: string;
  from_at: string;
  to_at: string;
  settlements: number;
  mismatches: number;
  ran_at: string;
}

/** What reconciliation found, once per provider, kind and reference. */
export interface PaymentMismatchesTable {
  id: Generated<number>;
  provider: string;
  kind: 'missing_credit' | 'unknown_settlement' | 'amount_mismatch' | 'unsettled_credit';
  ref: string;
  order_no: string;
  trade_no: string;
  amount_fen: number;
  detail: string;
  found_at: string;
}

/** Every payment callback received, accepted or refused (the audit log of the provider side). */
export interface PaymentCallbacksTable {
  id: Generated<number>;
  provider: string;
  order_no: string;
  verdict: string;
  detail: string;
  payload: string;
  ip: string | null;
  created_at: string;
}

export interface GiftRecordsTable {
  id: Generated<number>;
  idem_key: string;
  sender_id: number;
  receiver_id: number;
  room_id: number;
  gift_id: number;
  gift_name: string;
  gift_icon: string;
  gift_url: string;
  price: number;
  count: number;
  total: number;
  earning: number;
  combo: number;
  created_at: string;
}

/** A gift effect tier (migration 0053): what a send whose total reaches `min_coins` plays. */
export interface GiftTiersTable {
  level: number;
  min_coins: number;
  banner_ms: number;
  banner_style: string;
  fullscreen: number;
}

export interface ExchangesTable {
  id: Generated<number>;
  idem_key: string;
  user_id: number;
  amount: number;
  coin: number;
  fee: number;
  rate_bp: number;
  created_at: string;
}

/** A request refused for a short balance, kept by its idempotency key (migration 0012). */
export interface RefusedRequestsTable {
  idem_key: string;
  user_id: number;
  code: number;
  msg: string;
  /** The fields the key was first sent with (JSON): another request under the key is refused. */
  request: string;
  created_at: string;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  order_no: string;
  idem_key: string;
  user_id: number;
  platform: 'bank' | 'alipay' | 'wechat';
  account: string;
  account_name: string;
  amount: number;
  fee: number;
  payout_fen: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  reviewer_id: number | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface CheckInsTable {
  id: Generated<number>;
  idem_key: string;
  user_id: number;
  /** China-time date YYYY-MM-DD; UNIQUE with user_id: one check-in a day. */
  day: string;
  streak: number;
  reward: number;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    accounts: AccountsTable;
    transfers: TransfersTable;
    entries: EntriesTable;
    recharge_packages: RechargePackagesTable;
    recharge_orders: RechargeOrdersTable;
    recharge_refunds: RechargeRefundsTable;
    payment_reconciliations: PaymentReconciliationsTable;
    payment_mismatches: PaymentMismatchesTable;
    payment_callbacks: PaymentCallbacksTable;
    gift_records: GiftRecordsTable;
    gift_tiers: GiftTiersTable;
    exchanges: ExchangesTable;
    refused_requests: RefusedRequestsTable;
    withdrawals: WithdrawalsTable;
    check_ins: CheckInsTable;
  }
}
