import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type PayProviderName,
  type RechargeOrder,
  type RechargePackage,
  type RechargeStatus,
  type Api,
  type RouteBody,
  type RouteQuery,
} from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { afterCommit, type Conn } from '../../../db/database.js';
import { nowIso } from '../../../db/time.js';
import type { Deps } from '../../../deps.js';
import { BizError, reusedKey } from '../../../http/errors.js';
import { opKey } from '../idempotency.js';
import type { Ledger } from '../ledger/ledger.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { PRICE_CURRENCY, type Incoming, type PaymentNotice, type PaymentProvider, type Payer } from './paymentProvider.js';
import { rechargeRepository as repo, type RechargeOrderRow } from './recharge.repository.js';
import { parseNames } from '../../../db/names.js';
import { emitWebhook } from '../../webhook/outbox.js';

/** The payer of an order made from inside the server (the operator CLI, the bench), with no browser of its own. */
const SERVER_PAYER: Payer = { ip: '127.0.0.1', userAgent: '' };

const orderNo = (): string => `R${Date.now()}${randomBytes(5).toString('hex')}`;

/** Verdicts written to the payment callback log (and counted in liveapp_payment_callbacks_total). */
type CallbackVerdict =
  | 'credited'
  | 'duplicate'
  | 'cancelled'
  | 'ignored'
  | 'bad_signature'
  | 'stale'
  | 'malformed'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'unknown_provider';

/** The most of a notify's body kept in the callback log. */
const PAYLOAD_KEPT = 16 * 1024;

/** Recharge: packages, orders, and crediting coins when the provider confirms a payment. */
export class RechargeService {
  private readonly providers = new Map<string, PaymentProvider>();

  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    providers: PaymentProvider[],
  ) {
    for (const p of providers) this.providers.set(p.name, p);
  }

  provider(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  /** The providers offered, in PAY_PROVIDERS order. */
  get offered(): PaymentProvider[] {
    return [...this.providers.values()];
  }

  async categories(): Promise<{ list: RechargePackage[]; providers: PayProviderName[] }> {
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
      providers: [...this.providers.keys()] as PayProviderName[],
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
      pay_url: o.status === 'pending' ? (this.providers.get(o.provider)?.payUrl(o) ?? '') : '',
      created_at: o.created_at,
      paid_at: o.paid_at,
    };
  }

  /** Creates an order for a package; the same request_id answers the same order. */
  async createOrder(userId: number, input: RouteBody<Api['rechargeOrder']>, payer: Payer = SERVER_PAYER): Promise<RechargeOrder> {
    const db = this.deps.db.kysely;
    const key = opKey('recharge', userId, input.request_id);
    const seen = await repo.orderByKey(db, key);
    if (seen) return this.replay(seen, input.package_id, payer);
    const provider = this.providers.get(input.provider);
    if (!provider) throw new BizError(ErrorCode.VALIDATION, 'provider: 不支持的支付方式', { status: 400 });
    provider.checkPayer?.(payer);
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
        pay_url: null,
        provider_ref: null,
      });
      return await this.opened(row, payer);
    } catch (err) {
      const first = isUniqueViolation(err) ? await repo.orderByKey(db, key) : undefined;
      if (first) return this.replay(first, input.package_id, payer);
      throw err;
    }
  }

  /**
   * Opens the order's payment at its provider (a Stripe Checkout Session, under an idempotency key
   * of the order, so a retry gets the same session). A provider that fails leaves the order pending
   * without a page: the same request_id tries again, and the TTL sweep closes it otherwise.
   */
  private async opened(o: RechargeOrderRow, payer: Payer): Promise<RechargeOrder> {
    const provider = this.providers.get(o.provider);
    if (o.status !== 'pending' || !provider || o.pay_url) return this.view(o);
    let page: { payUrl: string; ref: string | null };
    try {
      page = await provider.open(o, payer);
    } catch (err) {
      this.deps.log.warn({ err, provider: o.provider, order_no: o.order_no }, 'payment provider could not open a payment');
      throw new BizError(ErrorCode.PAYMENT_UNAVAILABLE);
    }
    await repo.setPayment(this.deps.db.kysely, o.order_no, { pay_url: page.payUrl, provider_ref: page.ref });
    return this.view({ ...o, pay_url: page.payUrl, provider_ref: page.ref });
  }

  private replay(o: RechargeOrderRow, packageId: number, payer: Payer): Promise<RechargeOrder> {
    if (o.package_id !== packageId) throw reusedKey();
    return this.opened(o, payer);
  }

  /**
   * A payer back from the provider's checkout: a pending order is asked about at its provider (its
   * notify may be slower than the payer), and credited when the provider says it was paid. Nothing
   * the returning request carries is trusted; an unknown or settled order asks nothing.
   */
  async confirm(providerName: string, orderNo: string): Promise<void> {
    const provider = this.providers.get(providerName);
    const order = provider?.query ? await repo.orderByNo(this.deps.db.kysely, orderNo) : undefined;
    if (!provider?.query || order?.status !== 'pending' || order.provider !== providerName) return;
    try {
      const paid = await provider.query(order);
      if (paid) await this.creditFound(order, paid, 'found paid on return');
    } catch (err) {
      this.deps.log.warn({ err, provider: providerName, order_no: orderNo }, 'could not ask the payment provider about a returning payer');
    }
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
   * A provider's payment notify. Refused and logged: a bad signature, a stale timestamp (a
   * replay), a malformed event, an unknown order, an amount or currency that is not the order's.
   * Accepted: `paid` credits the coins (and the bonus) once, whatever number of times it arrives,
   * concurrently or not; `cancelled` closes a pending order; an event that concerns no payment is
   * logged as ignored.
   */
  async callback(providerName: string, incoming: Incoming, ip: string | null): Promise<{ order_no: string; status: RechargeStatus | 'ignored' }> {
    const db = this.deps.db.kysely;
    const payload = (incoming.raw ? incoming.raw.toString('utf8') : JSON.stringify(incoming.body ?? null)).slice(0, PAYLOAD_KEPT);
    const provider = this.providers.get(providerName);
    let orderNo = provider?.claimedOrderNo(incoming).slice(0, 64) ?? '';
    const log = (verdict: CallbackVerdict, detail: string, conn: Conn = db) =>
      repo.logCallback(conn, {
        provider: providerName.slice(0, 16),
        order_no: orderNo,
        verdict,
        detail: detail.slice(0, 200),
        payload,
        ip,
        created_at: nowIso(),
      });
    const refuse = async (verdict: CallbackVerdict, detail: string): Promise<never> => {
      await log(verdict, detail);
      this.counted(verdict);
      this.deps.log.warn({ provider: providerName, order_no: orderNo, verdict, ip }, `payment callback refused: ${detail}`);
      throw new BizError(ErrorCode.PAYMENT_REFUSED, `支付回调校验失败：${detail}`, { status: 400 });
    };
    if (!provider) return refuse('unknown_provider', '未知的支付渠道');
    const verdict = provider.verify(incoming, Date.now());
    if (!verdict.ok) {
      // A malformed notify names what is wrong with it (a field); the others say only which check failed.
      const malformed = verdict.detail ? `回调格式错误（${verdict.detail}）` : '回调格式错误';
      return refuse(verdict.reason, verdict.reason === 'stale' ? '回调已过期' : verdict.reason === 'malformed' ? malformed : '签名错误');
    }
    if ('ignored' in verdict) {
      await log('ignored', verdict.ignored);
      this.counted('ignored');
      return { order_no: '', status: 'ignored' };
    }
    const n = verdict.notice;
    orderNo = n.order_no.slice(0, 64);
    const order = await repo.orderByNo(db, n.order_no);
    if (!order || order.provider !== providerName) return refuse('unknown_order', '订单不存在');
    if (n.status === 'paid' && n.amount_fen !== order.price_fen) return refuse('amount_mismatch', '金额与订单不符');
    if (n.status === 'paid' && n.currency !== PRICE_CURRENCY) return refuse('currency_mismatch', '币种与订单不符');

    if (n.status === 'cancelled') {
      const moved = await repo.transition(db, order.order_no, ['pending'], 'cancelled');
      await log(moved ? 'cancelled' : 'duplicate', n.trade_no);
      this.counted(moved ? 'cancelled' : 'duplicate');
      return { order_no: order.order_no, status: (await repo.orderByNo(db, order.order_no))!.status };
    }
    const credited = await this.credit(order, n, (moved, conn) => log(moved ? 'credited' : 'duplicate', n.trade_no, conn));
    return { order_no: order.order_no, status: credited ? 'paid' : (await repo.orderByNo(db, order.order_no))!.status };
  }

  /** Credits an order the provider itself reported paid (asked, not notified), when the amount and currency are the order's. */
  private async creditFound(o: RechargeOrderRow, paid: PaymentNotice, why: string): Promise<boolean> {
    if (paid.order_no !== o.order_no || paid.amount_fen !== o.price_fen || paid.currency !== PRICE_CURRENCY) {
      this.deps.log.warn({ provider: o.provider, order_no: o.order_no, paid }, `${why}, but not this order's amount: not credited`);
      return false;
    }
    const log = (moved: boolean, conn: Conn) =>
      repo.logCallback(conn, {
        provider: o.provider,
        order_no: o.order_no,
        verdict: moved ? 'credited' : 'duplicate',
        detail: `${why}: ${paid.trade_no}`,
        payload: '',
        ip: null,
        created_at: nowIso(),
      });
    return this.credit(o, paid, log);
  }

  private counted(verdict: CallbackVerdict): void {
    this.deps.metrics.paymentCallbacks.inc({ verdict });
  }

  /**
   * Credits a paid order once: the order moves to `paid` and the coins (and the bonus) are posted
   * in one transaction; a second arrival moves nothing. A payment confirmed after the order was
   * closed (cancelled) still credits: the money was taken. Answers whether this call credited.
   */
  private async credit(order: RechargeOrderRow, n: PaymentNotice, logged: (moved: boolean, conn: Conn) => Promise<unknown>): Promise<boolean> {
    const [user, platform] = await Promise.all([this.ledger.userAccounts(order.user_id), this.ledger.platformAccounts()]);
    return this.deps.db.tx(async (conn) => {
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
      await logged(moved, conn);
      afterCommit(conn, () => this.counted(moved ? 'credited' : 'duplicate'));
      return moved;
    });
  }

  /**
   * Closes the orders still unpaid `ttlMs` after they were made, at their provider first (a Stripe
   * session is expired, so it can no longer be paid). A provider that answers "already paid" gets
   * the order credited instead: its notify was late or lost. Answers how many were closed and credited.
   */
  async closeExpired(ttlMs: number, nowMs = Date.now()): Promise<{ closed: number; credited: number }> {
    const db = this.deps.db.kysely;
    const due = await repo.pendingBefore(db, new Date(nowMs - ttlMs).toISOString(), 100);
    let closed = 0;
    let credited = 0;
    for (const o of due) {
      const provider = this.providers.get(o.provider);
      try {
        const r = provider ? await provider.close(o) : ({ closed: true } as const);
        if (r.closed) {
          if (await repo.transition(db, o.order_no, ['pending'], 'cancelled')) {
            closed++;
            await repo.logCallback(db, {
              provider: o.provider,
              order_no: o.order_no,
              verdict: 'expired',
              detail: o.provider_ref ?? '',
              payload: '',
              ip: null,
              created_at: nowIso(),
            });
          }
        } else if (await this.creditFound(o, r.paid, 'found paid when closing')) credited++;
      } catch (err) {
        this.deps.log.warn({ err, provider: o.provider, order_no: o.order_no }, 'could not close an unpaid recharge order at its provider');
      }
    }
    return { closed, credited };
  }
}
