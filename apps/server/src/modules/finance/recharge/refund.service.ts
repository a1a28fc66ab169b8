import { ErrorCode, type RechargeRefund } from '@app/contract';
import { nowIso } from '../../../db/time.js';
import type { Deps } from '../../../deps.js';
import { BizError } from '../../../http/errors.js';
import { Overdraft, type Ledger } from '../ledger/ledger.js';
import { rechargeRepository as orders } from './recharge.repository.js';
import type { RechargeService } from './recharge.service.js';
import { refundRepository as repo, type RefundRow } from './refund.repository.js';

const refundView = (r: RefundRow): RechargeRefund => ({
  status: r.status,
  coins: Number(r.coins),
  price_fen: Number(r.price_fen),
  reason: r.reason,
  operator_id: r.operator_id,
  provider_ref: r.provider_ref,
  error: r.error,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/**
 * An operator's refund of a paid recharge (decision 0197). The coins and the bonus are taken back
 * through the ledger first, with the order moving to `refunded`, in one transaction; only then is
 * the provider asked to give the money back, under the order's idempotency key, so a retry (after
 * a provider failure, or a crash in between) is the same refund. When the user has already spent
 * the coins, nothing moves: the refund is held for review, and the balance never goes below zero.
 */
export class RefundService {
  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    private readonly recharge: RechargeService,
  ) {}

  /** The refunds of these orders, by order number. */
  async ofOrders(orderNos: string[]): Promise<Map<string, RechargeRefund>> {
    return new Map((await repo.ofOrders(this.deps.db.kysely, orderNos)).map((r) => [r.order_no, refundView(r)]));
  }

  async refund(operatorId: number, orderNo: string, reason: string): Promise<RechargeRefund> {
    const db = this.deps.db.kysely;
    const order = await orders.orderByNo(db, orderNo);
    if (!order) throw new BizError(ErrorCode.NOT_FOUND, '订单不存在');
    const seen = await repo.byOrder(db, orderNo);
    if (seen?.status === 'refunded') return refundView(seen);
    const provider = this.recharge.provider(order.provider);
    if (!provider) throw new BizError(ErrorCode.VALIDATION, 'order_no: 该支付渠道未启用，无法退款', { status: 400 });
    const now = nowIso();
    const row = { provider: order.provider, coins: Number(order.amount) + Number(order.bonus), price_fen: order.price_fen, reason, operator_id: operatorId };
    if (order.status !== 'refunded') {
      if (order.status !== 'paid') throw new BizError(ErrorCode.ORDER_NOT_PENDING, '只有已支付的订单可以退款');
      const [user, platform] = await Promise.all([this.ledger.userAccounts(order.user_id), this.ledger.platformAccounts()]);
      const key = `recharge_refund:${order.order_no}`;
      try {
        await this.deps.db.tx(async (conn) => {
          if (!(await orders.transition(conn, order.order_no, ['paid'], 'refunded'))) throw new BizError(ErrorCode.ORDER_NOT_PENDING, '订单状态已变更');
          await this.ledger.post(
            conn,
            [
              {
                key,
                kind: 'recharge_refund',
                from: user.coin,
                to: platform.payment_clearing,
                amount: Number(order.amount),
                ref: order.order_no,
                remark: `${order.name} 退款`,
                params: { reason },
              },
              ...(Number(order.bonus) > 0
                ? [
                    {
                      key: `${key}:bonus`,
                      kind: 'recharge_refund' as const,
                      from: user.coin,
                      to: platform.rewards,
                      amount: Number(order.bonus),
                      ref: order.order_no,
                      remark: `${order.name} 赠送收回`,
                      params: { reason },
                    },
                  ]
                : []),
            ],
            now,
          );
          const patch = { ...row, status: 'failed' as const, error: '', updated_at: now };
          if (seen) await repo.update(conn, order.order_no, patch);
          else await repo.insert(conn, { ...patch, order_no: order.order_no, provider_ref: null, created_at: now });
        });
      } catch (err) {
        if (!(err instanceof Overdraft)) throw err;
        // Spent already: nothing moved. Held, so an operator decides (a correcting transfer first, then refund again).
        const held = { ...row, status: 'held' as const, error: '', updated_at: now };
        if (seen) await repo.update(db, order.order_no, held);
        else await repo.insert(db, { ...held, order_no: order.order_no, provider_ref: null, created_at: now });
        this.deps.log.warn({ order_no: order.order_no }, 'recharge refund held: the coins were spent');
        return refundView((await repo.byOrder(db, order.order_no))!);
      }
    }
    try {
      const ref = await provider.refund(order, `refund:${order.order_no}`);
      await repo.update(db, order.order_no, { status: 'refunded', provider_ref: ref, error: '', updated_at: nowIso() });
    } catch (err) {
      this.deps.log.error({ err, order_no: order.order_no, provider: order.provider }, 'payment provider refused a refund; the coins are taken back, retry it');
      await repo.update(db, order.order_no, { status: 'failed', error: String((err as Error).message ?? err).slice(0, 200), updated_at: nowIso() });
    }
    return refundView((await repo.byOrder(db, order.order_no))!);
  }
}
