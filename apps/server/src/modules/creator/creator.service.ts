import { ErrorCode, type EarningsDay, type EarningsPeriod, type LiveCard, type LiveStats, type Page } from '@app/contract';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import type { AnchorService } from '../anchor/anchor.service.js';
import type { Auth } from '../auth/session.service.js';
import { addDays, chinaDay, chinaDayStart } from '../../lib/chinaTime.js';
import type { Ledger } from '../finance/ledger/ledger.js';
import { briefOrGone, briefsOf } from '../user/userBriefs.js';
import type { HealthService } from '../health/health.service.js';
import type { RoomService } from '../room/room.service.js';
import type { LiveRow } from '../room/room.tables.js';
import type { CreatorConfig } from './creator.config.js';
import { creatorRepository as repo, type Span } from './creator.repository.js';
import { giftFigures, healthFigures, topGifters, viewerFigures } from './liveFigures.js';

const DAY_MS = 86_400_000;
const TOP_GIFTERS = 10;

/**
 * The creator dashboard (decisions 0245–0249): an anchor's income by day from the ledger, their
 * lives, and one live's figures from the ledger, the worker's viewer samples, follows, fan club
 * joins, PK battles and stream health. Only the anchor reads their own lives (11360 otherwise).
 */
export class CreatorService {
  constructor(
    private readonly deps: Deps,
    private readonly anchors: AnchorService,
    private readonly rooms: RoomService,
    private readonly health: HealthService,
    private readonly ledger: Ledger,
    private readonly config: CreatorConfig,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private async requireAnchor(me: Auth): Promise<void> {
    if (await this.anchors.isAnchor(me.user.id)) return;
    const status = (await this.anchors.status(me.user.id)).status;
    throw new BizError(status === 'pending' ? ErrorCode.ANCHOR_APPLY_PENDING : ErrorCode.NOT_ANCHOR);
  }

  /** The last 30 China-time days of gift income, summed from the entries of the anchor's gift account. */
  async earnings(me: Auth): Promise<{ list: EarningsDay[]; week: EarningsPeriod; month: EarningsPeriod }> {
    await this.requireAnchor(me);
    const today = chinaDay(this.deps.clock.now());
    const first = addDays(today, -59);
    const days = new Map<string, EarningsDay>();
    for (let i = 0; i < 60; i++) {
      const date = addDays(first, i);
      days.set(date, { date, coins: 0, earnings: 0 });
    }
    const account = (await this.ledger.userAccounts(me.user.id)).gift_pending;
    for (const e of await repo.giftEntries(this.db, account.id, new Date(chinaDayStart(first)).toISOString())) {
      const d = days.get(chinaDay(Date.parse(e.created_at)));
      if (!d) continue;
      const amount = Number(e.amount);
      d.earnings += amount;
      if (e.kind === 'gift') d.coins += amount;
    }
    const all = [...days.values()];
    const period = (n: number): EarningsPeriod => {
      const cur = all.slice(-n);
      return {
        days: n,
        coins: cur.reduce((s, d) => s + d.coins, 0),
        earnings: cur.reduce((s, d) => s + d.earnings, 0),
        previous_earnings: all.slice(-2 * n, -n).reduce((s, d) => s + d.earnings, 0),
      };
    };
    return { list: all.slice(-30), week: period(7), month: period(30) };
  }

  async lives(me: Auth, q: { page: number; size: number }): Promise<Page<LiveCard>> {
    await this.requireAnchor(me);
    const { rows, total } = await repo.livesPage(this.db, me.user.id, q.page, q.size);
    const peaks = await repo.peaks(
      this.db,
      rows.map((r) => r.id),
    );
    const list = await Promise.all(
      rows.map(async (r) => {
        const coins = (await repo.ledgerGifts(this.db, r.room_id, r.anchor_id, spanOf(r))).reduce((s, g) => s + g.coins, 0);
        return this.card(r, peaks.get(r.id) ?? 0, coins);
      }),
    );
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async live(me: Auth, liveId: number): Promise<LiveStats> {
    await this.requireAnchor(me);
    const live = await this.rooms.live(liveId);
    if (!live) throw new BizError(ErrorCode.NOT_FOUND, '直播不存在');
    if (live.anchor_id !== me.user.id) throw new BizError(ErrorCode.NOT_OWN_LIVE);
    const span = spanOf(live);
    const [samples, gifts, newFollowers, newFans, battles, health] = await Promise.all([
      repo.samples(this.db, live.id),
      repo.ledgerGifts(this.db, live.room_id, live.anchor_id, span),
      repo.followsIn(this.db, live.anchor_id, span),
      repo.fansIn(this.db, live.anchor_id, span),
      repo.battlesIn(this.db, live.room_id, span),
      this.health.ofLive(live.room_id, live.started_at),
    ]);
    const viewers = viewerFigures(samples);
    const top = topGifters(gifts, TOP_GIFTERS);
    const opponents = battles.map((b) => (b.a_room_id === live.room_id ? b.b_anchor_id : b.a_anchor_id));
    const briefs = await briefsOf(this.db, [...top.map((t) => t.id), ...opponents]);
    return {
      live: this.card(
        live,
        viewers.peak,
        gifts.reduce((s, g) => s + g.coins, 0),
      ),
      viewers,
      gifts: giftFigures(gifts, Date.parse(live.started_at), this.endMs(live)),
      top_gifters: top.map((t) => ({ user: briefOrGone(briefs, t.id), coins: t.coins, count: t.count })),
      new_followers: newFollowers,
      new_fans: newFans,
      pk: battles.map((b, i) => {
        const mine = b.a_room_id === live.room_id ? 'a' : 'b';
        return {
          id: b.id,
          opponent: briefOrGone(briefs, opponents[i]!),
          score: Number((mine === 'a' ? b.a_score : b.b_score) ?? 0),
          opponent_score: Number((mine === 'a' ? b.b_score : b.a_score) ?? 0),
          result: b.winner === 'draw' ? ('draw' as const) : b.winner === mine ? ('win' as const) : ('lose' as const),
          ended_at: b.ended_at ?? live.started_at,
        };
      }),
      health: healthFigures(health),
    };
  }

  /**
   * One round of the worker's sampler: the online count of every live room as a sample of its
   * live (a live whose row is missing gets one first; a live whose room closed without it is ended),
   * then the samples older than LIVE_STATS_RETENTION_DAYS are dropped.
   */
  async sample(): Promise<void> {
    const now = this.deps.clock.now();
    const at = new Date(now).toISOString();
    let rooms = await repo.liveRooms(this.db);
    if (rooms.some((r) => r.live_id === null)) {
      for (const r of rooms) {
        if (r.live_id === null) await this.rooms.recordLive({ room_id: r.room_id, anchor_id: r.anchor_id, title: r.title, started_at: r.started_at! });
      }
      rooms = await repo.liveRooms(this.db);
    }
    await repo.endGone(this.db, at);
    if (rooms.length > 0) {
      const counts = await this.deps.rooms.onlineCounts(rooms.map((r) => r.room_id));
      await repo.insertSamples(
        this.db,
        rooms.flatMap((r) => (r.live_id === null ? [] : [{ live_id: r.live_id, at, viewers: counts.get(r.room_id) ?? 0, ms: this.config.sampleMs }])),
      );
    }
    await repo.prune(this.db, new Date(now - this.config.retentionDays * DAY_MS).toISOString());
  }

  private endMs(live: LiveRow): number {
    return live.ended_at ? Date.parse(live.ended_at) : this.deps.clock.now();
  }

  private card(r: LiveRow, peak: number, coins: number): LiveCard {
    return {
      id: r.id,
      room_id: r.room_id,
      title: r.title,
      started_at: r.started_at,
      ended_at: r.ended_at,
      duration_s: Math.max(0, Math.round((this.endMs(r) - Date.parse(r.started_at)) / 1000)),
      peak_viewers: peak,
      coins,
    };
  }
}

const spanOf = (l: LiveRow): Span => ({ from: l.started_at, to: l.ended_at });
