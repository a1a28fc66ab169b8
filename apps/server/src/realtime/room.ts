import type { Namespace, Server, Socket } from 'socket.io';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ErrorCode,
  errorMessages,
  ROOM_AUTH_FAILED,
  ROOM_NAMESPACE,
  roomHandshake,
  roomIn,
  type RoomAck,
  type RoomClientEvents,
  type RoomMember,
  type RoomServerEvents,
  type UserBrief,
} from '@app/contract';
import type { UserRow } from '../db/schema.js';
import { BizError } from '../http/errors.js';
import { clientIp } from '../http/clientIp.js';
import { parseInput } from '../http/parseInput.js';
import type { Limiter } from '../limits/limiter.js';
import type { MediaEngine } from '../media/index.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { RoomService } from '../modules/room/room.service.js';
import type { Actor, RoomLiveService } from '../modules/room/roomLive.service.js';
import { roomChannel, roomMemberChannel, type RoomEmitter, type RoomPayload } from '../emitters/roomEmitter.js';
import { RoomFanout } from './roomFanout.js';
import { inSpanSync } from '../tracing/spans.js';
import { HEARTBEAT_MS, MemoryPresence, RedisPresence, type RoomPresence } from './roomPresence.js';

interface SocketData {
  user: UserRow;
  /** The room this socket is in (at most one), or null. */
  roomId: number | null;
  brief: UserBrief | null;
  /** The caller's address at the handshake (room password guesses are counted per IP too). */
  ip: string;
}

/** Instance-to-instance messages: each instance acts on its own sockets and its own SFU. */
type BusMessage =
  | { type: 'endRoom'; roomId: number }
  | { type: 'removeMember'; roomId: number; userId: number; kicked?: RoomPayload<'kicked'> }
  | { type: 'endSeat'; roomId: number; seatId: string }
  | { type: 'endUser'; userId: number };
interface BusEvents {
  roomBus: (msg: BusMessage) => void;
  /** A flush of volatile lines from another instance, for this instance's members of the channel. */
  roomLines: (channel: string, packets: string[]) => void;
}

type RoomNamespace = Namespace<RoomClientEvents, RoomServerEvents, BusEvents, SocketData>;
type RoomSocket = Socket<RoomClientEvents, RoomServerEvents, BusEvents, SocketData>;

/** Dropped when a client is slow: the next one replaces it. Sent to a room through RoomFanout (one write per member per window). */
const VOLATILE = new Set<keyof RoomServerEvents>(['online', 'chat', 'enter']);
const ACK_TIMEOUT_MS = 5000;
/** `online` updates: every 0.5 s at most, and in big rooms every ONLINE_MS_PER_MEMBER × members (5 s at 10,000). */
const ONLINE_COALESCE_MS = 500;
const ONLINE_MS_PER_MEMBER = 0.5;
const ONLINE_COALESCE_MAX_MS = 5000;
/** At most one entrance banner per room in this window; a later one replaces a waiting one. */
const ENTRANCE_GAP_MS = 1000;
const RECENT = 8;

export interface RoomHubOptions {
  log: FastifyBaseLogger;
  /** The media engine serving this instance's rooms: the hub ends sessions on kicks, bans and room ends. */
  sfu: Pick<MediaEngine, 'on' | 'close' | 'closeRoom' | 'closeViewer' | 'closeUser' | 'room'>;
  /** Chat is limited per user through it, whatever the number of sockets and instances. */
  limits: Limiter;
  /** Read the caller's address from X-Forwarded-For (TRUST_PROXY). */
  trustProxy?: boolean;
  /** Presence in Redis so every instance agrees on online counts (with REDIS_URL). */
  redis?: { cmd: Redis; prefix: string } | undefined;
}

/**
 * The room channel: socket.io namespace `/room` on the hall's server (so the Redis adapter, when
 * configured, carries it across instances too). Sockets prove their user at the handshake; a socket
 * joins `room:<id>` and `room:<id>:u:<user>` when it joins a room. Implements RoomEmitter for services.
 */
export class RoomHub implements RoomEmitter {
  private readonly nsp: RoomNamespace;
  private readonly presence: RoomPresence;
  /** Volatile lines to a room: encoded once, written to each member once per window (roomFanout.ts). */
  readonly fanout: RoomFanout;
  private readonly onlineTimers = new Map<number, NodeJS.Timeout>();
  /** The room's last `online` count (cluster-wide), which sets its coalescing window. */
  private readonly lastOnline = new Map<number, number>();
  /** Per room: when the last entrance banner went out, and the one waiting for the window to pass. */
  private readonly entrances = new Map<number, { at: number; waiting: RoomMember | null; timer: NodeJS.Timeout | null }>();
  /** Set once close() has drained the work in flight: nothing is emitted after it (the Redis adapter's connection closes next). */
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  /** Async work started by socket events and SFU events; shutdown waits for it before the DB closes. */
  private readonly pending = new Set<Promise<unknown>>();
  /** Chat messages per user per 10 s (the rooms config, known at listen). */
  private chatPer10s = 5;

  constructor(
    io: Server,
    private readonly opts: RoomHubOptions,
  ) {
    this.nsp = io.of(ROOM_NAMESPACE) as RoomNamespace;
    this.presence = opts.redis ? new RedisPresence(opts.redis.cmd, opts.redis.prefix) : new MemoryPresence();
    this.heartbeat = setInterval(() => this.track(this.touchAll()), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.nsp.on('roomBus', (msg) => this.local(msg));
    this.fanout = new RoomFanout(
      this.nsp as unknown as Namespace,
      opts.redis ? (channel, packets) => void (this.closed || this.nsp.serverSideEmit('roomLines', channel, packets)) : undefined,
    );
    this.nsp.on('roomLines', (channel, packets) => {
      if (!this.closed) this.fanout.deliver(channel, packets);
    });
  }

  private track<T>(p: Promise<T>): Promise<T> {
    const guarded = p.catch((err: unknown) => {
      this.opts.log.error({ err }, 'room channel task failed');
    });
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
    return p;
  }

  /** Starts accepting sockets and listening to the SFU; needs the services, which emit through this hub. */
  listen(sessions: SessionService, rooms: RoomService, live: RoomLiveService): void {
    const { sfu } = this.opts;
    this.chatPer10s = rooms.config.chatPer10s;
    sfu.on('publisher-up', (e) => void this.track(rooms.onPublisher(e.roomId, e.seatId, e.userId, true)));
    sfu.on('publisher-down', (e) => {
      // 'replaced': the same user republished the seat (a reconnect); 'publisher-up' follows.
      if (e.reason !== 'replaced') void this.track(rooms.onPublisher(e.roomId, e.seatId, e.userId, false));
    });

    this.nsp.use(async (socket, next) => {
      const refuse = (code?: number) => {
        const err = new Error(ROOM_AUTH_FAILED) as Error & { data?: unknown };
        err.data = { code: code ?? null };
        next(err);
      };
      try {
        const auth = roomHandshake.safeParse(socket.handshake.auth);
        if (!auth.success) return refuse();
        const checked = await sessions.check(auth.data.token);
        if (!checked.ok) return refuse(checked.code);
        if (checked.auth.user.uuid !== auth.data.uuid) return refuse();
        socket.data = { user: checked.auth.user, roomId: null, brief: null, ip: clientIp(socket.request, this.opts.trustProxy ?? false) };
        next();
      } catch (err) {
        this.opts.log.error({ err }, 'room handshake failed');
        refuse();
      }
    });

    this.nsp.on('connection', (socket) => {
      const actor = (): Actor => ({ user: socket.data.user, brief: socket.data.brief! });
      /** The room the socket is in; refused when it is in none (or was removed from it elsewhere). */
      const inRoom = (): number => {
        const id = socket.data.roomId;
        if (id === null || !socket.rooms.has(roomChannel(id))) throw new BizError(ErrorCode.ROOM_NOT_JOINED);
        return id;
      };
      const handle = <E extends keyof RoomClientEvents, S extends z.ZodType>(event: E, schema: S, run: (input: z.output<S>) => Promise<unknown>): void => {
        socket.on(event, ((payload: unknown, ack: unknown) => {
          const reply = typeof ack === 'function' ? (ack as (r: RoomAck<unknown>) => void) : () => {};
          void this.track(
            (async () => {
              try {
                const input = parseInput(schema, payload ?? {});
                reply({ code: ErrorCode.OK, msg: errorMessages[ErrorCode.OK], data: (await run(input)) ?? null });
              } catch (err) {
                reply(this.toAck(err, event));
              }
            })(),
          );
        }) as never);
      };

      handle('join', roomIn.join, async ({ room_id, password }) => {
        const brief = await live.briefOf(socket.data.user.id);
        if (!brief) throw new BizError(ErrorCode.TOKEN_INVALID);
        socket.data.brief = brief;
        // Wrong passwords are counted per user and room, and per IP and room (roomPassword.ts), not per socket.
        const room = await live.checkJoin(actor(), room_id, password, socket.data.ip);
        if (socket.data.roomId !== null && socket.data.roomId !== room_id) await this.leave(socket, live);
        await socket.join([roomChannel(room_id), roomMemberChannel(room_id, brief.id)]);
        socket.data.roomId = room_id;
        await this.presence.add(room_id, brief);
        return live.joined(actor(), room);
      });
      handle('leave', roomIn.leave, async () => {
        await this.leave(socket, live);
        return null;
      });
      handle('chat', roomIn.chat, async ({ text, danmaku }) => {
        const roomId = inRoom();
        await this.takeChatTurn(socket.data.user.id);
        return live.chat(actor(), roomId, text, danmaku);
      });
      handle('mute', roomIn.mute, ({ user_id, muted }) => live.mute(actor(), inRoom(), user_id, muted));
      handle('kick', roomIn.kick, ({ user_id, minutes }) => live.kick(actor(), inRoom(), user_id, minutes));
      handle('setAdmin', roomIn.setAdmin, ({ user_id, admin }) => live.setAdmin(actor(), inRoom(), user_id, admin));
      handle('micRequest', roomIn.micRequest, ({ seat }) => live.micRequest(actor(), inRoom(), seat));
      handle('micCancel', roomIn.micCancel, () => live.micCancel(actor(), inRoom()));
      handle('micAccept', roomIn.micAccept, ({ user_id, seat }) => live.micAccept(actor(), inRoom(), user_id, seat));
      handle('micReject', roomIn.micReject, ({ user_id }) => live.micReject(actor(), inRoom(), user_id));
      handle('micRemove', roomIn.micRemove, ({ user_id }) => live.micRemove(actor(), inRoom(), user_id));
      handle('seatTake', roomIn.seatTake, ({ seat }) => live.seatTake(actor(), inRoom(), seat));
      handle('seatMedia', roomIn.seatMedia, (patch) => live.seatMedia(actor(), inRoom(), patch));
      handle('seatLock', roomIn.seatLock, ({ seat, locked }) => live.seatLock(actor(), inRoom(), seat, locked));
      handle('seatClear', roomIn.seatClear, ({ seat }) => live.seatClear(actor(), inRoom(), seat));
      handle('settings', roomIn.settings, ({ settings }) => live.settings(actor(), inRoom(), settings));

      socket.on('disconnect', () => void this.track(this.leave(socket, live)));
    });
  }

  /** The socket leaves its room; when it was the user's last socket there, presence and the room hear of it. */
  private async leave(socket: RoomSocket, live: RoomLiveService): Promise<void> {
    const roomId = socket.data.roomId;
    if (roomId === null) return;
    const userId = socket.data.user.id;
    socket.data.roomId = null;
    const memberCh = roomMemberChannel(roomId, userId);
    const wasIn = socket.rooms.has(roomChannel(roomId)) || !socket.connected;
    await Promise.all([socket.leave(roomChannel(roomId)), socket.leave(memberCh)]);
    if (!wasIn) return; // removed already (kick, close): that path cleaned up
    if ((this.nsp.adapter.rooms.get(memberCh)?.size ?? 0) > 0) return; // another tab of the user is still here
    await this.presence.remove(roomId, userId);
    await live.left(roomId, userId);
  }

  /** chatPer10s messages per user in any 10 s, over all of the user's sockets on every instance. */
  private async takeChatTurn(userId: number): Promise<void> {
    const taken = await this.opts.limits.take(`chat:u:${userId}`, { max: this.chatPer10s, windowMs: 10_000 });
    if (!taken.ok) throw new BizError(ErrorCode.RATE_LIMITED, '发言太快了，请稍后再试');
  }

  private toAck(err: unknown, event: string): RoomAck<unknown> {
    if (err instanceof BizError) return { code: err.code, msg: err.message, data: (err.data ?? null) as unknown };
    this.opts.log.error({ err, event }, 'room event failed');
    return { code: ErrorCode.INTERNAL, msg: errorMessages[ErrorCode.INTERNAL], data: null };
  }

  // ---- RoomEmitter ---------------------------------------------------------------------------------

  toRoom<E extends keyof RoomServerEvents>(roomId: number, event: E, payload: RoomPayload<E>): void {
    const channel = roomChannel(roomId);
    if (this.closed) return;
    if (VOLATILE.has(event)) return this.fanout.push(channel, event, payload);
    // The lines before this event go first (this one is written at once).
    this.fanout.flushNow(channel);
    this.send(channel, event, payload, false);
  }

  toMember<E extends keyof RoomServerEvents>(roomId: number, userId: number, event: E, payload: RoomPayload<E>): void {
    this.send(roomMemberChannel(roomId, userId), event, payload, true);
  }

  private send<E extends keyof RoomServerEvents>(channel: string, event: E, payload: RoomPayload<E>, retry: boolean): void {
    type Loose = { emit(ev: string, ...args: unknown[]): boolean };
    if (this.closed) return;
    if (VOLATILE.has(event)) {
      (this.nsp.to(channel).volatile as unknown as Loose).emit(event, payload);
      return;
    }
    const attempt = (last: boolean) =>
      (this.nsp.to(channel).timeout(ACK_TIMEOUT_MS) as unknown as Loose).emit(event, payload, (err: unknown) => {
        // An acknowledgement that timed out after shutdown is not retried: the adapter's Redis
        // connection is closed by then, and its publish would reject with nobody to catch it.
        if (!err || this.closed) return;
        if (!last) attempt(true);
        else this.opts.log.debug({ channel, event }, 'room event not acknowledged by every client');
      });
    // In a trace, a span for the emit (and, with the Redis adapter, the publish under it); a retry comes later, outside it.
    inSpanSync(`emit ${event}`, 'producer', { 'messaging.system': 'socket.io', 'messaging.destination.name': channel }, () => attempt(!retry));
  }

  onlineChanged(roomId: number): void {
    if (this.onlineTimers.has(roomId)) return;
    const members = this.lastOnline.get(roomId) ?? 0;
    const wait = Math.min(ONLINE_COALESCE_MAX_MS, Math.max(ONLINE_COALESCE_MS, members * ONLINE_MS_PER_MEMBER));
    const t = setTimeout(() => {
      this.onlineTimers.delete(roomId);
      void this.track(
        (async () => {
          const [counts, recent] = await Promise.all([this.presence.counts([roomId]), this.presence.recent(roomId, RECENT)]);
          const online = counts.get(roomId) ?? 0;
          if (online > 0) this.lastOnline.set(roomId, online);
          else this.lastOnline.delete(roomId);
          this.toRoom(roomId, 'online', { room_id: roomId, online, recent });
        })(),
      );
    }, wait);
    t.unref();
    this.onlineTimers.set(roomId, t);
  }

  entrance(roomId: number, member: RoomMember): void {
    const now = Date.now();
    let e = this.entrances.get(roomId);
    if (!e) this.entrances.set(roomId, (e = { at: 0, waiting: null, timer: null }));
    if (now - e.at >= ENTRANCE_GAP_MS && !e.timer) {
      e.at = now;
      this.toRoom(roomId, 'enter', { room_id: roomId, user: member });
      return;
    }
    e.waiting = member;
    if (e.timer) return;
    const state = e;
    state.timer = setTimeout(
      () => {
        state.timer = null;
        const next = state.waiting;
        state.waiting = null;
        if (!next) return;
        state.at = Date.now();
        this.toRoom(roomId, 'enter', { room_id: roomId, user: next });
      },
      ENTRANCE_GAP_MS - (now - e.at),
    );
    state.timer.unref();
  }

  async removeMember(roomId: number, userId: number, kicked?: RoomPayload<'kicked'>): Promise<void> {
    this.bus({ type: 'removeMember', roomId, userId, kicked });
    await this.presence.remove(roomId, userId);
    this.onlineChanged(roomId);
  }

  async endRoom(roomId: number): Promise<void> {
    this.bus({ type: 'endRoom', roomId });
    await this.presence.clear(roomId);
  }

  endSeat(roomId: number, seatId: string): void {
    this.bus({ type: 'endSeat', roomId, seatId });
  }

  endUser(userId: number): void {
    this.bus({ type: 'endUser', userId });
  }

  onlineCounts(roomIds: number[]): Promise<Map<number, number>> {
    return this.presence.counts(roomIds);
  }

  isPresent(roomId: number, userId: number): Promise<boolean> {
    return this.presence.has(roomId, userId);
  }

  recent(roomId: number, n = RECENT): Promise<UserBrief[]> {
    return this.presence.recent(roomId, n);
  }

  /** Acts here and tells the other instances (socket.io's server-side emit does not loop back). */
  private bus(msg: BusMessage): void {
    this.local(msg);
    if (this.opts.redis) this.nsp.serverSideEmit('roomBus', msg);
  }

  /** One instance's part: its sockets leave, its SFU ends the sessions. */
  private local(msg: BusMessage): void {
    const { sfu } = this.opts;
    if (msg.type === 'endUser') {
      // Disconnecting runs the socket's leave (presence, the room hears of it).
      for (const socket of this.nsp.sockets.values()) if (socket.data.user.id === msg.userId) socket.disconnect(true);
      sfu.closeUser(String(msg.userId));
      return;
    }
    const room = String(msg.roomId);
    if (msg.type === 'endSeat') {
      const pub = sfu.room(room)?.publishers.find((p) => p.seatId === msg.seatId);
      if (pub) sfu.close(pub.sessionId, 'kicked');
      return;
    }
    for (const socket of this.nsp.sockets.values()) {
      if (socket.data.roomId !== msg.roomId) continue;
      if (msg.type === 'removeMember' && socket.data.user.id !== msg.userId) continue;
      // Told on the socket itself as it leaves: whatever it sends after hearing it finds it out of the room.
      if (msg.type === 'removeMember' && msg.kicked) this.tell(socket, msg.kicked);
      socket.data.roomId = null;
      // The adapters in use (in memory, Redis) leave at once; their type allows a promise.
      void socket.leave(roomChannel(msg.roomId));
      void socket.leave(roomMemberChannel(msg.roomId, socket.data.user.id));
    }
    if (msg.type === 'endRoom') {
      this.forgetRoom(msg.roomId);
      sfu.closeRoom(room);
    } else sfu.closeViewer(room, String(msg.userId), 'kicked');
  }

  /** `kicked` to one socket, acknowledged, sent once more if not. */
  private tell(socket: RoomSocket, payload: RoomPayload<'kicked'>, last = false): void {
    socket.timeout(ACK_TIMEOUT_MS).emit('kicked', payload, (err: unknown) => {
      if (err && !last && !this.closed && socket.connected) this.tell(socket, payload, true);
    });
  }

  private async touchAll(): Promise<void> {
    const byRoom = new Map<number, number[]>();
    for (const s of this.nsp.sockets.values()) {
      const id = s.data.roomId;
      if (id === null) continue;
      const list = byRoom.get(id) ?? [];
      list.push(s.data.user.id);
      byRoom.set(id, list);
    }
    for (const [roomId, users] of byRoom) await this.presence.touch(roomId, users);
  }

  private forgetRoom(roomId: number): void {
    this.fanout.forget(roomChannel(roomId));
    const e = this.entrances.get(roomId);
    if (e?.timer) clearTimeout(e.timer);
    this.entrances.delete(roomId);
    this.lastOnline.delete(roomId);
  }

  /** Shutdown: stops timers and waits for the work in flight (it may write to the database). */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const t of this.onlineTimers.values()) clearTimeout(t);
    this.onlineTimers.clear();
    for (const roomId of [...this.entrances.keys()]) this.forgetRoom(roomId);
    this.nsp.local.disconnectSockets(true);
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    // The work in flight has sent what it had to; from here on the adapter may be closing.
    this.closed = true;
    this.fanout.close();
  }
}
