import { randomBytes } from 'node:crypto';
import { ErrorCode, type Withdrawal, type WithdrawPlatformKind, type Api, type RouteBody, type RouteQuery } from '@app/contract';
import { maskText, MONEY_UNIT } from '@app/kit';
import { nowIso } from '../../../db/time.js';
import type { Db } from '../../../db/database.js';
import { BizError, reusedKey, validationError } from '../../../http/errors.js';
import type { FinanceConfig } from '../finance.config.js';
import { keepRefusal, opKey, pastRefusal } from '../idempotency.js';
import { Overdraft, type Ledger } from '../ledger/ledger.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { FEN_PER_COIN } from '../ledger/wallet.service.js';
import { briefOrGone, briefsOf } from '../../user/userBriefs.js';
import { withdrawRepository as repo, type WithdrawalRow } from './withdraw.repository.js';
import { loadWithdrawRules } from './withdrawRules.js';
import { emitWebhook } from '../../webhook/outbox.js';

/** Money units per fen (1 coin = 10 fen). */
const UNITS_PER_FEN = MONEY_UNIT / FEN_PER_COIN;

const PLATFORMS: { platform: WithdrawPlatformKind; name: string; account_label: string; account_pattern: string }[] = [
  { platform: 'bank', name: '银行卡', account_label: '银行卡号', account_pattern: '^\\d{12,19}$' },
  { platform: 'alipay', name: '支付宝', account_label: '支付宝账号（手机号或邮箱）', account_pattern: '^(1[3-9]\\d{9}|[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,})$' },
  { platform: 'wechat', name: '微信', account_label: '微信号', account_pattern: '^([A-Za-z][-_A-Za-z0-9]{5,19}|1[3-9]\\d{9})$' },
];
const PATTERNS = new Map(PLATFORMS.map((p) => [p.platform, new RegExp(p.account_pattern)]));

const orderNo = (): string => `W${Date.now()}${randomBytes(4).toString('hex')}`;

/** Withdrawals of gift earnings: asked by the user (frozen), reviewed by an operator (paid out or returned). */
export class WithdrawService {
  // Takes the database alone (not Deps) so the admin CLI can review withdrawals too.
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly config: FinanceConfig,
  ) {}

  /** The fee of an amount: fee_bp of it, rounded up to a whole fen. */
  feeOf(amount: number, feeBp = this.config.withdrawFeeBp): number {
    return Math.ceil((amount * feeBp) / 10_000 / UNITS_PER_FEN) * UNITS_PER_FEN;
  }

  /** The minimum, fee and platforms in force (operators set them in the console; WITHDRAW_* otherwise). */
  rules() {
    return loadWithdrawRules(this.db.kysely, this.config);
  }

  async platforms(userId: number) {
    const [withdrawable, rules] = await Promise.all([ledgerRepository.balanceOf(this.db.kysely, userId, 'gift_earnings'), this.rules()]);
    return {
      list: PLATFORMS.map((p) => ({ ...p, enabled: rules.platforms.includes(p.platform) })),
      withdrawable,
      min_amount: rules.min,
      step: MONEY_UNIT,
      fee_bp: rules.feeBp,
      fen_per_coin: FEN_PER_COIN,
    };
  }

  view(r: WithdrawalRow): Withdrawal {
    const amount = Number(r.amount);
    const fee = Number(r.fee);
    return {
      id: r.id,
      order_no: r.order_no,
      platform: r.platform,
      account: maskText(r.account),
      account_name: r.account_name.length <= 1 ? '*' : `${'*'.repeat(Array.from(r.account_name).length - 1)}${Array.from(r.account_name).slice(-1).join('')}`,
      amount,
      fee,
      payout: amount - fee,
      payout_fen: Number(r.payout_fen),
      status: r.status,
      reason: r.reason,
      created_at: r.created_at,
      reviewed_at: r.reviewed_at,
    };
  }

  /** Freezes `amount` of the user's gift earnings until review. A request_id refused for short earnings stays refused (idempotency.ts). */
  async order(userId: number, input: RouteBody<Api['withdrawOrder']>): Promise<Withdrawal> {
    const db = this.db.kysely;
    const key = opKey('withdraw', userId, input.request_id);
    const seen = await repo.byKey(db, key);
    if (seen) return this.replay(seen, input);
    const bound = { amount: input.amount, platform: input.platform };
    const refused = await pastRefusal(db, key, bound);
    if (refused) throw refused;
    const account = input.account.replace(/\s+/g, '');
    if (!PATTERNS.get(input.platform)!.test(account)) throw validationError([{ path: 'account', message: '收款账号格式不正确' }]);
    if (input.amount % MONEY_UNIT !== 0) throw validationError([{ path: 'amount', message: '提现金额须为整数金币' }]);
    const rules = await this.rules();
    if (!rules.platforms.includes(input.platform)) throw validationError([{ path: 'platform', message: '该提现方式暂不可用' }]);
    if (input.amount < rules.min) throw new BizError(ErrorCode.WITHDRAW_BELOW_MIN, `提现金额不能低于 ${rules.min / MONEY_UNIT} 金币`);
    const fee = this.feeOf(input.amount, rules.feeBp);
    const acc = await this.ledger.userAccounts(userId);
    try {
      const row = await this.db.tx(async (conn) => {
        const now = nowIso();
        const r = await repo.insert(conn, {
          order_no: orderNo(),
          idem_key: key,
          user_id: userId,
          platform: input.platform,
          account,
          account_name: input.account_name,
          amount: input.amount,
          fee,
          payout_fen: (input.amount - fee) / UNITS_PER_FEN,
          status: 'pending',
          reason: '',
          reviewer_id: null,
          created_at: now,
          reviewed_at: null,
        });
        await this.ledger.post(
          conn,
          [
            {
              key,
              kind: 'withdraw_freeze',
              from: acc.gift_earnings,
              to: acc.frozen_withdrawal,
              amount: input.amount,
              ref: r.order_no,
              remark: `提现至${this.platformName(r.platform)} ${maskText(account)}`,
              params: { platform: r.platform, account: maskText(account) },
            },
          ],
          now,
        );
        await emitWebhook(
          conn,
          'withdrawal.requested',
          { order_no: r.order_no, user_id: userId, platform: r.platform, amount: input.amount, fee, payout_fen: r.payout_fen, created_at: now },
          { at: now },
        );
        return r;
      });
      return this.view(row);
    } catch (err) {
      if (err instanceof Overdraft) throw await keepRefusal(db, key, userId, bound, new BizError(ErrorCode.EARNINGS_NOT_ENOUGH));
      const first = isUniqueViolation(err) ? await repo.byKey(db, key) : undefined;
      if (first) return this.replay(first, input);
      throw err;
    }
  }

  private platformName(p: WithdrawPlatformKind): string {
    return PLATFORMS.find((x) => x.platform === p)!.name;
  }

  private replay(r: WithdrawalRow, input: { amount: number; platform: WithdrawPlatformKind }): Withdrawal {
    if (Number(r.amount) !== input.amount || r.platform !== input.platform) throw reusedKey();
    return this.view(r);
  }

  async fetch(userId: number, q: RouteQuery<Api['withdrawFetch']>) {
    const { rows, total } = await repo.page(this.db.kysely, { userId, id: q.id, status: q.status }, 'desc', q.page, q.size);
    if (q.id !== undefined && rows.length === 0) throw new BizError(ErrorCode.NOT_FOUND, '提现记录不存在');
    return { list: rows.map((r) => this.view(r)), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  // Operator review.

  private async adminViews(rows: WithdrawalRow[]) {
    const briefs = await briefsOf(
      this.db.kysely,
      rows.map((r) => r.user_id),
    );
    return rows.map((r) => ({ ...this.view(r), account: r.account, account_name: r.account_name, user: briefOrGone(briefs, r.user_id) }));
  }

  async adminList(q: RouteQuery<Api['adminWithdrawals']>) {
    const { rows, total } = await repo.page(this.db.kysely, { status: q.status }, 'asc', q.page, q.size);
    return { list: await this.adminViews(rows), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  /**
   * Approves (frozen → paid out, the fee to revenue) or rejects (frozen → back to gift_earnings) a
   * pending withdrawal. The status moves from pending in the same transaction as the money, for
   * exactly one caller; reviewing it again the same way answers it as it is, the other way is refused.
   */
  async review(id: number, decision: 'approved' | 'rejected', reviewerId: number | null, reason = '') {
    const current = await repo.byId(this.db.kysely, id);
    if (!current) throw new BizError(ErrorCode.NOT_FOUND, '提现记录不存在');
    const [acc, platform] = await Promise.all([this.ledger.userAccounts(current.user_id), this.ledger.platformAccounts()]);
    const row = await this.db.tx(async (conn) => {
      const now = nowIso();
      const moved = await repo.review(conn, id, decision, reviewerId, decision === 'rejected' ? reason : '', now);
      if (!moved) return undefined;
      const amount = Number(moved.amount);
      const fee = Number(moved.fee);
      const key = `withdraw:${id}`;
      const ref = moved.order_no;
      await this.ledger.post(
        conn,
        decision === 'approved'
          ? [
              ...(amount - fee > 0
                ? [
                    {
                      key: `${key}:payout`,
                      kind: 'withdraw_payout' as const,
                      from: acc.frozen_withdrawal,
                      to: platform.withdrawal_clearing,
                      amount: amount - fee,
                      ref,
                      remark: '提现已打款',
                    },
                  ]
                : []),
              ...(fee > 0
                ? [
                    {
                      key: `${key}:fee`,
                      kind: 'withdraw_fee' as const,
                      from: acc.frozen_withdrawal,
                      to: platform.revenue,
                      amount: fee,
                      ref,
                      remark: '提现手续费',
                    },
                  ]
                : []),
            ]
          : [
              {
                key: `${key}:refund`,
                kind: 'withdraw_refund' as const,
                from: acc.frozen_withdrawal,
                to: acc.gift_earnings,
                amount,
                ref,
                remark: `提现被驳回：${reason}`.slice(0, 200),
                params: { reason },
              },
            ],
        now,
      );
      return moved;
    });
    const final = row ?? (await repo.byId(this.db.kysely, id))!;
    if (!row && final.status !== decision) throw new BizError(ErrorCode.ORDER_NOT_PENDING, `该提现已${final.status === 'approved' ? '通过' : '驳回'}`);
    return (await this.adminViews([final]))[0]!;
  }
}
