import { ErrorCode, PREVIEW_MAX_AHEAD_DAYS, PREVIEW_REMIND_BEFORE_MIN, type Api, type LivePreview, type RouteBody } from '@app/contract';
import { xactLock } from '../../db/locks.js';
import { DAY, MINUTE } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { AnchorService } from '../anchor/anchor.service.js';
import type { GoLiveService } from '../golive/golive.service.js';
import type { RoomRow } from '../room/room.tables.js';
import { briefsOf } from '../user/userBriefs.js';
import type { PreviewConfig } from './preview.config.js';
import { previewRepository as repo } from './preview.repository.js';
import type { PreviewRow } from './preview.tables.js';

type PreviewEditInput = RouteBody<Api['previewEdit']>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Live previews (decisions 0250–0254). An anchor schedules at most PREVIEW_PER_ANCHOR_OPEN lives
 * ahead, each PREVIEW_MIN_LEAD_MIN to 30 days out; members tap 提醒我 (one row per preview and
 * member). The worker's sweep claims the reminders falling due PREVIEW_REMIND_BEFORE_MIN before a
 * preview's time (marking them sent in the claiming statement, so each goes once) and sends them by
 * the go-live alert path. Going live within PREVIEW_GRACE_MIN of its time makes a preview done;
 * past its time and the grace, a preview nobody went live for reads as expired. Times follow the
 * injected clock.
 */
export class PreviewService {
  constructor(
    private readonly deps: Deps,
    private readonly anchors: AnchorService,
    private readonly goLive: GoLiveService,
    private readonly config: PreviewConfig,
  ) {}

  /** The clock previews are timed by (the development clock call moves it). */
  get clock() {
    return this.deps.clock;
  }
  private get db() {
    return this.deps.db.kysely;
  }
  private get graceMs() {
    return this.config.graceMin * MINUTE;
  }

  async create(anchorId: number, input: RouteBody<Api['previewCreate']>): Promise<LivePreview> {
    if (!(await this.anchors.isAnchor(anchorId))) throw new BizError(ErrorCode.NOT_ANCHOR, '通过主播认证后才能发布直播预告');
    const now = this.deps.clock.now();
    const startsAt = this.checkedTime(input.starts_at, now);
    const row = await this.deps.db.tx(async (conn) => {
      // Two creates at once must not both pass the count.
      await xactLock(conn, this.deps.db.dialect, `preview:${anchorId}`);
      if ((await repo.openCount(conn, anchorId, iso(now - this.graceMs))) >= this.config.perAnchorOpen)
        throw new BizError(ErrorCode.PREVIEW_TOO_MANY, `最多同时预告${this.config.perAnchorOpen}场直播，请先取消一场`);
      return repo.insert(conn, {
        anchor_id: anchorId,
        title: input.title,
        starts_at: startsAt,
        status: 'scheduled',
        room_id: null,
        created_at: iso(now),
        updated_at: iso(now),
      });
    });
    return (await this.views([row], anchorId))[0]!;
  }

  async edit(anchorId: number, input: PreviewEditInput): Promise<LivePreview> {
    const now = this.deps.clock.now();
    const row = await this.ownOpen(anchorId, input.preview_id, now);
    const startsAt = input.starts_at === undefined ? row.starts_at : this.checkedTime(input.starts_at, now);
    const updated = await this.deps.db.tx(async (conn) => {
      const r = await repo.update(conn, row.id, { title: input.title ?? row.title, starts_at: startsAt, updated_at: iso(now) });
      if (!r) throw new BizError(ErrorCode.PREVIEW_CLOSED, 'preview_id: 这个直播预告已结束');
      // A new time reminds again, at that time.
      if (startsAt !== row.starts_at) await repo.unsend(conn, row.id);
      return r;
    });
    return (await this.views([updated], anchorId))[0]!;
  }

  async cancel(anchorId: number, previewId: number): Promise<LivePreview> {
    const now = this.deps.clock.now();
    await this.ownOpen(anchorId, previewId, now);
    const r = await repo.update(this.db, previewId, { status: 'cancelled', updated_at: iso(now) });
    if (!r) throw new BizError(ErrorCode.PREVIEW_CLOSED, 'preview_id: 这个直播预告已结束');
    return (await this.views([r], anchorId))[0]!;
  }

  async remind(userId: number, previewId: number, on: boolean): Promise<LivePreview> {
    const row = await repo.byId(this.db, previewId);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, 'preview_id: 直播预告不存在');
    if (row.anchor_id === userId) throw validationError([{ path: 'preview_id', message: '不能预约自己的直播' }]);
    // Only while it waits for its time: after it, the go-live alert is what tells.
    if (row.status !== 'scheduled' || Date.parse(row.starts_at) <= this.deps.clock.now())
      throw new BizError(ErrorCode.PREVIEW_CLOSED, 'preview_id: 这个直播预告已结束');
    await repo.setRemind(this.db, previewId, userId, on, iso(this.deps.clock.now()));
    return (await this.views([row], userId))[0]!;
  }

  /** An anchor's scheduled previews and those it went live for, soonest first. */
  async ofAnchor(anchorId: number, viewerId: number | null): Promise<{ list: LivePreview[] }> {
    const rows = await repo.listed(this.db, this.since(), { anchorId });
    return { list: await this.views(rows, viewerId) };
  }

  /** The previews of the anchors `userId` follows, soonest first. */
  async following(userId: number): Promise<{ list: LivePreview[] }> {
    const rows = await repo.listed(this.db, this.since(), { followerId: userId });
    return { list: await this.views(rows, userId) };
  }

  /** A room opened: the anchor's scheduled preview whose time is within the grace of now is done, and links to it. */
  async onLive(room: RoomRow): Promise<void> {
    const now = this.deps.clock.now();
    const row = await repo.fulfilled(this.db, room.anchor_id, iso(now - this.graceMs), iso(now + this.graceMs));
    if (row) await repo.update(this.db, row.id, { status: 'done', room_id: room.id, updated_at: iso(now) });
  }

  /**
   * Sends the reminders that are due: those of scheduled previews starting within
   * PREVIEW_REMIND_BEFORE_MIN (and not yet started). Answers how many members were reminded.
   */
  async sweep(running: () => boolean = () => true): Promise<number> {
    const now = this.deps.clock.now();
    const due = await repo.due(this.db, iso(now), iso(now + PREVIEW_REMIND_BEFORE_MIN * MINUTE));
    let sent = 0;
    for (const preview of due) {
      if (!running()) break;
      const users = await repo.claimReminders(this.db, preview.id, iso(now));
      if (users.length > 0) sent += await this.goLive.remind(preview, users);
    }
    return sent;
  }

  // ---- helpers ------------------------------------------------------------------------------------

  /** Lists show previews whose time is at most the grace ago. */
  private since(): string {
    return iso(this.deps.clock.now() - this.graceMs);
  }

  /** The time as stored (UTC ISO), checked against the lead and the 30 days. */
  private checkedTime(startsAt: string, now: number): string {
    const at = Date.parse(startsAt);
    if (at < now + this.config.minLeadMin * MINUTE)
      throw validationError([{ path: 'starts_at', message: `开播时间至少要在${this.config.minLeadMin}分钟之后` }]);
    if (at > now + PREVIEW_MAX_AHEAD_DAYS * DAY) throw validationError([{ path: 'starts_at', message: `开播时间最多在${PREVIEW_MAX_AHEAD_DAYS}天之内` }]);
    return iso(at);
  }

  /** The caller's own preview, still scheduled and not past its grace. */
  private async ownOpen(anchorId: number, previewId: number, now: number): Promise<PreviewRow> {
    const row = await repo.byId(this.db, previewId);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, 'preview_id: 直播预告不存在');
    if (row.anchor_id !== anchorId) throw new BizError(ErrorCode.PREVIEW_NOT_OWN, 'preview_id: 只能修改自己的直播预告');
    if (this.statusOf(row, now) !== 'scheduled') throw new BizError(ErrorCode.PREVIEW_CLOSED, 'preview_id: 这个直播预告已结束');
    return row;
  }

  private statusOf(row: PreviewRow, now: number): LivePreview['status'] {
    return row.status === 'scheduled' && Date.parse(row.starts_at) + this.graceMs < now ? 'expired' : row.status;
  }

  /** The rows as the viewer sees them: whether they tapped 提醒我, and to the anchor the count. */
  private async views(rows: PreviewRow[], viewerId: number | null): Promise<LivePreview[]> {
    const ids = rows.map((r) => r.id);
    const own = rows.filter((r) => r.anchor_id === viewerId).map((r) => r.id);
    const [briefs, mine, counts] = await Promise.all([
      briefsOf(this.db, new Set(rows.map((r) => r.anchor_id))),
      viewerId === null ? new Set<number>() : repo.remindedBy(this.db, viewerId, ids),
      repo.reminderCounts(this.db, own),
    ]);
    const now = this.deps.clock.now();
    return rows.flatMap((r) => {
      const anchor = briefs.get(r.anchor_id);
      if (!anchor) return [];
      return [
        {
          id: r.id,
          anchor,
          title: r.title,
          starts_at: r.starts_at,
          status: this.statusOf(r, now),
          room_id: r.room_id,
          reminded: mine.has(r.id),
          reminders: r.anchor_id === viewerId ? (counts.get(r.id) ?? 0) : null,
        },
      ];
    });
  }
}
