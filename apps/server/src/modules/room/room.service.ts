import { randomInt } from 'node:crypto';
import {
  ANCHOR_SEAT,
  DEFAULT_ROOM_SETTINGS,
  ErrorCode,
  seatId,
  type Page,
  type RoomBrief,
  type RoomCategory,
  type RoomInfo,
  type UserBrief,
  type Api,
  type RouteQuery,
  type RouteBody,
} from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { AnchorService } from '../anchor/anchor.service.js';
import { hashPassword } from '../auth/password.js';
import type { Auth } from '../auth/session.service.js';
import { isOwnUpload } from '../upload/ownUpload.js';
import { moderation } from '../moderation/moderation.service.js';
import { InstanceLease, MediaNodes } from '../../media/index.js';
import type { RoomConfig } from './room.config.js';
import { livesRepository as lives } from './lives.repository.js';
import { roomRepository as repo } from './room.repository.js';
import type { LiveRow, RoomRow } from './room.tables.js';
import { closeTime, RoomViews } from './room.view.js';
import { roomMemberRepository as members } from './roomMember.repository.js';
import { briefsOf } from '../user/userBriefs.js';
import { parseNames } from '../../db/names.js';
import { emitWebhook } from '../webhook/outbox.js';

export type OpenInput = RouteBody<Api['roomOpen']>;

type CloseReason = 'owner' | 'operator' | 'anchor_left';

const pageOf = <T>(list: T[], total: number, q: { page: number; size: number }): Page<T> => ({
  list,
  total,
  page: q.page,
  size: q.size,
  has_more: q.page * q.size < total,
});

/** What live.started tells an operator's systems about a room. */
const liveStarted = (r: RoomRow) => ({ room_id: r.id, number: r.number, anchor_id: r.anchor_id, title: r.title, kind: r.kind, started_at: r.started_at });

/** The lives row of a room that just went live. */
const liveOf = (r: RoomRow, startedAt: string) => ({ room_id: r.id, anchor_id: r.anchor_id, title: r.title, started_at: startedAt });

/**
 * Rooms: going live and ending it, room pages, lists and search, and the anchor's presence (the
 * grace period after "the anchor has left"). Moderation and the mic live in RoomLiveService.
 */
export class RoomService {
  readonly views: RoomViews;
  /** The pending grace-period checks by room: what cancels each. */
  private readonly timers = new Map<number, () => void>();
  /** This process's lease: rooms whose anchor stream lived on an instance without one are found by the sweep. */
  readonly lease: InstanceLease;
  /** Told when an anchor goes live (a closed room opened); upper modules (go-live alerts) hook in here. */
  private readonly openedListeners: ((room: RoomRow) => Promise<void>)[] = [];
  /** The media nodes and rooms' placement on them (room/media hands out the node's URL). */
  readonly mediaNodes: MediaNodes;

  constructor(
    private readonly deps: Deps,
    private readonly anchors: AnchorService,
    readonly config: RoomConfig,
  ) {
    this.views = new RoomViews(deps.rooms, config.graceMs);
    this.lease = new InstanceLease(
      () => this.db,
      config.instanceLeaseMs,
      (err) => deps.log.warn({ err }, 'instance lease refresh failed'),
    );
    this.mediaNodes = new MediaNodes(deps, this.lease, config.instanceLeaseMs);
  }

  /**
   * The periodic sweep, which the worker role runs on one instance at a time (under its leader
   * lease): grace timers run where the anchor was last seen, and the sweep closes the rooms whose
   * instance went away. Returns what stops it.
   */
  startSweeps(): () => void {
    const sweeper = setInterval(() => void this.sweep(), Math.max(1000, Math.min(10_000, this.config.graceMs / 2)));
    sweeper.unref();
    return () => clearInterval(sweeper);
  }

  private get db() {
    return this.deps.db.kysely;
  }

  /** Subscribes to go-live: runs after the open is answered; its errors are logged, never undo the open. */
  onOpened(listener: (room: RoomRow) => Promise<void>): void {
    this.openedListeners.push(listener);
  }

  private opened(room: RoomRow): void {
    for (const l of this.openedListeners) l(room).catch((err: unknown) => this.deps.log.error({ err, room: room.id }, 'room opened listener failed'));
  }

  async categories(): Promise<{ list: RoomCategory[] }> {
    return { list: (await repo.categories(this.db)).map((c) => ({ ...c, names: parseNames(c.names) })) };
  }

  /** A room by id, or NOT_FOUND. */
  /** The room of an anchor, if they have one. */
  byAnchor(anchorId: number): Promise<RoomRow | undefined> {
    return repo.byAnchor(this.db, anchorId);
  }

  /** One live (migration 0049), if it exists. */
  live(liveId: number): Promise<LiveRow | undefined> {
    return lives.byId(this.db, liveId);
  }

  /** Records a live that has no row yet (the worker's sampler repairs a gap with it). */
  recordLive(live: { room_id: number; anchor_id: number; title: string; started_at: string }): Promise<void> {
    return lives.start(this.db, live);
  }

  async room(roomId: number): Promise<RoomRow> {
    const room = await repo.byId(this.db, roomId);
    if (!room) throw new BizError(ErrorCode.NOT_FOUND, '房间不存在');
    return room;
  }

  async open(auth: Auth, input: OpenInput): Promise<RoomInfo> {
    const me = auth.user;
    if (!(await this.anchors.isAnchor(me.id))) {
      const status = (await this.anchors.status(me.id)).status;
      throw new BizError(status === 'pending' ? ErrorCode.ANCHOR_APPLY_PENDING : ErrorCode.NOT_ANCHOR);
    }
    await moderation.assertNotBanned(this.db, me.id, 'live');
    const existing = await repo.byAnchor(this.db, me.id);
    if (existing?.status === 'open') return this.views.info(this.db, existing, me.id);

    if (!(await repo.categoryById(this.db, input.category_id))) throw new BizError(ErrorCode.CATEGORY_NOT_FOUND);
    const micSeats = input.mic_seats ?? (input.kind === 'chat' ? 8 : 3);
    if (input.kind === 'chat' && micSeats < 1) throw validationError([{ path: 'mic_seats', message: '聊天室至少需要1个麦位' }]);
    await this.checkCover(me.id, input.cover);

    const now = this.isoNow();
    const fields = {
      title: input.title,
      cover: input.cover,
      category_id: input.category_id,
      kind: input.kind,
      password_hash: input.password ? await hashPassword(input.password) : null,
      mic_seats: micSeats,
      settings: JSON.stringify({ ...DEFAULT_ROOM_SETTINGS, ...input.settings }),
      status: 'open' as const,
      anchor_live: 0,
      anchor_instance: null,
      // Placed on a media node just below, once the row exists.
      media_node: null,
      media_url: null,
      media_bridge: null,
      viewers: 0,
      // Not here yet: the grace period runs until the anchor joins the channel or publishes.
      anchor_left_at: now,
      // Waits for no first publish beyond the grace period until an anchor publish token is issued.
      first_publish_by: now,
      started_at: now,
      closed_at: null,
      updated_at: now,
    };
    let room: RoomRow | undefined;
    if (existing) {
      room = await this.deps.db.tx(async (trx) => {
        const reopened = await repo.reopen(trx, existing.id, fields);
        if (reopened) {
          await lives.start(trx, liveOf(reopened, now));
          await emitWebhook(trx, 'live.started', liveStarted(reopened), { at: now });
        }
        return reopened;
      });
      // A concurrent open of the same anchor reopened it first: answer with that one.
      if (!room) return this.views.info(this.db, await this.room(existing.id), me.id);
    } else {
      room = await this.insertWithNumber(me.id, { ...fields, created_at: now });
      if (room.started_at !== now) return this.views.info(this.db, room, me.id);
      await lives.start(this.db, liveOf(room, now));
      // A first room is numbered by retrying its insert, so its event follows the insert's commit.
      await emitWebhook(this.deps.db.kysely, 'live.started', liveStarted(room), { at: now });
    }
    await members.resetSeats(this.db, room.id, micSeats);
    await members.clearLive(this.db, room.id);
    await this.mediaNodes.placement(room.id);
    this.schedule(room.id, this.config.graceMs);
    this.opened(room);
    return this.views.info(this.db, room, me.id);
  }

  /** New room row with a fresh random 6-digit number (retried on the rare collision). */
  private async insertWithNumber(anchorId: number, fields: Omit<RoomRow, 'id' | 'number' | 'anchor_id'>): Promise<RoomRow> {
    for (let attempt = 0; ; attempt++) {
      const number = String(randomInt(100_000, 1_000_000));
      if (await repo.numberTaken(this.db, number)) continue;
      try {
        return await repo.insert(this.db, { ...fields, number, anchor_id: anchorId });
      } catch (err) {
        // The anchor's room appeared meanwhile (a double click): that one is the answer.
        const mine = await repo.byAnchor(this.db, anchorId);
        if (mine) return mine;
        if (attempt >= 5) throw err;
      }
    }
  }

  /** A cover is empty, one of our static images, or an image this user uploaded. */
  private async checkCover(userId: number, cover: string): Promise<void> {
    if (cover === '' || cover.startsWith('/static/')) return;
    if (!(await isOwnUpload(this.db, this.deps.storage, userId, cover))) {
      throw validationError([{ path: 'cover', message: '请先上传封面图片' }]);
    }
  }

  async close(auth: Auth, roomId: number): Promise<{ closed: boolean }> {
    const room = await this.room(roomId);
    const owner = room.anchor_id === auth.user.id;
    if (!owner && auth.user.role !== 'operator') throw new BizError(ErrorCode.FORBIDDEN, '只有主播或运营可以关闭直播间');
    return { closed: await this.closeRoom(roomId, owner ? 'owner' : 'operator') };
  }

  /** Ends the live: the room channel hears `closed` (with the operator's `note`), every socket leaves, every media session ends. */
  async closeRoom(roomId: number, reason: CloseReason, note: string | null = null): Promise<boolean> {
    this.cancel(roomId);
    const at = nowIso();
    const closed = await this.deps.db.tx(async (trx) => {
      if (!(await repo.close(trx, roomId, at))) return false;
      // The live's end by the clock its start was taken by (the grace period's).
      await lives.end(trx, roomId, this.isoNow());
      const room = await repo.byId(trx, roomId);
      if (room) await emitWebhook(trx, 'live.ended', { room_id: roomId, number: room.number, anchor_id: room.anchor_id, reason, closed_at: at }, { at });
      return true;
    });
    if (!closed) return false;
    await members.clearLive(this.db, roomId);
    this.deps.rooms.toRoom(roomId, 'closed', { room_id: roomId, reason, note });
    await this.deps.rooms.endRoom(roomId);
    this.deps.log.info({ roomId, reason }, 'room closed');
    return true;
  }

  async info(auth: Auth | null, ref: RouteQuery<Api['roomInfo']>): Promise<RoomInfo> {
    const room = ref.room_id !== undefined ? await repo.byId(this.db, ref.room_id) : await repo.byNumber(this.db, ref.number ?? '');
    if (!room) throw new BizError(ErrorCode.NOT_FOUND, '房间不存在');
    return this.views.info(this.db, room, auth?.user.id ?? null);
  }

  async list(q: RouteQuery<Api['anchorList']>): Promise<Page<RoomBrief>> {
    const { rows, total } = await repo.openPage(this.db, q);
    return pageOf(await this.views.briefs(this.db, rows), total, q);
  }

  async search(q: RouteQuery<Api['searchRoom']>): Promise<Page<RoomBrief>> {
    const { rows, total } = await repo.searchOpen(this.db, q.keyword, q.page, q.size);
    return pageOf(await this.views.briefs(this.db, rows), total, q);
  }

  async searchUsers(q: RouteQuery<Api['searchUser']>) {
    const { rows, total } = await repo.searchUsers(this.db, q.keyword, q.page, q.size);
    const briefs = await briefsOf(
      this.db,
      rows.map((r) => r.id),
    );
    const list = rows.flatMap((r) => {
      const b: UserBrief | undefined = briefs.get(r.id);
      return b ? [{ ...b, signature: r.signature, room_id: r.room_id ?? null }] : [];
    });
    return pageOf(list, total, q);
  }

  // ---- the anchor's presence ----------------------------------------------------------------------

  /**
   * The anchor is present while they hold a socket in the room or publish the anchor seat. When both
   * are gone the room hears "the anchor has left" and closes after the grace period unless they return.
   */
  async anchorCheck(roomId: number): Promise<void> {
    const room = await repo.byId(this.db, roomId);
    if (!room || room.status !== 'open') return;
    const present = room.anchor_live === 1 || (await this.deps.rooms.isPresent(roomId, room.anchor_id));
    if (present) {
      if (await repo.clearAnchorLeft(this.db, roomId)) {
        this.cancel(roomId);
        this.deps.rooms.toRoom(roomId, 'anchor', { room_id: roomId, present: true, close_at: null });
      }
      return;
    }
    const at = this.isoNow();
    if (await repo.markAnchorLeft(this.db, roomId, at)) {
      // The anchor may have joined between the check and the mark (a sweep racing a join): look again.
      if (await this.deps.rooms.isPresent(roomId, room.anchor_id)) {
        await repo.clearAnchorLeft(this.db, roomId);
        return;
      }
      const closeAt = closeTime(room, at, this.config.graceMs);
      this.deps.rooms.toRoom(roomId, 'anchor', { room_id: roomId, present: false, close_at: new Date(closeAt).toISOString() });
      this.schedule(roomId, closeAt - Date.parse(at));
    }
  }

  /** The SFU's publisher events: the anchor seat drives `live` and the anchor's presence; mic seats their `live` flag. */
  async onPublisher(roomIdText: string, seat: string, userId: string | undefined, up: boolean): Promise<void> {
    const roomId = Number(roomIdText);
    if (!Number.isSafeInteger(roomId)) return;
    const room = await repo.byId(this.db, roomId);
    if (!room || room.status !== 'open') return;
    if (seat === ANCHOR_SEAT) {
      // Down counts only from the instance that hosts the stream: a republish elsewhere keeps it live.
      if (!(await repo.setAnchorLive(this.db, roomId, up, this.lease.id))) return;
      this.deps.rooms.toRoom(roomId, 'live', { room_id: roomId, seat_id: seat, live: up });
      await this.anchorCheck(roomId);
      return;
    }
    const index = Number(seat.replace(/^seat-/, ''));
    const holder = (await members.seats(this.db, roomId)).find((s) => s.seat === index);
    if (!holder || holder.user_id === null || String(holder.user_id) !== userId) return;
    await members.setSeat(this.db, roomId, index, { live: up ? 1 : 0 });
    this.deps.rooms.toRoom(roomId, 'live', { room_id: roomId, seat_id: seat, live: up });
    this.deps.rooms.toRoom(roomId, 'seats', { room_id: roomId, seats: await this.views.seats(this.db, roomId) });
  }

  private schedule(roomId: number, ms: number): void {
    this.cancel(roomId);
    const cancel = this.deps.clock.after(ms + 50, () => {
      this.timers.delete(roomId);
      void this.expire(roomId);
    });
    this.timers.set(roomId, cancel);
  }

  private cancel(roomId: number): void {
    this.timers.get(roomId)?.();
    this.timers.delete(roomId);
  }

  /** The grace period's time (the clock's), as stored. */
  private isoNow(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  /** Closes the room if the anchor has been gone for the whole grace period (checked again now). */
  private async expire(roomId: number): Promise<void> {
    try {
      const room = await repo.byId(this.db, roomId);
      if (!room || room.status !== 'open' || !room.anchor_left_at) return;
      const closeAt = closeTime(room, room.anchor_left_at, this.config.graceMs);
      const now = this.deps.clock.now();
      if (now < closeAt) return this.schedule(roomId, closeAt - now);
      if (room.anchor_live === 1 || (await this.deps.rooms.isPresent(roomId, room.anchor_id))) return this.anchorCheck(roomId);
      await this.closeRoom(roomId, 'anchor_left');
    } catch (err) {
      this.deps.log.error({ err, roomId }, 'room grace check failed');
    }
  }

  /** One pass of the sweep (see startSweeps). */
  async sweep(): Promise<void> {
    try {
      await this.sweepOrphans();
      await this.recordViewers();
      const now = this.deps.clock.now();
      const due = await repo.anchorGoneSince(this.db, new Date(now - this.config.graceMs).toISOString(), new Date(now).toISOString());
      for (const id of due) await this.expire(id);
    } catch (err) {
      this.deps.log.warn({ err }, 'room sweep failed');
    }
  }

  /** Writes each open room's online count where it changed, for the live list's order (decision 0175). */
  private async recordViewers(): Promise<void> {
    const rows = await repo.openViewers(this.db);
    if (rows.length === 0) return;
    const counts = await this.deps.rooms.onlineCounts(rows.map((r) => r.id));
    for (const r of rows) {
      const n = counts.get(r.id) ?? 0;
      if (n !== r.viewers) await repo.setViewers(this.db, r.id, n);
    }
  }

  /**
   * Rooms an instance left behind when it died without a clean shutdown: their anchor stream is
   * marked ended (its SFU is gone), and an open room whose anchor is neither streaming nor in the
   * channel gets "the anchor has left" — then the grace period closes it unless the anchor returns.
   * Seats whose occupant is no longer in the room are freed (their last socket was on that instance).
   */
  private async sweepOrphans(): Promise<void> {
    const alive = await this.lease.alive();
    for (const r of await repo.openUnmarked(this.db)) {
      if (r.anchor_live === 1) {
        if (r.anchor_instance !== null && alive.has(r.anchor_instance)) continue;
        if (!(await repo.dropAnchorLive(this.db, r.id, r.anchor_instance))) continue;
        this.deps.log.warn({ roomId: r.id, instance: r.anchor_instance }, 'anchor stream of a gone instance ended');
        this.deps.rooms.toRoom(r.id, 'live', { room_id: r.id, seat_id: ANCHOR_SEAT, live: false });
      }
      await this.anchorCheck(r.id);
    }
    // Co-hosts whose socket was on a gone instance never left their seat: free it.
    const emptied = new Set<number>();
    for (const s of await members.occupiedOpen(this.db)) {
      if (s.user_id === null || (await this.deps.rooms.isPresent(s.room_id, s.user_id))) continue;
      if ((await members.leaveSeat(this.db, s.room_id, s.user_id, s.seat)) === null) continue;
      this.deps.rooms.endSeat(s.room_id, seatId(s.seat));
      this.deps.rooms.toMember(s.room_id, s.user_id, 'micDecision', { room_id: s.room_id, user_id: s.user_id, decision: 'removed', seat: s.seat });
      emptied.add(s.room_id);
    }
    for (const roomId of emptied) this.deps.rooms.toRoom(roomId, 'seats', { room_id: roomId, seats: await this.views.seats(this.db, roomId) });
  }

  /** Stops the timers and gives the lease back (shutdown, before the database closes). */
  async dispose(): Promise<void> {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    await this.mediaNodes.stop().catch((err: unknown) => this.deps.log.warn({ err }, 'media node release failed'));
    await this.lease.stop().catch((err: unknown) => this.deps.log.warn({ err }, 'instance lease release failed'));
  }
}
