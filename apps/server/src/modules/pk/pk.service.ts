import {
  ErrorCode,
  PK_MATCH_WAIT_SECONDS,
  type GiftRecord,
  type MediaCredentials,
  type Page,
  type PkBattle,
  type PkCandidate,
  type PkHistoryEntry,
} from '@app/contract';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import type { RoomService } from '../room/room.service.js';
import type { RoomMediaService } from '../room/roomMedia.service.js';
import type { RoomRow } from '../room/room.tables.js';
import { briefsOf } from '../user/userBriefs.js';
import type { PkConfig } from './pk.config.js';
import { ACTIVE, LINKED, pkRepository as repo } from './pk.repository.js';
import type { PkRow } from './pk.tables.js';
import { PkViews } from './pk.view.js';

/** A random-match wait lasts this long without a partner. */
const MATCH_WAIT_MS = PK_MATCH_WAIT_SECONDS * 1000;
/** Score updates of one battle go out at most this often (the sums are read when they go). */
const SCORE_COALESCE_MS = 200;

type Side = 'a' | 'b';
const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/**
 * PK battles: invitations and random matches, the battle's deadlines (answer, end, punishment), early
 * ends and lost streams. Every transition is one conditional update (`pkRepository.transition`), so
 * a local timer, the worker's sweep on another instance and an anchor's tap can race and only one
 * wins. Deadlines live in the row (`due_at`): the worker role's sweep advances what a dead instance's
 * timer would have. Scores are sums of the rooms' gift records in the battle's window (never a
 * second money path); both rooms hear `pk` on every change.
 */
export class PkService {
  readonly views: PkViews;
  private readonly timers = new Map<number, () => void>();
  /** Battles with a score update waiting to go out. */
  private readonly scorePending = new Set<number>();

  constructor(
    private readonly deps: Deps,
    private readonly rooms: RoomService,
    private readonly media: RoomMediaService,
    private readonly config: PkConfig,
  ) {
    this.views = new PkViews(deps);
  }

  private get db() {
    return this.deps.db.kysely;
  }
  private now(): number {
    return this.deps.clock.now();
  }
  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  /** The caller's own room, open and with the anchor's stream up (an anchor who is live). */
  private async myLiveRoom(userId: number): Promise<RoomRow> {
    const room = await this.rooms.byAnchor(userId);
    if (!room || room.status !== 'open' || room.anchor_live !== 1) throw new BizError(ErrorCode.PK_NOT_LIVE, '请先开播，再发起PK');
    return room;
  }

  private async battle(id: number): Promise<PkRow> {
    const row = await repo.byId(this.db, id);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, 'PK不存在');
    return row;
  }

  private sideOf(row: PkRow, userId: number): Side {
    if (row.a_anchor_id === userId) return 'a';
    if (row.b_anchor_id === userId) return 'b';
    throw new BizError(ErrorCode.PK_NOT_PARTY);
  }

  // ---- calls ------------------------------------------------------------------------------------

  async anchors(meId: number, page: number, size: number): Promise<Page<PkCandidate>> {
    await this.myLiveRoom(meId);
    const { rows, total } = await repo.liveRooms(this.db, meId, page, size);
    const ids = rows.map((r) => r.anchor_id);
    const [briefs, busy] = await Promise.all([briefsOf(this.db, ids), repo.busyOf(this.db, ids)]);
    const list = rows.flatMap((r) => {
      const anchor = briefs.get(r.anchor_id);
      return anchor ? [{ anchor, room_id: r.id, title: r.title, cover: r.cover, busy: busy.has(r.anchor_id) }] : [];
    });
    return { list, total, page, size, has_more: page * size < total };
  }

  async invite(meId: number, input: { room_id: number; duration_s: number }): Promise<{ battle: PkBattle }> {
    const target = await this.rooms.room(input.room_id).catch(() => undefined);
    if (target?.anchor_id === meId) throw new BizError(ErrorCode.PK_SELF);
    const mine = await this.myLiveRoom(meId);
    if (!target || target.status !== 'open' || target.anchor_live !== 1) throw new BizError(ErrorCode.PK_NOT_LIVE);
    // Counted per inviting anchor over every instance: invite/cancel pairs cannot flood the invited anchor.
    const turn = await this.deps.limits.take(`pk:invite:u:${meId}`, { max: this.config.invitesPerMinute, windowMs: 60_000 });
    if (!turn.ok) throw new BizError(ErrorCode.RATE_LIMITED, `PK邀请太频繁，请${Math.ceil(turn.retryAfterMs / 1000)}秒后再试`);
    const row = await this.create({
      mode: 'invite',
      status: 'inviting',
      a: mine,
      b: target,
      duration_s: input.duration_s,
      answer_s: this.config.inviteSeconds,
    });
    await repo.dequeue(this.db, meId);
    this.schedule(row);
    return { battle: await this.publish(row) };
  }

  /** Inserts the battle and marks both anchors busy in one transaction (PK_BUSY when either is already). */
  private async create(o: { mode: PkRow['mode']; status: PkRow['status']; a: RoomRow; b: RoomRow; duration_s: number; answer_s: number }): Promise<PkRow> {
    // One moment for every time of the row: the answer window and the battle last exactly what was set.
    const at = this.now();
    const now = this.iso(at);
    const answerBy = this.iso(at + o.answer_s * 1000);
    const started = o.status === 'battle';
    const endsAt = started ? this.iso(at + o.duration_s * 1000) : null;
    try {
      return await this.deps.db.tx(async (conn) => {
        const row = await repo.insert(conn, {
          mode: o.mode,
          status: o.status,
          a_room_id: o.a.id,
          a_anchor_id: o.a.anchor_id,
          b_room_id: o.b.id,
          b_anchor_id: o.b.anchor_id,
          duration_s: o.duration_s,
          punish_s: this.config.punishSeconds,
          invited_at: now,
          answer_by: answerBy,
          started_at: started ? now : null,
          ends_at: endsAt,
          punish_ends_at: null,
          ended_at: null,
          due_at: started ? endsAt : answerBy,
          a_score: null,
          b_score: null,
          winner: null,
          end_reason: null,
          ended_by: null,
          a_down_since: null,
          b_down_since: null,
        });
        await repo.takeBusy(conn, row.id, [o.a.anchor_id, o.b.anchor_id]);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new BizError(ErrorCode.PK_BUSY);
      throw err;
    }
  }

  async answer(meId: number, input: { battle_id: number; accept: boolean }): Promise<{ battle: PkBattle }> {
    const row = await this.battle(input.battle_id);
    if (row.b_anchor_id !== meId) throw new BizError(ErrorCode.PK_NOT_PARTY, '只有被邀请的主播可以回应');
    if (row.status === 'expired' || (row.status === 'inviting' && Date.parse(row.answer_by) <= this.now())) {
      await this.expire(row);
      throw new BizError(ErrorCode.PK_INVITE_EXPIRED);
    }
    if (row.status !== 'inviting') throw new BizError(ErrorCode.PK_ENDED, '这个PK邀请已经处理过了');
    let next: PkRow | undefined;
    if (input.accept) {
      // Both streams must still be up: a battle with a room that went dark would start lost.
      const [a, b] = await Promise.all([this.rooms.room(row.a_room_id), this.rooms.room(row.b_room_id)]);
      if ([a, b].some((r) => r.status !== 'open' || r.anchor_live !== 1)) {
        const cancelled = await this.finish(row, ['inviting'], { status: 'cancelled' });
        if (cancelled) await this.publish(cancelled);
        throw new BizError(ErrorCode.PK_NOT_LIVE, '对方已不在直播中');
      }
      const start = this.now();
      const endsAt = this.iso(start + row.duration_s * 1000);
      next = await repo.transition(this.db, row.id, ['inviting'], { status: 'battle', started_at: this.iso(start), ends_at: endsAt, due_at: endsAt });
    } else {
      next = await this.finish(row, ['inviting'], { status: 'declined' });
    }
    if (!next) {
      // The deadline's sweep (or a second tap) got there first.
      const now = await this.battle(row.id);
      throw new BizError(
        now.status === 'expired' ? ErrorCode.PK_INVITE_EXPIRED : ErrorCode.PK_ENDED,
        now.status === 'expired' ? undefined : '这个PK邀请已经处理过了',
      );
    }
    this.schedule(next);
    return { battle: await this.publish(next) };
  }

  async cancel(meId: number, battleId: number): Promise<{ battle: PkBattle }> {
    const row = await this.battle(battleId);
    if (row.a_anchor_id !== meId) throw new BizError(ErrorCode.PK_NOT_PARTY, '只有发起邀请的主播可以取消');
    const next = row.status === 'inviting' ? await this.finish(row, ['inviting'], { status: 'cancelled' }) : undefined;
    if (!next) throw new BizError(ErrorCode.PK_ENDED, '这个PK邀请已经处理过了');
    return { battle: await this.publish(next) };
  }

  /** Ends early: during the battle it is the caller's loss; during the punishment it ends the link. */
  async end(meId: number, battleId: number): Promise<{ battle: PkBattle }> {
    const row = await this.battle(battleId);
    const side = this.sideOf(row, meId);
    let next: PkRow | undefined;
    if (row.status === 'battle') next = await this.decide(row, { reason: 'forfeit', loser: side, by: meId });
    else if (row.status === 'punish') next = await this.finish(row, ['punish'], { status: 'ended' });
    if (!next) throw new BizError(ErrorCode.PK_ENDED);
    return { battle: await this.publish(next) };
  }

  async match(meId: number, durationS: number): Promise<{ battle: PkBattle | null; waiting: boolean }> {
    const mine = await this.myLiveRoom(meId);
    if ((await repo.busyOf(this.db, [meId])).size > 0) throw new BizError(ErrorCode.PK_BUSY, '你正在PK或邀请中');
    const fresh = this.iso(this.now() - MATCH_WAIT_MS);
    for (const w of await repo.waiting(this.db, meId, fresh)) {
      const room = await this.rooms.room(w.room_id).catch(() => undefined);
      // Whoever takes the waiting anchor's row out of the queue pairs with them.
      if (!(await repo.dequeue(this.db, w.anchor_id))) continue;
      if (!room || room.status !== 'open' || room.anchor_live !== 1 || room.anchor_id !== w.anchor_id) continue;
      try {
        const row = await this.create({ mode: 'random', status: 'battle', a: room, b: mine, duration_s: w.duration_s, answer_s: 0 });
        await repo.dequeue(this.db, meId);
        this.schedule(row);
        return { battle: await this.publish(row), waiting: false };
      } catch (err) {
        if (!(err instanceof BizError && err.code === ErrorCode.PK_BUSY)) throw err;
      }
    }
    await repo.enqueue(this.db, { anchor_id: meId, room_id: mine.id, duration_s: durationS, since: this.iso() });
    return { battle: null, waiting: true };
  }

  async matchCancel(meId: number): Promise<{ waiting: boolean }> {
    await repo.dequeue(this.db, meId);
    return { waiting: false };
  }

  /** The room's battle now (an invitation too, for one of its two anchors). */
  async ofRoom(roomId: number, callerId: number | null): Promise<{ battle: PkBattle | null }> {
    const row = await repo.ofRoom(this.db, roomId, ACTIVE);
    if (!row) return { battle: null };
    if (row.status === 'inviting' && callerId !== row.a_anchor_id && callerId !== row.b_anchor_id) return { battle: null };
    return { battle: await this.views.battle(row, this.now()) };
  }

  /** The other room's anchor seat, for someone in this room while it is linked in a battle. */
  async mediaFor(auth: Auth, roomId: number): Promise<MediaCredentials> {
    const row = await repo.ofRoom(this.db, roomId, LINKED);
    if (!row) throw new BizError(ErrorCode.PK_ENDED, '这个房间没有进行中的PK');
    const mine = await this.rooms.room(roomId);
    if (mine.anchor_id !== auth.user.id && !(await this.deps.rooms.isPresent(roomId, auth.user.id))) throw new BizError(ErrorCode.ROOM_NOT_JOINED);
    const otherRoom = await this.rooms.room(row.a_room_id === roomId ? row.b_room_id : row.a_room_id);
    return this.media.linkedAnchorPlay(auth, otherRoom);
  }

  async history(anchorId: number, page: number, size: number): Promise<Page<PkHistoryEntry> & { wins: number; losses: number; draws: number }> {
    const { rows, total, wins, losses, draws } = await repo.history(this.db, anchorId, page, size);
    return { list: await this.views.history(rows, anchorId), total, page, size, has_more: page * size < total, wins, losses, draws };
  }

  rank(meId: number | null, size: number) {
    return this.views.rank(meId, size, this.now());
  }

  // ---- scores --------------------------------------------------------------------------------

  /**
   * Gift listener: a gift sent in a room during its battle moves the score bar in both rooms. A gift
   * storm is coalesced: at most one score update per battle every SCORE_COALESCE_MS (with the latest sums).
   */
  async onGift(record: GiftRecord): Promise<void> {
    if (record.room_id <= 0) return;
    const row = await repo.ofRoom(this.db, record.room_id, ['battle']);
    if (!row?.ends_at || record.created_at >= row.ends_at || !row.started_at || record.created_at < row.started_at) return;
    if (this.scorePending.has(row.id)) return;
    this.scorePending.add(row.id);
    this.deps.clock.after(SCORE_COALESCE_MS, () => {
      this.scorePending.delete(row.id);
      void (async () => {
        // Still the battle (a result in between has told the rooms already).
        const now = await repo.byId(this.db, row.id);
        if (now?.status === 'battle') await this.publish(now);
      })().catch((err: unknown) => this.deps.log.warn({ err, battle: row.id }, 'pk score update failed'));
    });
  }

  // ---- deadlines ------------------------------------------------------------------------------

  /** A timer on this instance for the row's next deadline; the worker's sweep covers a timer that died with its instance. */
  private schedule(row: PkRow): void {
    this.timers.get(row.id)?.();
    this.timers.delete(row.id);
    if (!row.due_at || !ACTIVE.includes(row.status)) return;
    const cancel = this.deps.clock.after(Math.max(0, Date.parse(row.due_at) - this.now()) + 20, () => {
      this.timers.delete(row.id);
      void this.advance(row.id).catch((err: unknown) => this.deps.log.error({ err, battle: row.id }, 'pk deadline failed'));
    });
    this.timers.set(row.id, cancel);
  }

  /** Runs the transition a passed deadline calls for (nothing if another instance did it already). */
  async advance(id: number): Promise<void> {
    const row = await repo.byId(this.db, id);
    if (!row?.due_at || Date.parse(row.due_at) > this.now()) return;
    if (row.status === 'inviting') await this.expire(row);
    else if (row.status === 'battle') await this.decide(row, { reason: 'time' }).then((n) => n && this.publish(n));
    else if (row.status === 'punish') await this.finish(row, ['punish'], { status: 'ended' }).then((n) => n && this.publish(n));
  }

  private async expire(row: PkRow): Promise<void> {
    const next = await this.finish(row, ['inviting'], { status: 'expired' });
    if (next) await this.publish(next);
  }

  /**
   * The battle part ends: final scores from the gift records in [started_at, end), the winner (a
   * forfeit or a lost stream is the loser's), then the punishment period (or the end when it is 0
   * or the battle did not run its time).
   */
  private async decide(
    row: PkRow,
    o: { reason: 'time' } | { reason: 'forfeit' | 'stream_lost' | 'room_closed'; loser: Side; by: number },
  ): Promise<PkRow | undefined> {
    const endMs = o.reason === 'time' ? Date.parse(row.ends_at!) : Math.min(this.now(), Date.parse(row.ends_at!));
    const end = this.iso(endMs);
    const [a, b] = await Promise.all([repo.score(this.db, row.a_room_id, row.started_at!, end), repo.score(this.db, row.b_room_id, row.started_at!, end)]);
    const winner: PkRow['winner'] = o.reason !== 'time' ? other(o.loser) : a > b ? 'a' : b > a ? 'b' : 'draw';
    const punish = o.reason === 'time' && row.punish_s > 0;
    const punishEnds = this.iso(endMs + row.punish_s * 1000);
    const patch = {
      ends_at: end,
      a_score: a,
      b_score: b,
      winner,
      end_reason: o.reason,
      ended_by: o.reason === 'time' ? null : o.by,
      ...(punish
        ? { status: 'punish' as const, punish_ends_at: punishEnds, due_at: punishEnds }
        : { status: 'ended' as const, ended_at: this.iso(), due_at: null }),
    };
    if (!punish) return this.finish(row, ['battle'], patch);
    const next = await repo.transition(this.db, row.id, ['battle'], patch);
    if (next) this.schedule(next);
    return next;
  }

  /** A final status: the anchors are free for another battle. */
  private async finish(row: PkRow, from: PkRow['status'][], patch: Partial<Omit<PkRow, 'id'>>): Promise<PkRow | undefined> {
    // The final status and the anchors' release in one transaction: never a battle over with its anchors still busy.
    const next = await this.deps.db.tx(async (conn) => {
      const done = await repo.transition(conn, row.id, from, { ended_at: this.iso(), due_at: null, ...patch });
      if (done) await repo.freeBusy(conn, row.id);
      return done;
    });
    if (!next) return undefined;
    this.timers.get(row.id)?.();
    this.timers.delete(row.id);
    return next;
  }

  /** Tells both anchors (an invitation's states) or both rooms (the battle's): the battle as it is now. */
  private async publish(row: PkRow): Promise<PkBattle> {
    const battle = await this.views.battle(row, this.now());
    const rooms = this.deps.rooms;
    if (row.started_at === null) {
      rooms.toMember(row.a_room_id, row.a_anchor_id, 'pk', { room_id: row.a_room_id, battle });
      rooms.toMember(row.b_room_id, row.b_anchor_id, 'pk', { room_id: row.b_room_id, battle });
    } else {
      rooms.toRoom(row.a_room_id, 'pk', { room_id: row.a_room_id, battle });
      rooms.toRoom(row.b_room_id, 'pk', { room_id: row.b_room_id, battle });
    }
    return battle;
  }

  // ---- the worker's sweep -------------------------------------------------------------------------

  /** The worker role's job (under its leader lease): deadlines whose timer died with its instance, lost streams, closed rooms. */
  startSweeps(): () => void {
    const t = setInterval(() => void this.sweep(), this.config.sweepMs);
    t.unref();
    return () => clearInterval(t);
  }

  async sweep(): Promise<void> {
    try {
      const now = this.now();
      await repo.dropStale(this.db, this.iso(now - MATCH_WAIT_MS));
      for (const row of await repo.due(this.db, this.iso(now))) {
        if (row.due_at && Date.parse(row.due_at) <= now) await this.advance(row.id);
        else if (LINKED.includes(row.status)) await this.checkStreams(row, now);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'pk sweep failed');
    }
  }

  /** A side whose room closed, or whose anchor stream has been down PK_STREAM_LOST_S, ends the battle (their loss while it runs). */
  private async checkStreams(row: PkRow, now: number): Promise<void> {
    for (const side of ['a', 'b'] as const) {
      const room = await this.rooms.room(side === 'a' ? row.a_room_id : row.b_room_id).catch(() => undefined);
      const anchorId = side === 'a' ? row.a_anchor_id : row.b_anchor_id;
      const since = side === 'a' ? row.a_down_since : row.b_down_since;
      const closed = !room || room.status !== 'open';
      const down = closed || room.anchor_live !== 1;
      if (!down) {
        if (since) await repo.setDown(this.db, row.id, side, null);
        continue;
      }
      if (!closed && !since) {
        await repo.setDown(this.db, row.id, side, this.iso(now));
        continue;
      }
      if (!closed && now - Date.parse(since!) < this.config.streamLostSeconds * 1000) continue;
      const reason = closed ? 'room_closed' : 'stream_lost';
      const next =
        row.status === 'battle'
          ? await this.decide(row, { reason, loser: side, by: anchorId })
          : await this.finish(row, ['punish'], { status: 'ended', ended_by: row.ended_by ?? anchorId });
      if (next) await this.publish(next);
      this.deps.log.info({ battle: row.id, side, reason }, 'pk ended: a stream was lost');
      return;
    }
  }

  dispose(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
