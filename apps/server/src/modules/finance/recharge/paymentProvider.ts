import type { PayProvider } from '../finance.config.js';

/** A payment result as a provider reports it (already authenticated). Amounts in the currency's smallest unit. */
export interface PaymentNotice {
  order_no: string;
  trade_no: string;
  amount_fen: number;
  /** ISO 4217, lower case (`cny`). */
  currency: string;
  status: 'paid' | 'cancelled';
}

/** What a provider's verification makes of a notify: a result, an event that moves nothing, or a refusal. */
export type Verdict =
  { ok: true; notice: PaymentNotice } | { ok: true; ignored: string } | { ok: false; reason: 'bad_signature' | 'stale' | 'malformed'; detail?: string };

/** A notify as it arrived: the parsed body (sandbox), the raw bytes (providers that sign them) and the headers. */
export interface Incoming {
  body: unknown;
  raw: Buffer | null;
  headers: Record<string, string | string[] | undefined>;
}

/** A notify whose authentication is in its parsed JSON body (the sandbox's). */
export const jsonNotify = (body: unknown): Incoming => ({ body, raw: null, headers: {} });

/** The parts of a recharge order a provider sees. */
export interface ProviderOrder {
  order_no: string;
  name: string;
  price_fen: number;
  provider_ref: string | null;
  pay_url: string | null;
  trade_no: string | null;
}

/** Who pays, as their request to order showed it (an H5 payment names the payer's IP; some pages cannot pay in some browsers). */
export interface Payer {
  ip: string;
  userAgent: string;
}

/** A payment the provider settled, as its own records list it (reconciliation). */
export interface Settlement {
  /** Our order number as the provider carries it; null when it carries none. */
  order_no: string | null;
  trade_no: string;
  amount_fen: number;
  currency: string;
}

/** What closing an unpaid order at the provider found: closed, or already paid (the notify may be late). */
export type Closed = { closed: true } | { closed: false; paid: PaymentNotice };

/** The currency every package is priced in (recharge_packages.price_fen). */
export const PRICE_CURRENCY = 'cny';

/**
 * A payment provider: it opens a payment for an order, authenticates its notifies, closes an unpaid
 * order, refunds a paid one and lists what it settled. Each is chosen by PAY_PROVIDERS.
 */
export interface PaymentProvider {
  readonly name: PayProvider;
  /** Refuses (a BizError) a payer this provider cannot take a payment from, before any order is made. */
  checkPayer?(payer: Payer): void;
  /** Opens the payment: where the payer goes, and the provider's own reference of it. */
  open(order: ProviderOrder, payer: Payer): Promise<{ payUrl: string; ref: string | null }>;
  /** The page the payer opens to pay this (pending) order. */
  payUrl(order: ProviderOrder): string;
  /** Authenticates a notify. */
  verify(incoming: Incoming, nowMs: number): Verdict;
  /** The order number a notify claims, unverified: only for logging a refused one where the console finds it. */
  claimedOrderNo(incoming: Incoming): string;
  /** Asks the provider whether the order was paid (a payer back from its checkout before its notify); null: not paid. */
  query?(order: ProviderOrder): Promise<PaymentNotice | null>;
  /** Closes an unpaid order at the provider (after RECHARGE_ORDER_TTL_MIN). */
  close(order: ProviderOrder): Promise<Closed>;
  /** Gives the payer's money back; `key` makes a retry the same refund. Answers the provider's refund id. */
  refund(order: ProviderOrder, key: string): Promise<string>;
  /**
   * Payments settled in [fromMs, toMs); undefined for a provider with no records of its own (the
   * sandbox). `orderNos` are the order numbers seen in the window (our orders, and those its
   * notifies named): a provider that cannot list its payments (Alipay's trade query) asks about each.
   */
  settlements?(fromMs: number, toMs: number, orderNos: string[]): Promise<Settlement[]>;
}
