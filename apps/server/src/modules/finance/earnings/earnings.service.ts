import { ErrorCode, type ExchangeRecord, type Api, type RouteBody } from '@app/contract';
import { nowIso } from '../../../db/time.js';
import type { Deps } from '../../../deps.js';
import { BizError, reusedKey } from '../../../http/errors.js';
import { addDays, chinaDay, chinaDayStart } from '../../../lib/chinaTime.js';
import type { FinanceConfig } from '../finance.config.js';
import { giftRepository } from '../gift/gift.repository.js';
import { keepRefusal, opKey, pastRefusal } from '../idempotency.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { Overdraft, type Ledger } from '../ledger/ledger.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import type { WalletService } from '../ledger/wallet.service.js';
import { earningsRepository as repo, type ExchangeRow } from './earnings.repository.js';

const toExchange = (r: ExchangeRow): ExchangeRecord => ({
  id: r.id,
  amount: Number(r.amount),
  coin: Number(r.coin),
  fee: Number(r.fee),
  rate_bp: r.rate_bp,
  created_at: r.created_at,
});

/** Gift earnings: collecting them, exchanging them into coins, and the per-day statistics. */
export class EarningsService {
  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    private readonly wallets: WalletService,
    private readonly config: FinanceConfig,
  ) {}

  /**
   * receive_gift_money: moves the whole uncollected balance into gift_earnings. The same request_id
   * again answers what that key collected (a key that found nothing to collect moved nothing).
   */
  async collect(userId: number, requestId: string) {
    const db = this.deps.db.kysely;
    const key = opKey('collect', userId, requestId);
    const acc = await this.ledger.userAccounts(userId);
    for (let attempt = 1; ; attempt++) {
      const seen = await ledgerRepository.transferByKey(db, key);
      if (seen) return { collected: Number(seen.amount), wallet: await this.wallets.wallet(userId) };
      try {
        const collected = await this.deps.db.tx(async (conn) => {
          const pending = await repo.balance(conn, acc.gift_pending.id);
          if (pending <= 0) {
            // Nothing left may mean the same key collected it a moment ago (it committed after the
            // check above): answer what it collected, not 0.
            const first = await ledgerRepository.transferByKey(conn, key);
            return first ? Number(first.amount) : 0;
          }
          await this.ledger.post(conn, [{ key, kind: 'collect', from: acc.gift_pending, to: acc.gift_earnings, amount: pending, remark: '领取礼物收益' }]);
          return pending;
        });
        return { collected, wallet: await this.wallets.wallet(userId) };
      } catch (err) {
        // A concurrent collection (another key) took the balance between the read and the move: read again.
        if (err instanceof Overdraft) {
          if (attempt < 3) continue;
          throw new BizError(ErrorCode.CONFLICT);
        }
        if (isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  /**
   * Exchanges collected earnings into coins at the configured rate (≤ 1:1; the difference is
   * platform revenue). The request_id answers its first result again: the exchange, or the refusal
   * for short earnings (a retry after more earnings came in is not a new exchange).
   */
  async exchange(userId: number, input: RouteBody<Api['exchangeOrder']>) {
    const db = this.deps.db.kysely;
    const key = opKey('exchange', userId, input.request_id);
    const seen = await repo.exchangeByKey(db, key);
    if (seen) return this.replay(seen, input.amount, userId);
    const bound = { amount: input.amount };
    const refused = await pastRefusal(db, key, bound);
    if (refused) throw refused;
    const rate = this.config.exchangeRateBp;
    const coin = Math.floor((input.amount * rate) / 10_000);
    if (coin <= 0) throw new BizError(ErrorCode.VALIDATION, 'amount: 兑换数量太小', { status: 400 });
    const fee = input.amount - coin;
    const [acc, platform] = await Promise.all([this.ledger.userAccounts(userId), this.ledger.platformAccounts()]);
    try {
      const row = await this.deps.db.tx(async (conn) => {
        const now = nowIso();
        const r = await repo.insertExchange(conn, { idem_key: key, user_id: userId, amount: input.amount, coin, fee, rate_bp: rate, created_at: now });
        const ref = `E${r.id}`;
        await this.ledger.post(
          conn,
          [
            { key, kind: 'exchange', from: acc.gift_earnings, to: acc.coin, amount: coin, ref, remark: '收益兑换金币' },
            ...(fee > 0
              ? [{ key: `${key}:fee`, kind: 'exchange_fee' as const, from: acc.gift_earnings, to: platform.revenue, amount: fee, ref, remark: '兑换差额' }]
              : []),
          ],
          now,
        );
        return r;
      });
      return { ...toExchange(row), wallet: await this.wallets.wallet(userId) };
    } catch (err) {
      if (err instanceof Overdraft) throw await keepRefusal(db, key, userId, bound, new BizError(ErrorCode.EARNINGS_NOT_ENOUGH));
      const first = isUniqueViolation(err) ? await repo.exchangeByKey(db, key) : undefined;
      if (first) return this.replay(first, input.amount, userId);
      throw err;
    }
  }

  private async replay(r: ExchangeRow, amount: number, userId: number) {
    if (Number(r.amount) !== amount) throw reusedKey();
    return { ...toExchange(r), wallet: await this.wallets.wallet(userId) };
  }

  async exchanges(userId: number, page: number, size: number) {
    const { rows, total } = await repo.exchanges(this.deps.db.kysely, userId, page, size);
    return { list: rows.map(toExchange), total, page, size, has_more: page * size < total };
  }

  /** statistics_gift_money: every China-time day of the last `days` (oldest first), with earnings, value and count. */
  async statistics(userId: number, days: number) {
    const today = chinaDay(Date.now());
    const first = addDays(today, -(days - 1));
    const byDay = new Map<string, { amount: number; total: number; count: number }>();
    for (let i = 0; i < days; i++) byDay.set(addDays(first, i), { amount: 0, total: 0, count: 0 });
    const rows = await giftRepository.receivedSince(this.deps.db.kysely, userId, new Date(chinaDayStart(first)).toISOString());
    for (const r of rows) {
      const d = byDay.get(chinaDay(Date.parse(r.created_at)));
      if (!d) continue;
      d.amount += Number(r.earning);
      d.total += Number(r.total);
      d.count += 1;
    }
    const list = [...byDay.entries()].map(([date, d]) => ({ date, ...d }));
    return {
      days,
      list,
      total_amount: list.reduce((s, d) => s + d.amount, 0),
      total_count: list.reduce((s, d) => s + d.count, 0),
      wallet: await this.wallets.wallet(userId),
    };
  }
}
