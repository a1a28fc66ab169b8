import { ErrorCode, type CheckInState } from '@app/contract';
import type { Deps } from '../../../deps.js';
import { BizError } from '../../../http/errors.js';
import { addDays, chinaDay, weekday, weekStart } from '../../../lib/chinaTime.js';
import type { FinanceConfig } from '../finance.config.js';
import { opKey } from '../idempotency.js';
import type { Ledger } from '../ledger/ledger.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { checkInRepository as repo, type CheckInRow } from './checkin.repository.js';

/** Daily check-in: once per China-time day (UNIQUE (user, day)), the streak reward paid from the platform's rewards account. */
export class CheckInService {
  constructor(
    private readonly deps: Deps,
    private readonly ledger: Ledger,
    private readonly config: FinanceConfig,
  ) {}

  /** Reward of the n-th day of a streak (the list repeats). */
  rewardOf(streak: number): number {
    const r = this.config.checkInRewards;
    return r[(streak - 1) % r.length]!;
  }

  async state(userId: number, nowMs = Date.now()): Promise<CheckInState> {
    const db = this.deps.db.kysely;
    const today = chinaDay(nowMs);
    const monday = weekStart(today);
    const [latest, week] = await Promise.all([repo.latest(db, userId), repo.since(db, userId, monday)]);
    const checkedToday = latest?.day === today;
    const live = latest && (latest.day === today || latest.day === addDays(today, -1));
    const streak = live ? latest.streak : 0;
    // Unchecked days from today on show what checking in that day would pay if the streak holds.
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = addDays(monday, i);
      const row = week.find((r) => r.day === date);
      const offset = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
      const reward = row ? Number(row.reward) : offset >= 0 ? this.rewardOf(streak + offset + (checkedToday ? 0 : 1)) : 0;
      return { date, weekday: weekday(date), checked: Boolean(row), reward };
    });
    return { today, checked_today: checkedToday, streak, week: days, rewards: this.config.checkInRewards.slice(0, 7) };
  }

  /**
   * Checks the user in for today. A second check-in the same day is refused (the UNIQUE (user, day)
   * constraint decides, even for two at once); the same request_id again answers the first result.
   */
  async checkIn(userId: number, requestId: string) {
    const db = this.deps.db.kysely;
    const key = opKey('checkin', userId, requestId);
    const seen = await repo.byKey(db, key);
    if (seen) return this.result(userId, seen);
    const [acc, platform] = await Promise.all([this.ledger.userAccounts(userId), this.ledger.platformAccounts()]);
    let row: CheckInRow;
    try {
      row = await this.deps.db.tx(async (conn) => {
        const nowMs = Date.now();
        const now = new Date(nowMs).toISOString();
        const today = chinaDay(nowMs);
        const latest = await repo.latest(conn, userId);
        if (latest?.day === today) throw new BizError(ErrorCode.ALREADY_CHECKED_IN);
        const streak = latest?.day === addDays(today, -1) ? latest.streak + 1 : 1;
        const reward = this.rewardOf(streak);
        const r = await repo.insert(conn, { idem_key: key, user_id: userId, day: today, streak, reward, created_at: now });
        if (reward > 0) {
          await this.ledger.post(
            conn,
            [
              {
                key,
                kind: 'check_in',
                from: platform.rewards,
                to: acc.coin,
                amount: reward,
                ref: `C${r.id}`,
                remark: `签到第${streak}天`,
                params: { day: streak },
              },
            ],
            now,
          );
        }
        return r;
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const first = await repo.byKey(db, key);
        if (first) return this.result(userId, first);
        throw new BizError(ErrorCode.ALREADY_CHECKED_IN);
      }
      throw err;
    }
    return this.result(userId, row);
  }

  private async result(userId: number, row: CheckInRow) {
    const state = await this.state(userId);
    const coin = await ledgerRepository.balanceOf(this.deps.db.kysely, userId, 'coin');
    return { ...state, reward: Number(row.reward), coin };
  }
}
