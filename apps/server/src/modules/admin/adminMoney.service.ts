import { ErrorCode, type AdminRechargeOrder, type Page, type Api, type RouteQuery, type RouteBody } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, reusedKey } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import type { Finance } from '../finance/finance.js';
import { opKey } from '../finance/idempotency.js';
import { Overdraft } from '../finance/ledger/ledger.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { briefOf, briefOrGone, briefsOf } from '../user/userBriefs.js';
import { users } from '../user/users.js';
import { loadWithdrawRules, saveWithdrawRules } from '../finance/withdraw/withdrawRules.js';
import { adminMoneyRepository as repo } from './adminMoney.repository.js';

type AdjustInput = RouteBody<Api['adminAdjust']>;

/**
 * Money as operators see it: recharge orders with their payment callbacks, a user's ledger, and
 * correcting transfers. A correction is a new `adjust` transfer between the user and the
 * platform's `rewards` account (the platform's source account, which may run negative), never an
 * edit; it is idempotent per operator and request_id and cannot take a user below zero.
 */
export class AdminMoneyService {
  constructor(
    private readonly deps: Deps,
    private readonly finance: Finance,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async recharges(q: RouteQuery<Api['adminRecharges']>): Promise<Page<AdminRechargeOrder>> {
    const { rows, total } = await repo.recharges(this.db, q);
    const [users, callbacks, refunds] = await Promise.all([
      briefsOf(
        this.db,
        rows.map((r) => r.user_id),
      ),
      repo.callbacksOf(
        this.db,
        rows.map((r) => r.order_no),
      ),
      this.finance.refunds.ofOrders(rows.map((r) => r.order_no)),
    ]);
    const list = rows.map((r) => ({
      order_no: r.order_no,
      package_id: r.package_id,
      name: r.name,
      price_fen: Number(r.price_fen),
      amount: Number(r.amount),
      bonus: Number(r.bonus),
      provider: r.provider,
      status: r.status,
      pay_url: '',
      created_at: r.created_at,
      paid_at: r.paid_at,
      trade_no: r.trade_no,
      user: briefOrGone(users, r.user_id),
      callbacks: callbacks
        .filter((c) => c.order_no === r.order_no)
        .map((c) => ({ id: c.id, provider: c.provider, verdict: c.verdict, detail: c.detail, ip: c.ip, created_at: c.created_at })),
      refund: refunds.get(r.order_no) ?? null,
    }));
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  /** An operator's refund of a paid recharge (finance/recharge/refund.service.ts). */
  refund(op: Auth, input: RouteBody<Api['adminRechargeRefund']>) {
    return this.finance.refunds.refund(op.user.id, input.order_no, input.reason);
  }

  async mismatches(q: RouteQuery<Api['adminPayMismatches']>) {
    const { rows, total, runs } = await this.finance.reconcile.page(q.page, q.size);
    return { list: rows, total, page: q.page, size: q.size, has_more: q.page * q.size < total, runs };
  }

  /** Reconciles one offered provider now, over the last `hours`. */
  async reconcileNow(input: RouteBody<Api['adminPayReconcile']>) {
    const provider = this.finance.recharge.provider(input.provider);
    if (!provider) throw new BizError(ErrorCode.VALIDATION, 'provider: 该支付渠道未启用', { status: 400 });
    const now = Date.now();
    const r = await this.finance.reconcile.reconcile(provider, now - input.hours * 3_600_000, now);
    return { settlements: r.settlements, mismatches: r.mismatches.length };
  }

  async ledger(q: RouteQuery<Api['adminLedger']>) {
    const user = await briefOf(this.db, q.user_id);
    if (!user) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    const [records, wallet] = await Promise.all([this.finance.wallet.records(q.user_id, q), this.finance.wallet.wallet(q.user_id)]);
    return { ...records, user, wallet };
  }

  async adjust(op: Auth, input: AdjustInput) {
    const target = await users.byId(this.db, input.user_id);
    if (!target || target.is_guest === 1) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    const key = opKey('adjust', op.user.id, input.request_id);
    const seen = await this.finance.ledger.transferByKey(key);
    if (seen) return this.replay(seen, input);
    const { ledger } = this.finance;
    const [acc, platform] = await Promise.all([ledger.userAccounts(target.id), ledger.platformAccounts()]);
    const userAcc = acc[input.account];
    const credit = input.direction === 'credit';
    try {
      const { ids } = await this.deps.db.tx((conn) =>
        ledger.post(
          conn,
          [
            {
              key,
              kind: 'adjust',
              from: credit ? platform.rewards : userAcc,
              to: credit ? userAcc : platform.rewards,
              amount: input.amount,
              ref: `op:${op.user.id}`,
              remark: `运营调整：${input.reason}`.slice(0, 200),
              params: { reason: input.reason },
            },
          ],
          nowIso(),
        ),
      );
      return { transfer_id: ids[0]!, wallet: await this.finance.wallet.wallet(target.id) };
    } catch (err) {
      if (err instanceof Overdraft)
        throw new BizError(input.account === 'coin' ? ErrorCode.BALANCE_NOT_ENOUGH : ErrorCode.EARNINGS_NOT_ENOUGH, '用户余额不足，无法扣减');
      const first = isUniqueViolation(err) ? await this.finance.ledger.transferByKey(key) : undefined;
      if (first) return this.replay(first, input);
      throw err;
    }
  }

  async withdrawRules() {
    const r = await loadWithdrawRules(this.db, this.finance.config);
    return { min_amount: r.min, fee_bp: r.feeBp, platforms: r.platforms };
  }

  async saveWithdrawRules(input: RouteBody<Api['adminWithdrawRulesSave']>) {
    await saveWithdrawRules(this.db, { min: input.min_amount, feeBp: input.fee_bp, platforms: [...new Set(input.platforms)] });
    return this.withdrawRules();
  }

  private async replay(t: { id: number; amount: number }, input: AdjustInput) {
    if (Number(t.amount) !== input.amount) throw reusedKey();
    return { transfer_id: t.id, wallet: await this.finance.wallet.wallet(input.user_id) };
  }
}
