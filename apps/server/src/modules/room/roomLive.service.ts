import { vipHas } from '@app/kit';
import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  RoomAuth,
  seatId,
  type MicQueueEntry,
  type RoomAuthLevel,
  type RoomChat,
  type RoomJoined,
  type RoomSettings,
  type UserBrief,
  parseRoomSettings,
} from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { fanBadges } from '../fanclub/fanBadges.js';
import { moderation } from '../moderation/moderation.service.js';
import type { UserRow } from '../../db/schema.js';
import type { RoomService } from './room.service.js';
import { roomRepository } from './room.repository.js';
import type { RoomRow } from './room.tables.js';
import { levelOf } from './room.view.js';
import { roomMemberRepository as members } from './roomMember.repository.js';
import { checkRoomPassword } from './roomPassword.js';
import { briefOf, briefsOf } from '../user/userBriefs.js';

const RECENT = 8;

/** Who acts on the room channel: the socket's user. */
export interface Actor {
  user: UserRow;
  brief: UserBrief;
}

/**
 * The room channel's rules: joining (closed rooms, kick bans, passwords), chat (mute), moderation by
 * auth level, the mic queue and seats, settings. The channel (realtime/room.ts) validates payloads,
 * rate-limits and tracks sockets; everything shared between instances is in the database.
 */
/** Hears a chat line sent in a room. */
export type ChatListener = (roomId: number, userId: number) => void | Promise<void>;

export class RoomLiveService {
  private readonly chatListeners: ChatListener[] = [];

  constructor(
    private readonly deps: Deps,
    private readonly rooms: RoomService,
  ) {}

  /** Called after each chat line is sent, before its ack (a lucky bag's chat task); errors are logged, the line stays sent. */
  onChat(listener: ChatListener): void {
    this.chatListeners.push(listener);
  }

  private get db() {
    return this.deps.db.kysely;
  }

  private get out() {
    return this.deps.rooms;
  }

  /** The open room, or ROOM_CLOSED / NOT_FOUND. */
  private async openRoom(roomId: number): Promise<RoomRow> {
    const room = await this.rooms.room(roomId);
    if (room.status !== 'open') throw new BizError(ErrorCode.ROOM_CLOSED);
    return room;
  }

  /** The public view of a user (the channel reads it at join). */
  briefOf(userId: number): Promise<UserBrief | undefined> {
    return briefOf(this.db, userId);
  }

  async levelIn(room: RoomRow, userId: number): Promise<RoomAuthLevel> {
    const [member, seat] = await Promise.all([members.member(this.db, room.id, userId), members.seatOf(this.db, room.id, userId)]);
    return levelOf(room, userId, member, seat);
  }

  /** Checks that the actor may enter; the channel then adds the socket and calls `entered`. */
  async checkJoin(actor: Actor, roomId: number, password: string | undefined, ip: string): Promise<RoomRow> {
    const room = await this.openRoom(roomId);
    const member = await members.member(this.db, roomId, actor.user.id);
    if (room.anchor_id !== actor.user.id && member?.banned_until && member.banned_until > nowIso()) {
      throw new BizError(ErrorCode.ROOM_KICKED, undefined, { data: { until: member.banned_until } });
    }
    if (room.password_hash && room.anchor_id !== actor.user.id && !member?.is_admin) {
      if (!password) throw new BizError(ErrorCode.ROOM_PASSWORD_REQUIRED);
      await checkRoomPassword(this.deps, { roomId: room.id, userId: actor.user.id, ip }, password, room.password_hash);
    }
    return room;
  }

  /** After the socket joined: the state the client starts from. */
  async joined(actor: Actor, room: RoomRow): Promise<RoomJoined> {
    if (room.anchor_id === actor.user.id) await this.rooms.anchorCheck(room.id);
    const fresh = await this.rooms.room(room.id);
    const [info, counts, recent, queue] = await Promise.all([
      this.rooms.views.info(this.db, fresh, actor.user.id),
      this.out.onlineCounts([room.id]),
      this.out.recent(room.id),
      this.queue(room.id),
    ]);
    // Entrance banners for notable members only (the room's staff and co-hosts, the anchor's
    // followers, VIPs whose tier has the entrance perk); everyone else shows up in the next
    // `online` update's latest arrivals. A join then costs the same in a room of ten or of ten thousand.
    if (info.my_auth <= RoomAuth.COHOST || info.my_following || vipHas(actor.brief.vip_level, 'entrance'))
      this.out.entrance(room.id, { ...actor.brief, auth: info.my_auth });
    // A fan club member's day watched (once per China-time day).
    await fanBadges.watched(this.db, room.anchor_id, actor.user.id);
    this.out.onlineChanged(room.id);
    return { room: { ...info, online: counts.get(room.id) ?? 0 }, online: counts.get(room.id) ?? 0, recent: recent.slice(0, RECENT), queue };
  }

  /**
   * The user's last socket left the room (or was disconnected): their mic request is dropped, their
   * seat freed (its stream ended), and the anchor's presence re-checked.
   */
  async left(roomId: number, userId: number): Promise<void> {
    const room = await roomRepository.byId(this.db, roomId);
    if (!room || room.status !== 'open') return;
    if (await members.dequeue(this.db, roomId, userId)) await this.pushQueue(roomId);
    const seat = await members.leaveSeat(this.db, roomId, userId);
    if (seat !== null) {
      this.out.endSeat(roomId, seatId(seat));
      await this.pushSeats(roomId);
    }
    this.out.onlineChanged(roomId);
    if (room.anchor_id === userId) await this.rooms.anchorCheck(roomId);
  }

  async chat(actor: Actor, roomId: number, text: string, danmaku: boolean): Promise<{ id: string }> {
    this.requireMember(actor);
    await moderation.assertNotBanned(this.db, actor.user.id, 'chat');
    const room = await this.openRoom(roomId);
    const member = await members.member(this.db, roomId, actor.user.id);
    if (member?.muted && room.anchor_id !== actor.user.id) throw new BizError(ErrorCode.ROOM_MUTED);
    const [seat, fan] = await Promise.all([members.seatOf(this.db, roomId, actor.user.id), fanBadges.badgeOf(this.db, room.anchor_id, actor.user.id)]);
    const msg: RoomChat = {
      room_id: roomId,
      id: randomUUID(),
      user: { ...actor.brief, auth: levelOf(room, actor.user.id, member, seat) },
      fan,
      text,
      danmaku,
      at: nowIso(),
    };
    this.out.toRoom(roomId, 'chat', msg);
    for (const listener of this.chatListeners) {
      await Promise.resolve(listener(roomId, actor.user.id)).catch((err: unknown) => this.deps.log.warn({ err, room: roomId }, 'chat listener failed'));
    }
    return { id: msg.id };
  }

  // ---- moderation -------------------------------------------------------------------------------

  /** The actor's level, which must be owner or admin and stronger than the target's. */
  private async manage(actor: Actor, room: RoomRow, targetId: number): Promise<{ mine: RoomAuthLevel; theirs: RoomAuthLevel }> {
    const [mine, theirs] = await Promise.all([this.levelIn(room, actor.user.id), this.levelIn(room, targetId)]);
    if (mine > RoomAuth.ADMIN) throw new BizError(ErrorCode.FORBIDDEN, '只有主播和房管可以这样做');
    if (targetId === actor.user.id || theirs <= mine) throw new BizError(ErrorCode.FORBIDDEN, '不能对该用户这样做');
    return { mine, theirs };
  }

  private async target(userId: number): Promise<UserBrief> {
    const b = await briefOf(this.db, userId);
    if (!b) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    return b;
  }

  async mute(actor: Actor, roomId: number, userId: number, muted: boolean): Promise<null> {
    const room = await this.openRoom(roomId);
    const user = await this.target(userId);
    const { theirs } = await this.manage(actor, room, userId);
    await members.setFlags(this.db, roomId, userId, { muted: muted ? 1 : 0 }, nowIso());
    this.out.toRoom(roomId, 'moderation', { room_id: roomId, action: muted ? 'mute' : 'unmute', user, by: actor.brief, auth: theirs, muted, until: null });
    return null;
  }

  async kick(actor: Actor, roomId: number, userId: number, minutes: number | undefined): Promise<null> {
    const room = await this.openRoom(roomId);
    const user = await this.target(userId);
    await this.manage(actor, room, userId);
    const until = new Date(Date.now() + (minutes ?? this.rooms.config.kickBanMinutes) * 60_000).toISOString();
    // A kicked admin loses the role: coming back as a viewer is the owner's call.
    await members.setFlags(this.db, roomId, userId, { banned_until: until, is_admin: 0 }, nowIso());
    const member = await members.member(this.db, roomId, userId);
    this.out.toRoom(roomId, 'moderation', {
      room_id: roomId,
      action: 'kick',
      user,
      by: actor.brief,
      auth: RoomAuth.VIEWER,
      muted: member?.muted === 1,
      until,
    });
    await this.out.removeMember(roomId, userId, { room_id: roomId, until, by: actor.brief });
    await this.left(roomId, userId);
    return null;
  }

  async setAdmin(actor: Actor, roomId: number, userId: number, admin: boolean): Promise<null> {
    const room = await this.openRoom(roomId);
    if (room.anchor_id !== actor.user.id) throw new BizError(ErrorCode.FORBIDDEN, '只有主播可以设置房管');
    if (userId === room.anchor_id) throw new BizError(ErrorCode.FORBIDDEN, '不能对主播这样做');
    const user = await this.target(userId);
    await members.setFlags(this.db, roomId, userId, { is_admin: admin ? 1 : 0 }, nowIso());
    const member = await members.member(this.db, roomId, userId);
    this.out.toRoom(roomId, 'moderation', {
      room_id: roomId,
      action: admin ? 'admin' : 'unadmin',
      user,
      by: actor.brief,
      auth: await this.levelIn(room, userId),
      muted: member?.muted === 1,
      until: null,
    });
    return null;
  }

  // ---- mic queue and seats --------------------------------------------------------------------------

  async queue(roomId: number): Promise<MicQueueEntry[]> {
    const rows = await members.queue(this.db, roomId);
    const briefs = await briefsOf(
      this.db,
      rows.map((r) => r.user_id),
    );
    return rows.flatMap((r) => {
      const user = briefs.get(r.user_id);
      return user ? [{ user, seat: r.seat, at: r.created_at }] : [];
    });
  }

  private async pushQueue(roomId: number): Promise<void> {
    this.out.toRoom(roomId, 'micQueue', { room_id: roomId, queue: await this.queue(roomId) });
  }

  private async pushSeats(roomId: number): Promise<void> {
    this.out.toRoom(roomId, 'seats', { room_id: roomId, seats: await this.rooms.views.seats(this.db, roomId) });
  }

  async micRequest(actor: Actor, roomId: number, seat: number | undefined): Promise<null> {
    this.requireMember(actor);
    const room = await this.openRoom(roomId);
    if (room.anchor_id === actor.user.id) throw new BizError(ErrorCode.CONFLICT, '主播已在麦上');
    if (!parseRoomSettings(room.settings).allow_mic) throw new BizError(ErrorCode.MIC_NOT_ALLOWED);
    if (await members.seatOf(this.db, roomId, actor.user.id)) throw new BizError(ErrorCode.CONFLICT, '您已在麦上');
    const seats = await members.seats(this.db, roomId);
    if (seat !== undefined) {
      const s = seats.find((x) => x.seat === seat);
      if (!s) throw new BizError(ErrorCode.NOT_FOUND, '麦位不存在');
      if (s.locked) throw new BizError(ErrorCode.SEAT_LOCKED);
      if (s.user_id !== null) throw new BizError(ErrorCode.CONFLICT, '该麦位已有人');
    }
    if (!seats.some((s) => s.user_id === null && !s.locked)) throw new BizError(ErrorCode.SEATS_FULL);
    await members.enqueue(this.db, roomId, actor.user.id, seat ?? null, nowIso());
    await this.pushQueue(roomId);
    return null;
  }

  async micCancel(actor: Actor, roomId: number): Promise<null> {
    if (await members.dequeue(this.db, roomId, actor.user.id)) await this.pushQueue(roomId);
    return null;
  }

  async micAccept(actor: Actor, roomId: number, userId: number, seat: number | undefined): Promise<{ seat: number }> {
    const room = await this.openRoom(roomId);
    if ((await this.levelIn(room, actor.user.id)) > RoomAuth.ADMIN) throw new BizError(ErrorCode.FORBIDDEN, '只有主播和房管可以这样做');
    const request = await members.queued(this.db, roomId, userId);
    if (!request) throw new BizError(ErrorCode.NOT_FOUND, '没有该用户的连麦申请');
    const seats = await members.seats(this.db, roomId);
    const wanted = seat ?? request.seat ?? undefined;
    let chosen: number | undefined;
    if (wanted !== undefined) {
      const s = seats.find((x) => x.seat === wanted);
      if (!s) throw new BizError(ErrorCode.NOT_FOUND, '麦位不存在');
      if (s.locked) throw new BizError(ErrorCode.SEAT_LOCKED);
      if (s.user_id === null) chosen = wanted;
    }
    // The wished seat was taken meanwhile (or none was named): the first free one.
    chosen ??= seats.find((s) => s.user_id === null && !s.locked)?.seat;
    if (chosen === undefined || !(await members.takeSeat(this.db, roomId, chosen, userId))) throw new BizError(ErrorCode.SEATS_FULL);
    await members.dequeue(this.db, roomId, userId);
    this.out.toMember(roomId, userId, 'micDecision', { room_id: roomId, user_id: userId, decision: 'accepted', seat: chosen });
    await this.pushSeats(roomId);
    await this.pushQueue(roomId);
    return { seat: chosen };
  }

  async micReject(actor: Actor, roomId: number, userId: number): Promise<null> {
    const room = await this.openRoom(roomId);
    if ((await this.levelIn(room, actor.user.id)) > RoomAuth.ADMIN) throw new BizError(ErrorCode.FORBIDDEN, '只有主播和房管可以这样做');
    if (!(await members.dequeue(this.db, roomId, userId))) throw new BizError(ErrorCode.NOT_FOUND, '没有该用户的连麦申请');
    this.out.toMember(roomId, userId, 'micDecision', { room_id: roomId, user_id: userId, decision: 'rejected', seat: null });
    await this.pushQueue(roomId);
    return null;
  }

  /** Takes a co-host off the mic (owner/admin over weaker levels), or the actor leaves their own seat. */
  async micRemove(actor: Actor, roomId: number, userId: number): Promise<null> {
    const room = await this.openRoom(roomId);
    if (userId !== actor.user.id) await this.manage(actor, room, userId);
    const seat = await members.leaveSeat(this.db, roomId, userId);
    if (seat === null) throw new BizError(ErrorCode.NOT_ON_SEAT);
    this.out.endSeat(roomId, seatId(seat));
    this.out.toMember(roomId, userId, 'micDecision', { room_id: roomId, user_id: userId, decision: 'removed', seat });
    await this.pushSeats(roomId);
    return null;
  }

  /**
   * Free seats (chat rooms whose settings allow the mic and free seats): a member sits on the empty,
   * unlocked seat they tapped at once. The conditional seat update decides a race for the same seat.
   */
  async seatTake(actor: Actor, roomId: number, seat: number): Promise<{ seat: number }> {
    this.requireMember(actor);
    const room = await this.openRoom(roomId);
    if (room.anchor_id === actor.user.id) throw new BizError(ErrorCode.CONFLICT, '主播已在麦上');
    const settings = parseRoomSettings(room.settings);
    if (!settings.allow_mic) throw new BizError(ErrorCode.MIC_NOT_ALLOWED);
    if (room.kind !== 'chat' || !settings.free_seats) throw new BizError(ErrorCode.MIC_NOT_ALLOWED, '上麦需要房主同意，请申请上麦');
    if (await members.seatOf(this.db, roomId, actor.user.id)) throw new BizError(ErrorCode.CONFLICT, '您已在麦上');
    const taken = async () => {
      const s = (await members.seats(this.db, roomId)).find((x) => x.seat === seat);
      if (!s) return new BizError(ErrorCode.NOT_FOUND, '麦位不存在');
      if (s.locked) return new BizError(ErrorCode.SEAT_LOCKED);
      return new BizError(ErrorCode.CONFLICT, s.user_id === actor.user.id ? '您已在麦上' : '该麦位已有人');
    };
    if (!(await members.takeSeat(this.db, roomId, seat, actor.user.id))) throw await taken();
    if (await members.dequeue(this.db, roomId, actor.user.id)) await this.pushQueue(roomId);
    await this.pushSeats(roomId);
    return { seat };
  }

  /** The occupant turns their camera or microphone on or off; everyone's seat tile follows. */
  async seatMedia(actor: Actor, roomId: number, patch: { camera?: boolean | undefined; mic?: boolean | undefined }): Promise<null> {
    await this.openRoom(roomId);
    const flags = {
      ...(patch.camera !== undefined ? { camera: patch.camera ? 1 : 0 } : {}),
      ...(patch.mic !== undefined ? { mic: patch.mic ? 1 : 0 } : {}),
    };
    if ((await members.setSeatMedia(this.db, roomId, actor.user.id, flags)) === null) throw new BizError(ErrorCode.NOT_ON_SEAT);
    await this.pushSeats(roomId);
    return null;
  }

  async seatLock(actor: Actor, roomId: number, seat: number, locked: boolean): Promise<null> {
    const room = await this.openRoom(roomId);
    if ((await this.levelIn(room, actor.user.id)) > RoomAuth.ADMIN) throw new BizError(ErrorCode.FORBIDDEN, '只有主播和房管可以这样做');
    if (!(await members.seats(this.db, roomId)).some((s) => s.seat === seat)) throw new BizError(ErrorCode.NOT_FOUND, '麦位不存在');
    await members.setSeat(this.db, roomId, seat, { locked: locked ? 1 : 0 });
    await this.pushSeats(roomId);
    return null;
  }

  async seatClear(actor: Actor, roomId: number, seat: number): Promise<null> {
    const room = await this.openRoom(roomId);
    if ((await this.levelIn(room, actor.user.id)) > RoomAuth.ADMIN) throw new BizError(ErrorCode.FORBIDDEN, '只有主播和房管可以这样做');
    const s = (await members.seats(this.db, roomId)).find((x) => x.seat === seat);
    if (!s) throw new BizError(ErrorCode.NOT_FOUND, '麦位不存在');
    if (s.user_id === null) return null;
    return this.micRemove(actor, roomId, s.user_id);
  }

  async settings(actor: Actor, roomId: number, patch: Partial<RoomSettings>) {
    const room = await this.openRoom(roomId);
    if (room.anchor_id !== actor.user.id) throw new BizError(ErrorCode.FORBIDDEN, '只有主播可以修改房间设置');
    const settings = { ...parseRoomSettings(room.settings), ...patch };
    await roomRepository.update(this.db, roomId, { settings: JSON.stringify(settings), updated_at: nowIso() });
    const event = { room_id: roomId, settings };
    this.out.toRoom(roomId, 'settings', event);
    const waiting = settings.allow_mic ? [] : await members.queue(this.db, roomId);
    if (waiting.length > 0) {
      for (const r of waiting) {
        await members.dequeue(this.db, roomId, r.user_id);
        this.out.toMember(roomId, r.user_id, 'micDecision', { room_id: roomId, user_id: r.user_id, decision: 'rejected', seat: null });
      }
      await this.pushQueue(roomId);
    }
    return event;
  }

  /** Chat and the mic need a registered member; a guest is sent to login (code -1, seed §8). */
  private requireMember(actor: Actor): void {
    if (actor.user.is_guest) throw new BizError(ErrorCode.LOGIN_REQUIRED, '请先登录');
  }
}
