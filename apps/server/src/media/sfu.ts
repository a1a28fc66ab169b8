/**
 * The in-process SFU: rooms → publishers (one per seat: 'anchor', 'seat-1', …) → viewers.
 *
 * Design choice, one peer connection per viewer: a WHEP offer carries N audio+video pairs ("slots")
 * and the viewer receives up to N seats in that one connection (one ICE/DTLS handshake, one UDP
 * socket, however many co-hosts). Each answered slot is labelled with its seat id as the MediaStream
 * id (`a=msid:<seatId> …`), so the browser's `ontrack` sees `streams[0].id === 'seat-1'`. Slots are
 * bound to seats, not to publishing sessions: a seat that is empty when the viewer joins, or whose
 * publisher reconnects, starts (again) in the existing slot without renegotiation, beginning at a
 * keyframe the SFU asks for.
 *
 * Forwarding runs on this thread (measured ~57 µs CPU per packet per viewer): a process with many
 * viewers should run nothing latency-critical next to it.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { RTCPeerConnection, RTCRtpTransceiver } from 'werift';
import { mediaDefaults, type MediaConfig } from './config.js';
import { MediaError, MediaErrorCode } from './errors.js';
import { matchCodec } from './codecs.js';
import { patchIce, type SdpFrag } from './ice.js';
import { applyOffer, assertOfferShape, completeAnswer, createPeer, hasNegotiatedMedia } from './peer.js';
import { Publisher } from './publisher.js';
import { RtpForwarder, streamInfo } from './rtpForward.js';
import { Viewer } from './viewer.js';
import type {
  CloseReason,
  MediaEngine,
  MediaEngineEvents,
  PlayOptions,
  PublisherEvent,
  PublishOptions,
  IngestCounters,
  RoomInfo,
  RtpForward,
  RtpTarget,
  SessionAnswer,
  ViewerEvent,
} from './engine.js';

/** Seat and room ids end up in SDP (msid) and URLs: keep them to a safe token alphabet. */
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** Keyframe re-request period for a connected viewer slot still waiting for one (lost PLI, etc.). */
const KEYFRAME_RETRY_MS = 1000;
const TICK_MS = 250;
const SHUTDOWN_CLOSE_MS = 3000;
const REMB_EVERY_MS = 1000;

interface Room {
  id: string;
  publishers: Map<string, Publisher>;
  viewers: Map<string, Viewer>;
  /** Viewers still negotiating: the room must not be dropped under them. */
  joining: number;
}

type Session = Publisher | Viewer;

/** Seat order for default playback: the anchor first, then seats in natural order (seat-2 < seat-10). */
export const compareSeats = (a: string, b: string): number => (a === 'anchor' ? -1 : b === 'anchor' ? 1 : a.localeCompare(b, 'en', { numeric: true }));

function assertId(kind: string, id: string): void {
  if (typeof id !== 'string' || !ID_RE.test(id)) {
    throw new MediaError(MediaErrorCode.BAD_REQUEST, `${kind} must be 1–64 characters of A–Z a–z 0–9 _ -`);
  }
}

export class Sfu implements MediaEngine {
  readonly kind = 'embedded' as const;
  readonly config: MediaConfig;
  private readonly rooms = new Map<string, Room>();
  private readonly sessions = new Map<string, Session>();
  private readonly emitter = new EventEmitter();
  /** Viewers being set up (their answer not yet made) count against the limit too. */
  private pendingViewers = 0;
  private readonly ticker: NodeJS.Timeout;
  private lastRembAt = 0;
  private shutDown = false;
  /** The PATCH in progress per session (they run one after another). */
  private readonly patching = new Map<Session, Promise<void>>();
  /** Plain-RTP copies of seats (HLS egress), ended with their publisher. */
  private readonly forwards = new Map<Publisher, Set<RtpForwarder>>();

  constructor(config: Partial<MediaConfig> = {}) {
    this.config = { ...mediaDefaults(), ...config };
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  on<E extends keyof MediaEngineEvents>(event: E, listener: (...args: MediaEngineEvents[E]) => void): () => void {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...args: unknown[]) => void);
  }

  private emit<E extends keyof MediaEngineEvents>(event: E, ...args: MediaEngineEvents[E]): void {
    this.emitter.emit(event, ...args);
  }

  // ---- publishing ----------------------------------------------------------------------------

  async publish(roomId: string, seatId: string, offerSdp: string, opts: PublishOptions = {}): Promise<SessionAnswer> {
    this.assertOpen();
    assertId('roomId', roomId);
    assertId('seatId', seatId);
    // Before any state changes: a junk body must not evict the seat's current publisher.
    assertOfferShape(offerSdp);
    const room = this.roomFor(roomId, 'publish');
    const existing = room.publishers.get(seatId);
    if (existing) {
      const sameUser = opts.userId !== undefined && existing.userId === opts.userId;
      if (!opts.replace && !sameUser) {
        this.dropIfEmpty(room);
        throw new MediaError(MediaErrorCode.SEAT_BUSY, `seat ${seatId} of room ${roomId} is already publishing`);
      }
    } else if (room.publishers.size >= this.config.maxPublishersPerRoom) {
      this.dropIfEmpty(room);
      throw new MediaError(MediaErrorCode.ROOM_PUBLISHERS_FULL, `room ${roomId} already has its maximum of ${this.config.maxPublishersPerRoom} publishers`);
    }

    const pc = createPeer(this.config);
    const sessionId = newSessionId();
    const pub = new Publisher(sessionId, roomId, seatId, opts.userId, pc, this.config.maxPublishBitrate);
    // Take the seat before the first await so a concurrent publish to it gets 409 at once.
    if (existing) this.closeSession(existing, 'replaced');
    room.publishers.set(seatId, pub);
    this.sessions.set(sessionId, pub);
    try {
      await applyOffer(pc, offerSdp);
      pub.offerSdp = offerSdp;
      pub.listen(pc.getTransceivers());
      for (const t of pc.getTransceivers()) t.setDirection('recvonly');
      const answerSdp = await completeAnswer(pc);
      if (!hasNegotiatedMedia(answerSdp)) {
        throw new MediaError(MediaErrorCode.BAD_SDP, 'the offer has no H.264 or VP8 video or Opus audio to publish');
      }
      if (pub.closed) throw closedError();
      this.watchPublisher(pub);
      // Viewers already watching this seat (waiting for it, or across a reconnect) switch to it now.
      for (const viewer of room.viewers.values()) {
        for (const slot of viewer.slots) if (slot.seatId === seatId) slot.bind(pub);
      }
      return { answerSdp, sessionId, etag: pub.etag };
    } catch (err) {
      const closedMeanwhile = pub.closed;
      this.forget(pub);
      void pub.close();
      throw closedMeanwhile && !(err instanceof MediaError) ? closedError() : err;
    }
  }

  private watchPublisher(pub: Publisher): void {
    pub.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !pub.live && !pub.closed) {
        pub.live = true;
        pub.lastHeardAt = performance.now();
        this.emit('publisher-up', publisherEvent(pub));
      } else if (state === 'failed' || state === 'closed') {
        this.closeSession(pub, 'failed');
      }
    });
  }

  // ---- playing -------------------------------------------------------------------------------

  async play(roomId: string, viewerId: string, offerSdp: string, opts: PlayOptions = {}): Promise<SessionAnswer> {
    this.assertOpen();
    assertId('roomId', roomId);
    if (typeof viewerId !== 'string' || viewerId.length === 0 || viewerId.length > 128) {
      throw new MediaError(MediaErrorCode.BAD_REQUEST, 'viewerId must be 1–128 characters');
    }
    opts.seatIds?.forEach((s) => assertId('seatId', s));
    if (opts.seatIds && new Set(opts.seatIds).size !== opts.seatIds.length) {
      throw new MediaError(MediaErrorCode.BAD_REQUEST, 'seatIds lists a seat twice');
    }
    assertOfferShape(offerSdp);
    if (this.viewerCount + this.pendingViewers >= this.config.maxViewers) {
      throw new MediaError(MediaErrorCode.VIEWER_LIMIT, `this media server feeds its maximum of ${this.config.maxViewers} viewers; try again later`);
    }
    let room: Room;
    let seatIds: string[];
    if (opts.seatIds?.length) {
      // Named seats may be empty yet: the slot starts when the seat publishes.
      room = this.roomFor(roomId, 'play');
      seatIds = opts.seatIds;
    } else {
      const r = this.rooms.get(roomId);
      if (!r) throw new MediaError(MediaErrorCode.ROOM_NOT_FOUND, `room ${roomId} is not live`);
      seatIds = [...r.publishers.keys()].sort(compareSeats);
      if (seatIds.length === 0) throw new MediaError(MediaErrorCode.NO_PUBLISHER, `nobody publishes in room ${roomId} now`);
      room = r;
    }

    const pc = createPeer(this.config);
    const sessionId = newSessionId();
    const viewer = new Viewer(sessionId, roomId, viewerId, pc);
    this.pendingViewers++;
    room.joining++;
    let pending = true;
    try {
      await applyOffer(pc, offerSdp);
      viewer.offerSdp = offerSdp;
      const slots = pairSlots(pc);
      if (opts.seatIds?.length && slots.length < seatIds.length) {
        throw new MediaError(MediaErrorCode.BAD_REQUEST, `the offer has ${slots.length} receive slot(s) (audio+video pairs) for ${seatIds.length} seats`);
      }
      slots.forEach(({ audio, video }, i) => {
        const seatId = seatIds[i];
        for (const t of [audio, video]) {
          if (!t) continue;
          // Unused slots are answered inactive (port 0), so the browser sees no phantom tracks.
          t.setDirection(seatId ? 'sendonly' : 'inactive');
          if (seatId) t.sender.streamId = seatId;
        }
        if (seatId) viewer.addSlot(seatId, audio, video);
        // A viewer that cannot take a seat's video codec would watch a black tile: refuse clearly.
        const codec = seatId && video ? room.publishers.get(seatId)?.expectedVideoCodec : undefined;
        if (codec && !matchCodec(video!.codecs, codec)) {
          const name = codec.mimeType.split('/')[1];
          throw new MediaError(MediaErrorCode.BAD_SDP, `no common video codec: seat ${seatId} publishes ${name}, and the offer cannot receive ${name}`);
        }
      });
      const answerSdp = await completeAnswer(pc);
      if (!hasNegotiatedMedia(answerSdp)) {
        throw new MediaError(MediaErrorCode.BAD_SDP, 'the offer has no H.264 or VP8 video or Opus audio to receive');
      }
      if (this.shutDown || this.rooms.get(roomId) !== room) {
        throw new MediaError(MediaErrorCode.CLOSED, `room ${roomId} closed while the viewer was joining`);
      }
      pending = false;
      this.pendingViewers--;
      room.joining--;
      viewer.answeredAt = performance.now();
      room.viewers.set(sessionId, viewer);
      this.sessions.set(sessionId, viewer);
      viewer.listenForKeyframeRequests();
      for (const slot of viewer.slots) slot.bind(room.publishers.get(slot.seatId));
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected' && !viewer.connected && !viewer.closed) {
          viewer.onConnected();
          this.emit('viewer-up', viewerEvent(viewer));
        } else if (state === 'failed' || state === 'closed') {
          this.closeSession(viewer, 'failed');
        }
      });
      return { answerSdp, sessionId, etag: viewer.etag };
    } catch (err) {
      if (pending) {
        this.pendingViewers--;
        room.joining--;
      }
      const closedMeanwhile = this.shutDown || this.rooms.get(roomId) !== room;
      void viewer.close();
      this.dropIfEmpty(room);
      throw closedMeanwhile && !(err instanceof MediaError) ? closedError() : err;
    }
  }

  // ---- plain RTP out (HLS egress) -----------------------------------------------------------

  /** Sends a seat's RTP to `target` as published (no transcoding) until stopped or until the seat's publisher goes. */
  async forwardRtp(roomId: string, seatId: string, target: RtpTarget): Promise<RtpForward> {
    this.assertOpen();
    const pub = this.rooms.get(roomId)?.publishers.get(seatId);
    if (!pub || pub.closed) throw new MediaError(MediaErrorCode.NO_PUBLISHER, `nobody publishes seat ${seatId} of room ${roomId} now`);
    const audioCodec = pub.pc.getTransceivers().find((t) => t.kind === 'audio')?.codecs[0];
    const set = this.forwards.get(pub) ?? new Set();
    this.forwards.set(pub, set);
    const fwd = new RtpForwarder(pub, target, streamInfo(pub.expectedVideoCodec), streamInfo(audioCodec), (f) => {
      set.delete(f);
      if (set.size === 0 && this.forwards.get(pub) === set) this.forwards.delete(pub);
    });
    set.add(fwd);
    return fwd;
  }

  // ---- trickle ICE and ICE restarts ---------------------------------------------------------

  /**
   * A PATCH of a session (ice.ts): trickled candidates (undefined back) or an ICE restart (the
   * answer fragment and the new entity tag). One at a time per session, in arrival order.
   */
  async patch(sessionId: string, frag: SdpFrag, ifMatch?: string): Promise<{ answerFrag: string; etag: string } | undefined> {
    const s = this.sessions.get(sessionId);
    if (!s) throw new MediaError(MediaErrorCode.SESSION_NOT_FOUND, 'no such media session (already ended?)');
    const run = async () => {
      if (s.closed) throw closedError();
      try {
        const answerFrag = await patchIce(s, frag, ifMatch, this.config.connectTimeoutMs);
        return answerFrag === undefined ? undefined : { answerFrag, etag: s.etag };
      } catch (err) {
        // Ended meanwhile (DELETE, a kick, an ICE failure): werift's errors on a closed connection are not the client's fault.
        throw s.closed && !(err instanceof MediaError) ? closedError() : err;
      }
    };
    const result = (this.patching.get(s) ?? Promise.resolve()).then(run, run);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.patching.set(s, tail);
    void tail.then(() => {
      if (this.patching.get(s) === tail) this.patching.delete(s);
    });
    return result;
  }

  // ---- ending --------------------------------------------------------------------------------

  /** Ends one WHIP/WHEP session (the DELETE of RFC 9725). False when no such session. */
  close(sessionId: string, reason: CloseReason = 'deleted'): boolean {
    const s = this.sessions.get(sessionId);
    if (!s) return false;
    this.closeSession(s, reason);
    return true;
  }

  /** Ends every session in the room (publishers and viewers); returns how many. */
  closeRoom(roomId: string): number {
    const room = this.rooms.get(roomId);
    if (!room) return 0;
    const all: Session[] = [...room.publishers.values(), ...room.viewers.values()];
    for (const s of all) this.closeSession(s, 'room-closed');
    // Also drops it under viewers still negotiating: they fail with `closed` instead of joining.
    this.dropIfEmpty(room, true);
    return all.length;
  }

  /** Ends one viewer's sessions in a room (a kick). Returns how many were closed. */
  closeViewer(roomId: string, viewerId: string, reason: CloseReason = 'kicked'): number {
    const room = this.rooms.get(roomId);
    if (!room) return 0;
    const mine = [...room.viewers.values()].filter((v) => v.viewerId === viewerId);
    for (const v of mine) this.closeSession(v, reason);
    return mine.length;
  }

  /** Ends every session of one user (publishing or playing), in every room: their account was banned or signed out everywhere. */
  closeUser(userId: string, reason: CloseReason = 'kicked'): number {
    const mine = [...this.sessions.values()].filter((s) => (s.kind === 'publisher' ? s.userId : s.viewerId) === userId);
    for (const s of mine) this.closeSession(s, reason);
    return mine.length;
  }

  /** Ends everything and stops the timer; the Sfu refuses new sessions afterwards. */
  async shutdown(): Promise<void> {
    this.shutDown = true;
    clearInterval(this.ticker);
    const all = [...this.sessions.values()];
    for (const s of all) this.closeSession(s, 'shutdown');
    // werift's close waits on each transport's shutdown, which can stall when the other side is
    // already gone: a stop must not hang on it (the process is going away anyway).
    const closed = Promise.all(all.map((s) => s.pc.close().catch(() => {})));
    await Promise.race([closed, new Promise((r) => setTimeout(r, SHUTDOWN_CLOSE_MS).unref())]);
  }

  // ---- inspection ----------------------------------------------------------------------------

  get roomCount(): number {
    return this.rooms.size;
  }

  /** RTP forwards (HLS egress) running now. */
  get forwardCount(): number {
    return [...this.forwards.values()].reduce((n, set) => n + set.size, 0);
  }

  get viewerCount(): number {
    let n = 0;
    for (const r of this.rooms.values()) n += r.viewers.size;
    return n;
  }

  ingest(roomId: string, seatId: string): IngestCounters | undefined {
    const p = this.rooms.get(roomId)?.publishers.get(seatId);
    return p?.live ? { sessionId: p.sessionId, ...p.ingest } : undefined;
  }

  room(roomId: string): RoomInfo | undefined {
    const r = this.rooms.get(roomId);
    if (!r) return undefined;
    return {
      roomId,
      publishers: [...r.publishers.values()].map((p) => ({ seatId: p.seatId, sessionId: p.sessionId, userId: p.userId, live: p.live })),
      viewers: r.viewers.size,
    };
  }

  /** The session object (tests and the bench read counters on it); undefined when closed. */
  session(sessionId: string): Publisher | Viewer | undefined {
    return this.sessions.get(sessionId);
  }

  // ---- internals -----------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.shutDown) throw new MediaError(MediaErrorCode.CLOSED, 'the media server is shutting down');
  }

  /** The room, created (within the room limit) if new. */
  private roomFor(roomId: string, why: 'publish' | 'play'): Room {
    let room = this.rooms.get(roomId);
    if (room) return room;
    if (this.rooms.size >= this.config.maxRooms) {
      throw new MediaError(MediaErrorCode.ROOM_LIMIT, `this media server hosts its maximum of ${this.config.maxRooms} rooms; cannot ${why} in a new one`);
    }
    room = { id: roomId, publishers: new Map(), viewers: new Map(), joining: 0 };
    this.rooms.set(roomId, room);
    return room;
  }

  private dropIfEmpty(room: Room, force = false): void {
    const empty = room.publishers.size === 0 && room.viewers.size === 0 && room.joining === 0;
    if ((force || empty) && this.rooms.get(room.id) === room) {
      this.rooms.delete(room.id);
      this.emit('room-empty', { roomId: room.id });
    }
  }

  /** Removes a session from the maps without events (set-up failures). */
  private forget(s: Session): void {
    this.sessions.delete(s.sessionId);
    const room = this.rooms.get(s.roomId);
    if (!room) return;
    if (s.kind === 'publisher') {
      if (room.publishers.get(s.seatId) === s) room.publishers.delete(s.seatId);
    } else {
      room.viewers.delete(s.sessionId);
    }
    this.dropIfEmpty(room);
  }

  private closeSession(s: Session, reason: CloseReason): void {
    if (s.closed || !this.sessions.has(s.sessionId)) return;
    this.sessions.delete(s.sessionId);
    const room = this.rooms.get(s.roomId);
    if (s.kind === 'publisher') {
      const wasLive = s.live;
      if (room?.publishers.get(s.seatId) === s) {
        room.publishers.delete(s.seatId);
        for (const v of room.viewers.values()) for (const slot of v.slots) if (slot.source === s) slot.bind(undefined);
      }
      for (const f of this.forwards.get(s) ?? []) void f.stop();
      void s.close();
      // "down" only for a seat that was up; a failed handshake was never shown as live.
      if (wasLive) this.emit('publisher-down', { ...publisherEvent(s), reason });
    } else {
      room?.viewers.delete(s.sessionId);
      const wasUp = s.connected;
      void s.close();
      if (wasUp) this.emit('viewer-down', { ...viewerEvent(s), reason });
    }
    if (room && reason !== 'replaced') this.dropIfEmpty(room);
  }

  /** Timeouts, keyframe retries and the publishers' bitrate cap, on one timer for all sessions. */
  private tick(): void {
    const now = performance.now();
    const sendRemb = now - this.lastRembAt >= REMB_EVERY_MS;
    if (sendRemb) this.lastRembAt = now;
    for (const s of [...this.sessions.values()]) {
      if (s.kind === 'publisher') {
        if (!s.live) {
          if (now - s.createdAt > this.config.connectTimeoutMs) this.closeSession(s, 'timeout');
        } else if (now - s.lastHeardAt > this.config.publisherIdleMs) {
          this.closeSession(s, 'idle');
        } else if (sendRemb) {
          s.sendBitrateCap();
        }
      } else if (!s.connected) {
        if (now - s.createdAt > this.config.connectTimeoutMs) this.closeSession(s, 'timeout');
      } else {
        for (const slot of s.slots) {
          if (slot.waitingKeyframe && slot.source?.live && now - slot.lastKeyRequestAt >= KEYFRAME_RETRY_MS) {
            slot.requestKeyframe();
          }
        }
      }
    }
  }
}

const closedError = () => new MediaError(MediaErrorCode.CLOSED, 'the session was closed while it was being set up');

/** 128 random bits: the session URL is the only credential DELETE needs (unguessable, as RFC 9725 advises). */
function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

/** The offer's media sections as slots: the i-th audio and the i-th video section make slot i. */
function pairSlots(pc: RTCPeerConnection): { audio?: RTCRtpTransceiver; video?: RTCRtpTransceiver }[] {
  const ts = [...pc.getTransceivers()].sort((a, b) => (a.mLineIndex ?? 0) - (b.mLineIndex ?? 0));
  const audio = ts.filter((t) => t.kind === 'audio');
  const video = ts.filter((t) => t.kind === 'video');
  const n = Math.max(audio.length, video.length);
  return Array.from({ length: n }, (_, i) => ({ audio: audio[i], video: video[i] }));
}

const publisherEvent = (p: Publisher): PublisherEvent => ({
  roomId: p.roomId,
  seatId: p.seatId,
  sessionId: p.sessionId,
  userId: p.userId,
});

const viewerEvent = (v: Viewer): ViewerEvent => ({
  roomId: v.roomId,
  viewerId: v.viewerId,
  sessionId: v.sessionId,
  seatIds: v.seatIds,
});
