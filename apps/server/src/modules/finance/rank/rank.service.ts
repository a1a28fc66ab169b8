import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import type { Deps } from '../../../deps.js';
import { chinaDay, chinaDayStart, monthStart, weekStart } from '../../../lib/chinaTime.js';
import type { GiftRecordRow } from '../gift/gift.repository.js';
import { briefOrGone, briefsOf } from '../../user/userBriefs.js';
import { rankRepository as repo, type RankType } from './rank.repository.js';
import { RankStore } from './rankStore.js';

export type RankPeriod = 'day' | 'week' | 'month' | 'all';
const TYPES: RankType[] = ['wealth', 'charm'];
const PERIODS: RankPeriod[] = ['day', 'week', 'month', 'all'];

/** How long a period's sorted set outlives the period (it is read only while current). */
const TTL_S: Record<RankPeriod, number | null> = { day: 3 * 86_400, week: 10 * 86_400, month: 40 * 86_400, all: null };

interface Period {
  /** Key suffix: the China-time day, Monday, month, or "all". */
  id: string;
  /** ISO start (null: all time). */
  start: string | null;
}

export function periodOf(period: RankPeriod, nowMs: number): Period {
  const today = chinaDay(nowMs);
  const iso = (day: string) => new Date(chinaDayStart(day)).toISOString();
  switch (period) {
    case 'day':
      return { id: today, start: iso(today) };
    case 'week':
      return { id: weekStart(today), start: iso(weekStart(today)) };
    case 'month':
      return { id: today.slice(0, 7), start: iso(monthStart(today)) };
    case 'all':
      return { id: 'all', start: null };
  }
}

// Members are zero-padded ids, so equal scores order by id (highest first in ZREVRANGE) as the SQL does.
const member = (userId: number) => String(userId).padStart(12, '0');

/**
 * Rankings (rank/fetch) from the ledger's gift transfers. With Redis, each committed gift is added
 * to the sorted set of every current period (rankStore.ts keeps the sets equal to the ledger's sums)
 * and reads come from there; a set missing in Redis is built from the ledger on first use.
 */
export class RankService {
  private readonly store: RankStore | undefined;
  /** Sets known to be built, until when (rechecked now and then, in case Redis lost its data). */
  private readonly builtUntil = new LRUCache<string, number>({ max: 256 });

  constructor(
    private readonly deps: Deps,
    redis: Redis | undefined,
    private readonly prefix: string,
  ) {
    this.store = redis ? new RankStore(redis) : undefined;
  }

  private key(type: RankType, period: RankPeriod, id: string): string {
    return `${this.prefix}rank:${type}:${period}:${id}`;
  }

  /** Gift listener: adds a committed gift to the Redis sorted sets (nothing to do without Redis). */
  async recordGift(row: GiftRecordRow, transferId: number): Promise<void> {
    if (!this.store) return;
    const nowMs = Date.parse(row.created_at);
    const incs = PERIODS.flatMap((period) => {
      const p = periodOf(period, nowMs);
      return TYPES.map((type) => ({
        key: this.key(type, period, p.id),
        member: member(type === 'wealth' ? row.sender_id : row.receiver_id),
        ttl: TTL_S[period] ?? 0,
      }));
    });
    await this.store.add(transferId, Number(row.total), incs);
    // Sets not built yet park gifts in a list: build them now rather than at the next read.
    for (const period of PERIODS) for (const type of TYPES) await this.ensureBuilt(type, period, periodOf(period, nowMs));
  }

  private async ensureBuilt(type: RankType, period: RankPeriod, p: Period): Promise<string> {
    const k = this.key(type, period, p.id);
    const store = this.store!;
    if ((this.builtUntil.get(k) ?? 0) > Date.now()) return k;
    if (await store.isBuilt(k)) {
      this.builtUntil.set(k, Date.now() + 60_000);
      return k;
    }
    const db = this.deps.db.kysely;
    const wm = await repo.settledWatermark(this.deps.db);
    const rows = await repo.all(db, type, p.start, wm);
    await store.build(
      k,
      wm,
      TTL_S[period] ?? 0,
      rows.map((r) => ({ member: member(r.user_id), score: r.amount })),
    );
    return k;
  }

  /** rank/fetch: the top `size` of a type and period, and the caller's own place. */
  async fetch(q: { type: RankType; period: RankPeriod; size: number }, meId: number | null, nowMs = Date.now()) {
    const p = periodOf(q.period, nowMs);
    const { top, mine } = this.store ? await this.fromRedis(q, p, meId) : await this.fromSql(q, p, meId);
    const briefs = await briefsOf(this.deps.db.kysely, [...top.map((t) => t.user_id), ...(meId ? [meId] : [])]);
    return {
      type: q.type,
      period: q.period,
      start: p.start,
      list: top.map((t, i) => ({ rank: i + 1, user: briefOrGone(briefs, t.user_id), amount: t.amount })),
      me: meId === null ? null : { rank: mine.rank, amount: mine.amount, user: briefOrGone(briefs, meId) },
    };
  }

  private async fromSql(q: { type: RankType; size: number }, p: Period, meId: number | null) {
    const db = this.deps.db.kysely;
    const top = await repo.top(db, q.type, p.start, q.size);
    let mine = { rank: null as number | null, amount: 0 };
    if (meId !== null) {
      const amount = await repo.amountOf(db, q.type, p.start, meId);
      mine = { amount, rank: amount > 0 ? 1 + (await repo.above(db, q.type, p.start, amount, meId)) : null };
    }
    return { top, mine };
  }

  private async fromRedis(q: { type: RankType; period: RankPeriod; size: number }, p: Period, meId: number | null) {
    const store = this.store!;
    const k = await this.ensureBuilt(q.type, q.period, p);
    const top = (await store.top(k, q.size)).map((t) => ({ user_id: Number(t.member), amount: t.score })).filter((t) => t.amount > 0);
    let mine = { rank: null as number | null, amount: 0 };
    if (meId !== null) {
      const place = await store.place(k, member(meId));
      mine = { amount: place.score, rank: place.rank !== null && place.score > 0 ? place.rank + 1 : null };
    }
    return { top, mine };
  }
}
