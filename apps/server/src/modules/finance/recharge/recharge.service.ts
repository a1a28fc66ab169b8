import { randomBytes } from 'node:crypto';
import { ErrorCode, type RechargeOrder, type RechargePackage, type RechargeStatus, type Api, type RouteBody, type RouteQuery } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { afterCommit } from '../../../db/database.js';
import { nowIso } from '../../../db/time.js';
import type { Deps } from '../../../deps.js';
import { BizError } from '../../../http/errors.js';
import { opKey, reusedKey } from '../idempotency.js';
import { isUniqueViolation, type Ledger } from '../ledger/ledger.js';
import type { PaymentProvider } from './paymentProvider.js';
import { rechargeRepository as repo, type RechargeOrderRow } from './recharge.repository.js';
import { parseNames } from '../../../db/names.js';
import { emitWebhook } from '../../webhook/outbox.js';

const orderNo = (): string => `R${Date.now()}${randomBytes(5).toString('hex')}`;

/** Verdicts written to the payment callback log. */
type CallbackVerdict = 'credited' | 'duplicate' | 'cancelled' | 'bad_signature' | 'stale' | 'unknown_order' | 'amount_mismatch' | 'unknown_provider';

/** Recharge: packages, orders, and crediting coins when the provider confirms a payment. */
export class RechargeService {
  private readonly providers = new Map<string, PaymentProvider>();

  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    providers: PaymentProvider[],
    private readonly defaultProvider: string,
  ) {
    for (const p of providers) this.providers.set(p.name, p);
  }

  provider(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  async categories(): Promise<{ list: RechargePackage[]; providers: string[] }> {
    const rows = await repo.packages(this.deps.db.kysely);
    return {
      list: rows.map((p) => ({
        id: p.id,
        name: p.name,
        names: parseNames(p.names),
        price_fen: p.price_fen,
        amount: Number(p.amount),
        bonus: Number(p.bonus),
        tag: p.tag,
        tag_names: parseNames(p.tag_names),
      })),
      providers: this.providers.has(this.defaultProvider) ? [this.defaultProvider] : [],
    };
  }

  view(o: RechargeOrderRow): RechargeOrder {
    return {
      order_no: o.order_no,
      package_id: o.package_id,
      name: o.name,
      price_fen: o.price_fen,
      amount: Number(o.amount),
      bonus: Number(o.bonus),
      provider: o.provider,
      status: o.status,
      pay_url: o.status === 'pending' ? (this.providers.get(o.provider)?.payUrl(o.order_no) ?? '') : '',
      created_at: o.created_at,
      paid_at: o.paid_at,
    };
  }

  /** Creates an order for a package; the same request_id answers the same order. */
  async createOrder(userId: number, input: RouteBody<Api['rechargeOrder']>): Promise<RechargeOrder> {
    const db = this.deps.db.kysely;
    const key = opKey('recharge', userId, input.request_id);
    const seen = await repo.orderByKey(db, key);
    if (seen) return this.replay(seen, input.package_id);
    if (!this.providers.has(input.provider)) throw new BizError(ErrorCode.VALIDATION, 'provider: 不支持的支付方式', { status: 400 });
    const pkg = await repo.package(db, input.package_id);
    if (!pkg) throw new BizError(ErrorCode.NOT_FOUND, 'package_id: 充值套餐不存在');
    try {
      const row = await repo.insertOrder(db, {
        order_no: orderNo(),
        idem_key: key,
        user_id: userId,
        package_id: pkg.id,
        name: pkg.name,
        price_fen: pkg.price_fen,
        amount: Number(pkg.amount),
        bonus: Number(pkg.bonus),
        provider: input.provider,
        status: 'pending',
        trade_no: null,
        created_at: nowIso(),
        paid_at: null,
      });
      return this.view(row);
    } catch (err) {
      const first = isUniqueViolation(err) ? await repo.orderByKey(db, key) : undefined;
      if (first) return this.replay(first, input.package_id);
      throw err;
    }
  }

  private replay(o: RechargeOrderRow, packageId: number): RechargeOrder {
    if (o.package_id !== packageId) throw reusedKey();
    return this.view(o);
  }

  async fetch(userId: number, q: RouteQuery<Api['rechargeFetch']>) {
    const { rows, total } = await repo.page(this.deps.db.kysely, userId, q, q.page, q.size);
    if (q.order_no !== undefined && rows.length === 0) throw new BizError(ErrorCode.NOT_FOUND, '订单不存在');
    return { list: rows.map((r) => this.view(r)), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  /** An order by number for the checkout page (any pending order: the page holds no secret but the number). */
  order(orderNo: string) {
    return repo.orderByNo(this.deps.db.kysely, orderNo);
  }

  /**
   * A provider's payment callback. Refused and logged: a bad signature, a stale timestamp (a
   * replay), an unknown order, an amount that is not the order's. Accepted: `paid` credits the
   * coins (and the bonus) once, whatever number of times it arrives, concurrently or not;
   * `cancelled` closes a pending order.
   */
  async callback(
    providerName: string,
    body: { order_no: string } & Record<string, unknown>,
    ip: string | null,
  ): Promise<{ order_no: string; status: RechargeStatus }> {
    const db = this.deps.db.kysely;
    const payload = JSON.stringify(body);
    const counted = (verdict: CallbackVerdict) => this.deps.metrics.paymentCallbacks.inc({ verdict });
    const refuse = async (verdict: CallbackVerdict, detail: string): Promise<never> => {
      await repo.logCallback(db, { provider: providerName, order_no: String(body.order_no).slice(0, 64), verdict, detail, payload, ip, created_at: nowIso() });
      counted(verdict);
      this.deps.log.warn({ provider: providerName, order_no: body.order_no, verdict, ip }, `payment callback refused: ${detail}`);
      throw new BizError(ErrorCode.PAYMENT_REFUSED, `支付回调校验失败：${detail}`, { status: 400 });
    };
    const provider = this.providers.get(providerName);
    if (!provider) return refuse('unknown_provider', '未知的支付渠道');
    const verdict = provider.verify(body, Date.now());
    if (!verdict.ok) return refuse(verdict.reason, verdict.reason === 'stale' ? '回调已过期' : '签名错误');
    const n = verdict.notice;
    const order = await repo.orderByNo(db, n.order_no);
    if (!order || order.provider !== providerName) return refuse('unknown_order', '订单不存在');
    if (n.amount_fen !== order.price_fen) return refuse('amount_mismatch', '金额与订单不符');

    const log = (verdict: CallbackVerdict) => ({
      provider: providerName,
      order_no: order.order_no,
      verdict,
      detail: n.trade_no,
      payload,
      ip,
      created_at: nowIso(),
    });
    if (n.status === 'cancelled') {
      const moved = await repo.transition(db, order.order_no, ['pending'], 'cancelled');
      await repo.logCallback(db, log(moved ? 'cancelled' : 'duplicate'));
      counted(moved ? 'cancelled' : 'duplicate');
      return { order_no: order.order_no, status: (await repo.orderByNo(db, order.order_no))!.status };
    }

    const [user, platform] = await Promise.all([this.ledger.userAccounts(order.user_id), this.ledger.platformAccounts()]);
    // A payment confirmed after the payer cancelled still credits: the money was taken.
    await this.deps.db.tx(async (conn) => {
      const now = nowIso();
      const moved = await repo.transition(conn, order.order_no, ['pending', 'cancelled'], 'paid', { trade_no: n.trade_no, paid_at: now });
      if (moved) {
        const ref = order.order_no;
        const key = `recharge:${order.order_no}`;
        await this.ledger.post(
          conn,
          [
            {
              key,
              kind: 'recharge',
              from: platform.payment_clearing,
              to: user.coin,
              amount: Number(order.amount),
              ref,
              remark: order.name,
              params: { coins: Number(order.amount) / MONEY_UNIT },
            },
            ...(Number(order.bonus) > 0
              ? [
                  {
                    key: `${key}:bonus`,
                    kind: 'recharge_bonus' as const,
                    from: platform.rewards,
                    to: user.coin,
                    amount: Number(order.bonus),
                    ref,
                    remark: `${order.name} 赠送`,
                    params: { coins: Number(order.amount) / MONEY_UNIT },
                  },
                ]
              : []),
          ],
          now,
        );
        await emitWebhook(
          conn,
          'recharge.paid',
          {
            order_no: order.order_no,
            user_id: order.user_id,
            amount: Number(order.amount),
            bonus: Number(order.bonus),
            price_fen: Number(order.price_fen),
            trade_no: n.trade_no,
            paid_at: now,
          },
          { at: now },
        );
      }
      await repo.logCallback(conn, log(moved ? 'credited' : 'duplicate'));
      afterCommit(conn, () => counted(moved ? 'credited' : 'duplicate'));
    });
    return { order_no: order.order_no, status: 'paid' };
  }
}
