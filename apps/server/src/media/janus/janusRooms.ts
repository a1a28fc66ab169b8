/**
 * The rooms and sessions of the Janus engine on this API instance, and their lifecycle: a room
 * opened on the node the rooms module placed it on (or adopted from the instance that opened it),
 * Janus's events on each session's handle (up, media stopped or resumed, hangup), sessions ended,
 * rooms dropped when empty, and a node's death. The publisher side (janusPublishers.ts) and the
 * viewer side (janusViewers.ts) work on what this holds.
 */
import { EventEmitter } from 'node:events';
import Janode from 'janode';
import type { MediaConfig } from '../config.js';
import type { CloseReason, MediaEngineEvents } from '../engine.js';
import { MediaError, MediaErrorCode } from '../errors.js';
import { feedEdges, uncascade } from './janusCascade.js';
import { unmountAll } from './janusMounts.js';
import type { JanusNode } from './janusNode.js';
import { janusRoomId, newRoom, publisherEvent, viewerEvent, type Room, type Session } from './janusSessions.js';
import { rebindViewers } from './janusViewers.js';

export class JanusRooms {
  readonly rooms = new Map<string, Room>();
  readonly sessions = new Map<string, Session>();
  private readonly emitter = new EventEmitter();
  shutDown = false;
  /** Where the rooms module placed a room (a node's API URL), shared by every API instance; unset: least loaded. */
  placer: ((roomId: string) => Promise<string | undefined>) | undefined;

  constructor(
    readonly config: MediaConfig,
    readonly nodes: JanusNode[],
  ) {}

  on<E extends keyof MediaEngineEvents>(event: E, listener: (...args: MediaEngineEvents[E]) => void): () => void {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...args: unknown[]) => void);
  }

  emit<E extends keyof MediaEngineEvents>(event: E, ...args: MediaEngineEvents[E]): void {
    this.emitter.emit(event, ...args);
  }

  assertOpen(): void {
    if (this.shutDown) throw new MediaError(MediaErrorCode.CLOSED, 'the media server is shutting down');
  }

  get viewerCount(): number {
    let n = 0;
    for (const r of this.rooms.values()) n += r.viewers.size;
    return n;
  }

  /** The room to publish in, opened where it was placed (else on the least loaded live node) if new. */
  async roomFor(roomId: string): Promise<Room> {
    const known = this.rooms.get(roomId);
    if (known?.node.alive && known.adopted) await this.own(known);
    if (known?.node.alive) return known;
    if (this.rooms.size >= this.config.maxRooms) {
      throw new MediaError(MediaErrorCode.ROOM_LIMIT, `this media server hosts its maximum of ${this.config.maxRooms} rooms; cannot publish in a new one`);
    }
    const placed = await this.placer?.(roomId).catch(() => undefined);
    const node = this.nodes.find((n) => n.alive && n.url === placed) ?? this.nodes.filter((n) => n.alive).sort((a, b) => a.viewers - b.viewers)[0];
    const raced = this.rooms.get(roomId);
    if (raced?.node.alive) return raced;
    if (!node) throw new MediaError(MediaErrorCode.CLOSED, 'no media node is reachable now; try again shortly');
    const room = newRoom(roomId, node, false);
    this.rooms.set(roomId, room);
    room.joining++;
    try {
      await node.ensureRoom(room.janusRoom, this.config.maxPublishersPerRoom, this.config.maxPublishBitrate);
    } catch (err) {
      this.rooms.delete(roomId);
      throw new MediaError(MediaErrorCode.CLOSED, `the media node could not open room ${roomId}: ${(err as Error).message}`);
    } finally {
      room.joining--;
    }
    return room;
  }

  /**
   * An adopted room this instance publishes in now: the room was placed on this instance since (the
   * instance that opened it is gone), so its VideoRoom is this one's to keep and to destroy.
   */
  private async own(room: Room): Promise<void> {
    room.joining++;
    try {
      await room.node.ensureRoom(room.janusRoom, this.config.maxPublishersPerRoom, this.config.maxPublishBitrate);
      room.adopted = false;
    } catch (err) {
      throw new MediaError(MediaErrorCode.CLOSED, `the media node could not open room ${room.id}: ${(err as Error).message}`);
    } finally {
      room.joining--;
    }
  }

  /**
   * A room another API instance opened on a node (placement says which; without placement, any
   * node that has its VideoRoom): this instance feeds viewers from it.
   */
  async adopt(roomId: string): Promise<Room | undefined> {
    const placed = await this.placer?.(roomId).catch(() => undefined);
    const janusRoom = janusRoomId(roomId);
    const candidates = this.nodes.filter((n) => n.alive && (placed === undefined || n.url === placed));
    for (const node of candidates) {
      if (!(await node.hasRoom(janusRoom))) continue;
      const raced = this.rooms.get(roomId);
      if (raced) return raced;
      const room = newRoom(roomId, node, true);
      this.rooms.set(roomId, room);
      return room;
    }
    return undefined;
  }

  dropIfEmpty(room: Room, force = false): void {
    const empty = room.publishers.size === 0 && room.viewers.size === 0 && room.joining === 0;
    if ((force || empty) && this.rooms.get(room.id) === room) {
      this.rooms.delete(room.id);
      void room.watcher?.then((stop) => stop?.());
      unmountAll(room);
      // An adopted room's VideoRoom belongs to the instance that opened it.
      if (room.adopted) return;
      // Emptied here, it may still hold publishers of other instances: it goes with the last of them.
      void room.node.destroyRoom(room.janusRoom, force ? undefined : room.feeds);
      for (const edge of room.edges.keys()) void edge.destroyRoom(room.janusRoom);
      this.emit('room-empty', { roomId: room.id });
    }
  }

  /** Janus's events on a session's handle: up, media stopped or resumed, hangup. */
  watch(s: Session): void {
    s.handle.on(Janode.EVENT.HANDLE_WEBRTCUP, () => {
      if (s.closed) return;
      clearTimeout(s.timer);
      s.timer = undefined;
      if (s.kind === 'publisher') {
        s.live = true;
        this.emit('publisher-up', publisherEvent(s));
        // Edges get the new feed first: their viewers are switched to it too.
        void feedEdges(this.rooms.get(s.roomId), s).then(() => rebindViewers(this, s, () => void s.handle.configure({ keyframe: true }).catch(() => {})));
      } else {
        s.connected = true;
        this.emit('viewer-up', viewerEvent(s));
        // An edge's viewer starts on a cascaded feed: ask the publishers for a keyframe.
        const room = this.rooms.get(s.roomId);
        if (room && s.node !== room.node) for (const p of room.publishers.values()) if (p.live) void p.handle.configure({ keyframe: true }).catch(() => {});
      }
    });
    if (s.kind === 'publisher') {
      // Janus says when a publisher's media stops (its no_media_timer, 1 s) and resumes.
      s.handle.on(Janode.EVENT.HANDLE_MEDIA, (e: { receiving?: boolean }) => {
        if (s.closed || !s.live) return;
        clearTimeout(s.timer);
        s.timer = e.receiving === false ? setTimeout(() => this.closeSession(s, 'idle'), Math.max(0, this.config.publisherIdleMs - 1000)) : undefined;
      });
    }
    for (const ev of [Janode.EVENT.HANDLE_HANGUP, Janode.EVENT.HANDLE_ICE_FAILED, Janode.EVENT.HANDLE_DETACHED]) {
      s.handle.once(ev, () => this.closeSession(s, 'failed'));
    }
  }

  closeSession(s: Session, reason: CloseReason): void {
    if (s.closed) return;
    s.closed = true;
    clearTimeout(s.timer);
    const known = this.sessions.delete(s.sessionId);
    const room = this.rooms.get(s.roomId);
    // Detaching hangs up the peer connection and, for a publisher, leaves the VideoRoom.
    if (s.handle && s.node.alive) void s.handle.detach().catch(() => {});
    if (s.kind === 'publisher') {
      if (room?.publishers.get(s.seatId) === s) room.publishers.delete(s.seatId);
      if (room) for (const [edge, fed] of room.edges) if (fed.delete(s.feed)) void uncascade(s.node, edge, room.janusRoom, s.feed);
      if (known && s.live) this.emit('publisher-down', { ...publisherEvent(s), reason });
    } else {
      if (room?.viewers.delete(s.sessionId)) s.node.viewers--;
      if (known && s.connected) this.emit('viewer-down', { ...viewerEvent(s), reason });
    }
    if (room && reason !== 'replaced') this.dropIfEmpty(room);
  }

  /** A node that died: its rooms' sessions end ('failed'); publishers' clients publish again and land on a live node. */
  nodeDied(node: JanusNode): void {
    const roomIds: string[] = [];
    for (const room of [...this.rooms.values()]) {
      if (room.edges.delete(node)) for (const v of [...room.viewers.values()]) if (v.node === node) this.closeSession(v, 'failed');
      if (room.node !== node) continue;
      roomIds.push(room.id);
      for (const s of [...room.publishers.values(), ...room.viewers.values()]) this.closeSession(s, 'failed');
      this.dropIfEmpty(room, true);
    }
    this.emit('node-down', { url: node.url, roomIds });
  }
}
