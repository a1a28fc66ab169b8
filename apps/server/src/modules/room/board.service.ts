import {
  ErrorCode,
  RoomAuth,
  type Api,
  type BoardEntry,
  type BoardPeriod,
  type Page,
  type RoomBoard,
  type RoomBrief,
  type RoomPreview,
  type RoomViewer,
  type RouteQuery,
} from '@app/contract';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { fanBadges } from '../fanclub/fanBadges.js';
import { periodOf } from '../finance/rank/rank.service.js';
import type { LiveService } from '../live/live.service.js';
import { boardRepository as repo, type GiverRow } from './board.repository.js';
import type { RoomService } from './room.service.js';
import type { RoomRow } from './room.tables.js';
import { briefsOf } from '../user/userBriefs.js';

/** How long one instance answers a room's board from memory (a busy room is read by every viewer who opens it). */
const BOARD_TTL_MS = 2_000;
/** People the viewer list shows: the top givers present, then the latest arrivals (decision 0161's list of 64). */
const VIEWERS = 50;
const TOP_GIVERS = 20;
const ARRIVALS = 64;

/**
 * Contribution boards (this live, this week) and the viewer list of a room, both from the ledger's
 * gift transfers sent in it; the rooms of followed anchors; a room's muted preview (decision 0170).
 */
export class BoardService {
  private readonly cache = new LRUCache<string, GiverRow[]>({ max: 512, ttl: BOARD_TTL_MS });

  constructor(
    private readonly deps: Deps,
    private readonly rooms: RoomService,
    private readonly live: LiveService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** A gift committed in the room: this instance's cached boards of it are stale. */
  forget(roomId: number): void {
    for (const k of this.cache.keys()) if (k.startsWith(`${roomId}:`)) this.cache.delete(k);
  }

  /** Start of the period, or null when the room has no live to count (closed, never opened). */
  private since(room: RoomRow, period: BoardPeriod, nowMs = Date.now()): string | null {
    if (period === 'week') return periodOf('week', nowMs).start;
    return room.status === 'open' && room.started_at ? room.started_at : null;
  }

  private async top(room: RoomRow, since: string, size: number): Promise<GiverRow[]> {
    const key = `${room.id}:${since}:${size}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const rows = await repo.top(this.db, room.id, since, size);
    this.cache.set(key, rows);
    return rows;
  }

  async board(q: RouteQuery<Api['roomBoard']>, meId: number | null): Promise<RoomBoard> {
    const room = await this.rooms.room(q.room_id);
    const since = this.since(room, q.period);
    if (since === null) return { room_id: room.id, period: q.period, start: null, list: [], me: meId === null ? null : { rank: null, amount: 0 } };
    const top = await this.top(room, since, q.size);
    let me: RoomBoard['me'] = null;
    if (meId !== null) {
      const place = top.findIndex((t) => t.user_id === meId);
      if (place >= 0) me = { rank: place + 1, amount: top[place]!.amount };
      else {
        const mine = (await repo.of(this.db, room.id, since, [meId]))[0];
        me = mine ? { rank: 1 + (await repo.above(this.db, room.id, since, mine)), amount: mine.amount } : { rank: null, amount: 0 };
      }
    }
    const ids = top.map((t) => t.user_id);
    const [briefs, fans] = await Promise.all([briefsOf(this.db, ids), fanBadges.badgesOf(this.db, room.anchor_id, ids)]);
    const list = top.flatMap((t, i): BoardEntry[] => {
      const user = briefs.get(t.user_id);
      return user ? [{ rank: i + 1, user, amount: t.amount, fan: fans.get(t.user_id) ?? null }] : [];
    });
    return { room_id: room.id, period: q.period, start: since, list, me };
  }

  private async mayEnter(room: RoomRow, userId: number | null): Promise<boolean> {
    if (userId === null) return false;
    if (room.anchor_id === userId || (await this.deps.rooms.isPresent(room.id, userId))) return true;
    return (await repo.admins(this.db, room.id, [userId])).has(userId);
  }

  /**
   * Who is in the room: the top givers of this live who are present, then the latest arrivals still
   * here. Presence keeps the last 64 arrivals per room (decision 0161), so this costs the same in a
   * room of ten or of ten thousand; the count is the whole room's.
   */
  async viewers(roomId: number, callerId: number | null): Promise<{ room_id: number; online: number; list: RoomViewer[] }> {
    const room = await this.rooms.room(roomId);
    // Who is in a password room is for those who may enter it: its anchor, its admins, and whoever
    // is in it now (they gave the password); everyone else is asked for the password first.
    if (room.password_hash && !(await this.mayEnter(room, callerId))) throw new BizError(ErrorCode.ROOM_PASSWORD_REQUIRED);
    if (room.status !== 'open') return { room_id: room.id, online: 0, list: [] };
    const since = this.since(room, 'live');
    const out = this.deps.rooms;
    const [counts, recent, givers] = await Promise.all([
      out.onlineCounts([room.id]),
      out.recent(room.id, ARRIVALS),
      since ? this.top(room, since, TOP_GIVERS) : Promise.resolve([]),
    ]);
    const present = await Promise.all(givers.map(async (g) => ((await out.isPresent(room.id, g.user_id)) ? g.user_id : null)));
    const order: number[] = [];
    for (const id of [...present, ...recent.map((u) => u.id)]) if (id !== null && id !== room.anchor_id && !order.includes(id)) order.push(id);
    const ids = order.slice(0, VIEWERS);
    const [briefs, fans, admins, seated, sums] = await Promise.all([
      briefsOf(this.db, ids),
      fanBadges.badgesOf(this.db, room.anchor_id, ids),
      repo.admins(this.db, room.id, ids),
      repo.seated(this.db, room.id),
      since ? repo.of(this.db, room.id, since, ids) : Promise.resolve([]),
    ]);
    const given = new Map(sums.map((s) => [s.user_id, s.amount]));
    const list = ids.flatMap((id): RoomViewer[] => {
      const user = briefs.get(id);
      if (!user) return [];
      const auth = admins.has(id) ? RoomAuth.ADMIN : seated.has(id) ? RoomAuth.COHOST : RoomAuth.VIEWER;
      return [{ user, auth, fan: fans.get(id) ?? null, amount: given.get(id) ?? 0 }];
    });
    return { room_id: room.id, online: counts.get(room.id) ?? 0, list };
  }

  async followingLive(meId: number, q: { page: number; size: number }): Promise<Page<RoomBrief>> {
    const { rows, total } = await repo.followingOpen(this.db, meId, q.page, q.size);
    const list = await this.rooms.views.briefs(this.db, rows);
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async preview(roomId: number): Promise<RoomPreview> {
    const room = await this.rooms.room(roomId);
    if (room.status !== 'open') return { room_id: room.id, live: false, hls_url: null };
    const { hls_url } = await this.live.play(room.id);
    return { room_id: room.id, live: room.anchor_live === 1, hls_url };
  }
}
