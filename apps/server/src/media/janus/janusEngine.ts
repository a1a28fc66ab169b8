/**
 * The Janus engine: the same WHIP/WHEP sessions, seats and events as the embedded SFU, served by
 * Janus 1.1 VideoRoom nodes through janode. A WHIP offer goes to Janus as a publisher's
 * `joinandconfigure` (janusPublishers.ts); a WHEP offer becomes one multistream subscriber handle
 * (every seat in one peer connection) whose offer the engine answers itself (janusViewers.ts,
 * sdp.ts: the bridge). A room lives on one node (the least loaded live one when it opens); a node
 * that dies ends its rooms' sessions with reason 'failed', and the room opens again on a live node
 * at the next publish (janusRooms.ts: rooms, sessions, their events and ends).
 */
import { mediaDefaults, type MediaConfig } from '../config.js';
import type { CloseReason, MediaEngine, MediaEngineEvents, PlayOptions, PublishOptions, RoomInfo, RtpForward, RtpTarget, SessionAnswer } from '../engine.js';
import { MediaError, MediaErrorCode } from '../errors.js';
import type { SdpFrag } from '../ice.js';
import { withRemoteH264Fmtp } from './janusCascade.js';
import { forwardSeat } from './janusForward.js';
import { patchJanusIce } from './janusIce.js';
import { JanusNode } from './janusNode.js';
import { publish } from './janusPublishers.js';
import { JanusRooms } from './janusRooms.js';
import type { Session } from './janusSessions.js';
import { play } from './janusViewers.js';
import { answerForJanus } from './sdp.js';

export class JanusEngine implements Omit<MediaEngine, 'kind'> {
  readonly kind = 'janus' as const;
  readonly config: MediaConfig;
  readonly nodes: JanusNode[];
  private readonly hub: JanusRooms;

  private constructor(config: MediaConfig) {
    this.config = config;
    this.nodes = config.janusUrls.map((u) => new JanusNode(u, config.janusNodeViewers));
    this.hub = new JanusRooms(config, this.nodes);
  }

  /** Connects to every node in JANUS_URLS; at least one must answer. */
  static async connect(config: Partial<MediaConfig>): Promise<JanusEngine> {
    const engine = new JanusEngine({ ...mediaDefaults(), ...config });
    const results = await Promise.allSettled(engine.nodes.map((n) => n.connect()));
    if (!results.some((r) => r.status === 'fulfilled')) {
      throw new Error(
        `no Janus node answered (JANUS_URLS=${engine.config.janusUrls.join(',')}): ${results.map((r) => (r.status === 'rejected' ? String(r.reason) : '')).join('; ')}`,
      );
    }
    for (const node of engine.nodes) node.onDeath(() => engine.hub.nodeDied(node));
    return engine;
  }

  /** Rooms open on the node the placement put them on (media_nodes): see media/placement/mediaNodes.ts. */
  setPlacement(placer: (roomId: string) => Promise<string | undefined>): void {
    this.hub.placer = placer;
  }

  /** The live nodes and their load, for the media nodes table. */
  loads(): { url: string; viewers: number; rooms: number; capacity: number }[] {
    return this.nodes.filter((n) => n.alive).map((n) => ({ url: n.url, viewers: n.viewers, rooms: n.roomCount, capacity: n.capacity }));
  }

  on<E extends keyof MediaEngineEvents>(event: E, listener: (...args: MediaEngineEvents[E]) => void): () => void {
    return this.hub.on(event, listener);
  }

  publish(roomId: string, seatId: string, offerSdp: string, opts: PublishOptions = {}): Promise<SessionAnswer> {
    return publish(this.hub, roomId, seatId, offerSdp, opts);
  }

  play(roomId: string, viewerId: string, offerSdp: string, opts: PlayOptions = {}): Promise<SessionAnswer> {
    return play(this.hub, roomId, viewerId, offerSdp, opts);
  }

  /** Trickled candidates (204) and ICE restarts (200 + fragment): see janusIce.ts. */
  async patch(sessionId: string, frag: SdpFrag, ifMatch?: string): Promise<{ answerFrag: string; etag: string } | undefined> {
    const s = this.hub.sessions.get(sessionId);
    if (!s) throw new MediaError(MediaErrorCode.SESSION_NOT_FOUND, 'no such media session (already ended?)');
    const room = this.hub.rooms.get(s.roomId);
    const restarted = await patchJanusIce(s, frag, ifMatch, (clientOffer, janusOffer) =>
      answerForJanus(clientOffer, room && s.node !== room.node ? withRemoteH264Fmtp(janusOffer) : janusOffer, s.kind === 'viewer' ? s.pts : new Map()),
    );
    if (restarted && s.kind === 'publisher') s.answerSdp = s.janusSdp;
    return restarted;
  }

  // ---- ending --------------------------------------------------------------------------------

  close(sessionId: string, reason: CloseReason = 'deleted'): boolean {
    const s = this.hub.sessions.get(sessionId);
    if (!s) return false;
    this.hub.closeSession(s, reason);
    return true;
  }

  closeRoom(roomId: string): number {
    const room = this.hub.rooms.get(roomId);
    if (!room) return 0;
    const all: Session[] = [...room.publishers.values(), ...room.viewers.values()];
    for (const s of all) this.hub.closeSession(s, 'room-closed');
    this.hub.dropIfEmpty(room, true);
    return all.length;
  }

  closeViewer(roomId: string, viewerId: string, reason: CloseReason = 'kicked'): number {
    const room = this.hub.rooms.get(roomId);
    if (!room) return 0;
    const mine = [...room.viewers.values()].filter((v) => v.viewerId === viewerId);
    for (const v of mine) this.hub.closeSession(v, reason);
    return mine.length;
  }

  closeUser(userId: string, reason: CloseReason = 'kicked'): number {
    const mine = [...this.hub.sessions.values()].filter((s) => (s.kind === 'publisher' ? s.userId : s.viewerId) === userId);
    for (const s of mine) this.hub.closeSession(s, reason);
    return mine.length;
  }

  async shutdown(): Promise<void> {
    this.hub.shutDown = true;
    for (const s of [...this.hub.sessions.values()]) this.hub.closeSession(s, 'shutdown');
    await Promise.all(this.nodes.map((n) => n.close()));
  }

  // ---- HLS egress: rtp_forward ---------------------------------------------------------------

  async forwardRtp(roomId: string, seatId: string, target: RtpTarget): Promise<RtpForward> {
    const room = this.hub.rooms.get(roomId);
    const pub = room?.publishers.get(seatId);
    if (!room || !pub?.live) throw new MediaError(MediaErrorCode.NO_PUBLISHER, `seat ${seatId} of room ${roomId} is not live`);
    return forwardSeat(room.node, room.janusRoom, pub, target);
  }

  // ---- inspection ----------------------------------------------------------------------------

  get viewerCount(): number {
    return this.hub.viewerCount;
  }

  /** Janus keeps the RTP to itself: the anchor's own client reports the stream's health (decision 0230). */
  ingest(): undefined {
    return undefined;
  }

  room(roomId: string): RoomInfo | undefined {
    const r = this.hub.rooms.get(roomId);
    if (!r) return undefined;
    return {
      roomId,
      publishers: [...r.publishers.values()].map((p) => ({ seatId: p.seatId, sessionId: p.sessionId, userId: p.userId, live: p.live })),
      viewers: r.viewers.size,
    };
  }

  /** The session (the routes' 404 check); undefined when closed. */
  session(sessionId: string): Session | undefined {
    return this.hub.sessions.get(sessionId);
  }

  /** The node serving a room now (placement), or undefined when the room is not open here. */
  nodeOf(roomId: string): JanusNode | undefined {
    return this.hub.rooms.get(roomId)?.node;
  }
}
