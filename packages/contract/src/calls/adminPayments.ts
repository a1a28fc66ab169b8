import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { strict } from './common.js';
import { payProvider } from './finance.js';

/** A recharge's refund (one per order): refunded; held (the coins were spent: nothing moved); failed at the provider after the coins were taken back. */
export const rechargeRefund = z.object({
  status: z.enum(['refunded', 'held', 'failed']),
  coins: z.number().int().describe('coins and bonus taken back (× 10000)'),
  price_fen: z.number().int().describe('money given back, CNY fen'),
  reason: z.string(),
  operator_id: z.number().int(),
  provider_ref: z.string().nullable().describe("the provider's refund id"),
  error: z.string().describe("the provider's refusal, when failed"),
  created_at: isoTime,
  updated_at: isoTime,
});
export type RechargeRefund = z.infer<typeof rechargeRefund>;

/** What a reconciliation found that does not match. */
export const paymentMismatch = z.object({
  id: z.number().int(),
  provider: z.string(),
  kind: z
    .enum(['missing_credit', 'unknown_settlement', 'amount_mismatch', 'unsettled_credit'])
    .describe(
      'missing_credit: paid at the provider, no coins credited; unknown_settlement: paid for no order of ours; amount_mismatch: paid another amount or currency; unsettled_credit: coins credited, no payment at the provider',
    ),
  order_no: z.string(),
  trade_no: z.string(),
  amount_fen: z.number().int(),
  detail: z.string(),
  found_at: isoTime,
});
export type PaymentMismatch = z.infer<typeof paymentMismatch>;

export const reconciliationRun = z.object({
  provider: z.string(),
  from_at: isoTime,
  to_at: isoTime,
  settlements: z.number().int(),
  mismatches: z.number().int(),
  ran_at: isoTime,
});

/** Console: refunds of recharges, and the daily reconciliation with the payment providers. */
export const adminPaymentRoutes = {
  adminRechargeRefund: defineRoute({
    method: 'POST',
    path: '/api/admin/recharges/refund',
    auth: 'operator',
    tag: 'admin',
    summary:
      'Refund a paid recharge: its coins and bonus are taken back through the ledger, then the provider gives the money back. Held (nothing moves) when the user has spent the coins; again on a held or failed refund retries it',
    body: strict({ order_no: line().trim().min(1).max(40), reason: line().trim().min(2, '请填写原因（至少2个字）').max(200) }),
    data: rechargeRefund,
  }),
  adminPayMismatches: defineRoute({
    method: 'GET',
    path: '/api/admin/payments/mismatches',
    auth: 'operator',
    tag: 'admin',
    summary: "What the reconciliations found between the providers' settlements and the ledger's credits, newest first, with the last runs",
    query: pageQuery,
    data: pageOf(paymentMismatch).extend({ runs: z.array(reconciliationRun).describe('the last runs, newest first') }),
  }),
  adminPayReconcile: defineRoute({
    method: 'POST',
    path: '/api/admin/payments/reconcile',
    auth: 'operator',
    tag: 'admin',
    summary: 'Reconcile a provider now, over the last `hours` (what the worker does every PAY_RECONCILE_HOURS)',
    body: strict({
      provider: payProvider,
      hours: z
        .number()
        .int()
        .min(1)
        .max(24 * 31)
        .default(24),
    }),
    data: z.object({ settlements: z.number().int(), mismatches: z.number().int() }),
  }),
};
