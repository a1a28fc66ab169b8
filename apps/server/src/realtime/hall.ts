import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { HALL_AUTH_FAILED, HALL_NAMESPACE, HALL_PATH, hallAuth, type HallClientEvents, type HallServerEvents } from '@app/contract';
import type { SessionService } from '../modules/auth/session.service.js';
import { onCall } from '../modules/chat/call.events.js';
import { onChatSend } from '../modules/chat/chat.events.js';
import type { ChatService } from '../modules/chat/chat.service.js';
import type { MessageService } from '../modules/message/message.service.js';
import type { SocialService } from '../modules/social/social.service.js';
import type { Db } from '../db/database.js';
import { sessionRoom, userRoom, type HallEmitter } from '../emitters/hallEmitter.js';

/** Clients told to reconnect spread their return over this window. */
const REJOIN_WITHIN_MS = 1_000;

interface SocketData {
  userId: number;
  sessionId: number;
  /** The newest unread notice id this socket was told about (`isNew` of getUnreadCount), kept here: a read writes nothing. */
  noticeSeenId: number;
}

type HallNamespace = Namespace<HallClientEvents, HallServerEvents, Record<string, never>, SocketData>;

export interface HallOptions {
  log: FastifyBaseLogger;
  /** With Redis, events reach sockets held by every instance (pub and sub connections). */
  redis?: { pub: Redis; sub: Redis; prefix: string } | undefined;
}

/**
 * The realtime hall: socket.io on the API's HTTP server, namespace `/hall`, websocket only.
 * A socket proves its user at the handshake ({uuid, token}) and joins `user:<id>` and
 * `session:<id>`, so services can reach a user's devices, or end one revoked session's sockets.
 */
export class Hall implements HallEmitter {
  readonly io: Server;
  private readonly nsp: HallNamespace;

  /** Without an HTTP server the hall takes no sockets; it still pushes events to the other instances (Redis). */
  constructor(
    httpServer: HttpServer | undefined,
    private readonly opts: HallOptions,
  ) {
    this.io = new Server(httpServer, {
      path: HALL_PATH,
      transports: ['websocket'],
      serveClient: false,
      // Same-origin web app; native shells do not send an Origin. Auth is the token, not the origin.
      cors: { origin: true },
    });
    if (opts.redis) {
      this.io.adapter(createAdapter(opts.redis.pub, opts.redis.sub, { key: `${opts.redis.prefix}socket.io` }));
    }
    this.nsp = this.io.of(HALL_NAMESPACE) as HallNamespace;
  }

  /** Starts accepting sockets; needs the services, which themselves push through this hall. */
  listen(sessions: SessionService, messages: MessageService, chat: ChatService, social: SocialService, db: Db): void {
    this.nsp.use(async (socket, next) => {
      const refuse = (code?: number) => {
        const err = new Error(HALL_AUTH_FAILED) as Error & { data?: unknown };
        err.data = { code: code ?? null };
        next(err);
      };
      try {
        const auth = hallAuth.safeParse(socket.handshake.auth);
        if (!auth.success) return refuse();
        const checked = await sessions.check(auth.data.token);
        if (!checked.ok) return refuse(checked.code);
        if (checked.auth.user.uuid !== auth.data.uuid) return refuse();
        socket.data = { userId: checked.auth.user.id, sessionId: checked.auth.session.id, noticeSeenId: 0 };
        next();
      } catch (err) {
        this.opts.log.error({ err }, 'hall handshake failed');
        refuse();
      }
    });

    this.nsp.on('connection', (socket) => {
      const { userId, sessionId } = socket.data;
      void socket.join([userRoom(userId), sessionRoom(sessionId)]);
      socket.on('getUnreadCount', async () => {
        try {
          const { total, newest } = await messages.unreadForHall(userId);
          const isNew = newest > socket.data.noticeSeenId;
          socket.data.noticeSeenId = Math.max(socket.data.noticeSeenId, newest);
          socket.emit('rGetUnreadCount', { total, isNew });
        } catch (err) {
          this.opts.log.error({ err, userId }, 'unread count failed');
        }
      });
      socket.on('chatSend', (payload, ack) => void onChatSend(chat, this.opts.log, userId, payload, ack));
      socket.on('call', (payload, ack) => void onCall({ db, log: this.opts.log, hall: this }, social, chat, userId, payload, ack));
    });
  }

  toUser<E extends keyof HallServerEvents>(userId: number, event: E, ...args: Parameters<HallServerEvents[E]>): void {
    this.nsp.to(userRoom(userId)).emit(event, ...args);
  }

  toAll<E extends keyof HallServerEvents>(event: E, ...args: Parameters<HallServerEvents[E]>): void {
    this.nsp.emit(event, ...args);
  }

  async onlineUsers(): Promise<number> {
    // With the Redis adapter this asks every instance (and gives up on a silent one after its timeout).
    const sockets = await this.nsp.fetchSockets();
    return new Set(sockets.map((s) => s.data.userId)).size;
  }

  endSessions(target: { sessionIds?: number[]; userId?: number }, payload: { code: number; msg: string }): void {
    const rooms = [...(target.sessionIds ?? []).map(sessionRoom), ...(target.userId !== undefined ? [userRoom(target.userId)] : [])];
    if (rooms.length === 0) return;
    this.nsp.to(rooms).emit('sessionEnd', payload);
    this.nsp.in(rooms).disconnectSockets(true);
  }

  /** Shutdown, first half: drop this instance's sockets (only ours, not the cluster's) so the HTTP server can close. */
  disconnectLocal(): void {
    // A hint first (written before the close on each socket): clients come back at once, to another
    // instance or to this one restarted, instead of waiting out a backoff step.
    this.nsp.local.emit('rejoin', { within_ms: REJOIN_WITHIN_MS });
    this.nsp.local.disconnectSockets(true);
    // An instance without the realtime role never attached socket.io to HTTP: it has no engine.
    this.io.engine?.close();
  }

  /** Shutdown, second half: closes the adapters and socket.io itself. */
  async close(): Promise<void> {
    if (this.io.engine) await this.io.close();
    else await Promise.all([...this.io._nsps.values()].map((nsp) => nsp.adapter.close()));
  }
}
