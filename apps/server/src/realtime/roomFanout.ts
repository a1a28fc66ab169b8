/**
 * The room channel's volatile lines (chat, entrance banners, online counts) fanned out the way big
 * rooms need: each line encoded once, as the socket.io packet and the WebSocket frame a member's
 * client reads, and the lines of a window written to each member's TCP socket in one write. The
 * first line after a quiet window goes out at once (with the lines the same task adds); lines that
 * follow within the window wait for its end, so a chat storm costs a room at most one write per
 * member per window, whatever the number of lines. The window grows with the room (50 ms up to
 * 200 ms at 10,000 members). A quiet room has BURST_FLUSHES flushes in hand (a token bucket refilled
 * one per window, counted from the end of each flush's writes): an online count and a chat line close
 * together both go out at once, and only a storm is paced at one flush per window.
 *
 * socket.io's broadcast costs ~15–20 µs per member and line (engine.io's packet, callbacks, cork and
 * writev per socket), and its volatile flag drops a second broadcast made in the same tick (the
 * transport is busy until the write's callback): a burst of chat lost lines. Here a member is
 * skipped only when its socket has more than SLOW_BYTES waiting (a slow client), as volatile means.
 *
 * With the Redis adapter each flush is also published once to the other instances, which write
 * the same frames to their own members of the room.
 */
import type { Socket as NetSocket } from 'node:net';
import type { Namespace, Socket } from 'socket.io';

/** Bytes waiting on a member's socket past which its volatile lines are dropped. */
const SLOW_BYTES = 64 * 1024;
const WINDOW_MIN_MS = 50;
const WINDOW_MAX_MS = 200;
const WINDOW_MS_PER_MEMBER = 0.02;
/** Flushes a quiet room may make back to back before the window paces them. */
const BURST_FLUSHES = 2;

interface Queue {
  packets: string[];
  /** The window's timer, or 'now' when a flush is queued as a microtask. */
  timer: NodeJS.Timeout | 'now' | null;
  /** Flushes in hand (up to BURST_FLUSHES), as counted at `at`. */
  tokens: number;
  /** When `tokens` was counted: the end of the last flush's writes, or a push since. */
  at: number;
}

/** The engine.io and ws internals read per member (engine.io 6.6, ws 8: a test checks the fast path is taken). */
interface EngineConn {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; socket?: { readyState: number; _socket?: NetSocket } };
  write(data: string): void;
}

/** A WebSocket text frame, server to client (unmasked, final). */
export function textFrame(text: string): Buffer {
  const body = Buffer.from(text);
  const n = body.length;
  const head = n < 126 ? Buffer.alloc(2) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x81;
  if (n < 126) head[1] = n;
  else if (n < 65_536) {
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, body]);
}

export class RoomFanout {
  private readonly queues = new Map<string, Queue>();
  /** Members written to through their TCP socket, and through engine.io (the fallback), since start. */
  readonly stats = { direct: 0, engine: 0, dropped: 0 };
  private readonly prefix: string;

  constructor(
    private readonly nsp: Namespace,
    /** Called with each flush's packets, to publish them to the other instances (Redis). */
    private readonly publish?: (channel: string, packets: string[]) => void,
    private readonly now: () => number = Date.now,
  ) {
    // socket.io protocol 5: EVENT packet "2", the namespace and a comma, then the JSON array.
    this.prefix = `2${nsp.name === '/' ? '' : `${nsp.name},`}`;
  }

  /** Queues a volatile line to every member of `channel` (on every instance). */
  push(channel: string, event: string, payload: unknown): void {
    const packet = `${this.prefix}${JSON.stringify([event, payload])}`;
    let q = this.queues.get(channel);
    if (!q) this.queues.set(channel, (q = { packets: [], timer: null, tokens: BURST_FLUSHES, at: this.now() }));
    q.packets.push(packet);
    if (q.timer) return;
    const windowMs = this.windowMs(channel);
    this.refill(q, windowMs);
    const wait = (1 - q.tokens) * windowMs;
    const state = q;
    if (wait <= 0) {
      // A quiet room: out now, with the lines the same task adds (before the sender's acknowledgement).
      q.timer = 'now';
      queueMicrotask(() => {
        if (state.timer === 'now') this.flush(channel, state);
      });
    } else {
      q.timer = setTimeout(() => this.flush(channel, state), wait);
      q.timer.unref();
    }
  }

  /** Sends the lines waiting for `channel` now (before an acknowledged event, so order holds). */
  flushNow(channel: string): void {
    const q = this.queues.get(channel);
    if (q && q.packets.length > 0) this.flush(channel, q);
  }

  /** Counts the flushes the time since `q.at` gave back (one per window). */
  private refill(q: Queue, windowMs: number): void {
    const now = this.now();
    q.tokens = Math.min(BURST_FLUSHES, q.tokens + (now - q.at) / windowMs);
    q.at = now;
  }

  private windowMs(channel: string): number {
    const members = this.nsp.adapter.rooms.get(channel)?.size ?? 0;
    return Math.min(WINDOW_MAX_MS, Math.max(WINDOW_MIN_MS, members * WINDOW_MS_PER_MEMBER));
  }

  private flush(channel: string, q: Queue): void {
    if (q.timer && q.timer !== 'now') clearTimeout(q.timer);
    q.timer = null;
    const packets = q.packets;
    q.packets = [];
    if (packets.length === 0) {
      this.queues.delete(channel);
      return;
    }
    this.refill(q, this.windowMs(channel));
    q.tokens = Math.max(0, q.tokens - 1);
    this.deliver(channel, packets);
    this.publish?.(channel, packets);
    // The window runs from the end of the writes: a flush that took long (a big room, a busy
    // machine) is followed by a full window of lines, not by a flush per line.
    q.at = this.now();
  }

  /** Writes the packets to this instance's members of `channel` (a flush here, or one published by another instance). */
  deliver(channel: string, packets: string[]): void {
    const ids = this.nsp.adapter.rooms.get(channel);
    if (!ids || ids.size === 0) return;
    // "4": an engine.io message. One buffer holding every line's frame, written once per member.
    const frames = packets.length === 1 ? textFrame(`4${packets[0]}`) : Buffer.concat(packets.map((p) => textFrame(`4${p}`)));
    for (const id of ids) {
      const socket = this.nsp.sockets.get(id);
      if (socket) this.write(socket, frames, packets);
    }
  }

  private write(socket: Socket, frames: Buffer, packets: string[]): void {
    const conn = socket.conn as unknown as EngineConn;
    const ws = conn.transport.name === 'websocket' ? conn.transport.socket : undefined;
    const tcp = ws?._socket;
    // Straight to the TCP socket when engine.io holds nothing back (else these lines would overtake it).
    if (tcp && conn.writeBuffer.length === 0) {
      if (ws.readyState !== 1 || tcp.destroyed) return;
      if (tcp.writableLength > SLOW_BYTES) {
        this.stats.dropped++;
        return;
      }
      tcp.write(frames);
      this.stats.direct++;
      return;
    }
    if (conn.readyState !== 'open') return;
    for (const p of packets) conn.write(p);
    this.stats.engine++;
  }

  /** The room ended: its lines waiting are dropped, its window forgotten. */
  forget(channel: string): void {
    const q = this.queues.get(channel);
    if (q?.timer && q.timer !== 'now') clearTimeout(q.timer);
    if (q) q.timer = null;
    this.queues.delete(channel);
  }

  close(): void {
    for (const q of this.queues.values()) if (q.timer && q.timer !== 'now') clearTimeout(q.timer);
    this.queues.clear();
  }
}
