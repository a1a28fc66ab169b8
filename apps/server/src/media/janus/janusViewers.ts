/**
 * The viewer side of the Janus engine: a WHEP offer becomes one multistream subscriber handle
 * (every seat in one peer connection) whose offer the engine answers itself (sdp.ts: the bridge).
 * Seats nobody publishes yet get paused placeholders; a seat's new publisher (a reconnect, a late
 * co-host, a feed of another API instance) is switched into the viewers' slots without renegotiation.
 */
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { MediaConfig } from '../config.js';
import type { CloseReason, PlayOptions, SessionAnswer } from '../engine.js';
import { MediaError, MediaErrorCode } from '../errors.js';
import { newEtag } from '../ice.js';
import { assertOfferShape } from '../peer.js';
import { compareSeats } from '../sfu.js';
import { nodeForViewer, withRemoteH264Fmtp } from './janusCascade.js';
import type { JanusNode } from './janusNode.js';
import { assertId, ID_RE, janusRefusal, newSessionId, type Feed, type JanusPublisher, type JanusViewer, type Room, type Session } from './janusSessions.js';
import { watchRoom } from './janusWatch.js';
import { mountFor, remount } from './janusMounts.js';
import { answerForClient, answerForJanus, janusMidsOf, numberingFor, slotCount, type Numbering, type SlotSource } from './sdp.js';

/**
 * What the viewer side needs of the rooms and sessions this instance holds (janusRooms.ts's
 * `JanusRooms` is one), declared here so the two files do not import each other.
 */
export interface ViewerHub {
  readonly config: MediaConfig;
  readonly nodes: JanusNode[];
  readonly rooms: Map<string, Room>;
  readonly sessions: Map<string, Session>;
  readonly shutDown: boolean;
  readonly viewerCount: number;
  assertOpen(): void;
  adopt(roomId: string): Promise<Room | undefined>;
  dropIfEmpty(room: Room, force?: boolean): void;
  watch(s: Session): void;
  closeSession(s: Session, reason: CloseReason): void;
}

export async function play(hub: ViewerHub, roomId: string, viewerId: string, offerSdp: string, opts: PlayOptions = {}): Promise<SessionAnswer> {
  hub.assertOpen();
  assertId('roomId', roomId);
  if (typeof viewerId !== 'string' || viewerId.length === 0 || viewerId.length > 128) {
    throw new MediaError(MediaErrorCode.BAD_REQUEST, 'viewerId must be 1–128 characters');
  }
  opts.seatIds?.forEach((s) => assertId('seatId', s));
  if (opts.seatIds && new Set(opts.seatIds).size !== opts.seatIds.length) throw new MediaError(MediaErrorCode.BAD_REQUEST, 'seatIds lists a seat twice');
  assertOfferShape(offerSdp);
  if (hub.viewerCount >= hub.config.maxViewers) {
    throw new MediaError(MediaErrorCode.VIEWER_LIMIT, `this media server feeds its maximum of ${hub.config.maxViewers} viewers; try again later`);
  }
  const slots = slotCount(offerSdp);
  if (opts.seatIds?.length && slots < opts.seatIds.length) {
    throw new MediaError(MediaErrorCode.BAD_REQUEST, `the offer has ${slots} receive slot(s) (audio+video pairs) for ${opts.seatIds.length} seats`);
  }
  const room = hub.rooms.get(roomId) ?? (await hub.adopt(roomId));
  if (!room) throw new MediaError(MediaErrorCode.ROOM_NOT_FOUND, `room ${roomId} is not live`);
  room.joining++;
  let joining = true;
  // Seats published through other API instances: Janus's list of the VideoRoom's publishers.
  const foreign = await foreignFeeds(room);
  const feedOf = (seatId: string): Feed | undefined => {
    const own = room.publishers.get(seatId);
    return own ? (own.live ? own : undefined) : foreign.find((f) => f.seatId === seatId);
  };
  const seatIds = opts.seatIds?.length ? opts.seatIds : [...new Set([...room.publishers.keys(), ...foreign.map((f) => f.seatId)])].sort(compareSeats);
  const feeds = seatIds
    .slice(0, slots)
    .map(feedOf)
    .filter((p): p is Feed => !!p);
  if (feeds.length === 0) {
    room.joining--;
    hub.dropIfEmpty(room);
    throw new MediaError(MediaErrorCode.NO_PUBLISHER, `nobody publishes in room ${roomId} now`);
  }
  // Seats asked for by name that nobody publishes now: each gets a placeholder, a paused copy of a
  // live feed's streams, so its slot has a stream (an SSRC the client's answer names) that a later
  // publisher of the seat is switched into: the co-host reaches this viewer with no renegotiation.
  const waiting = opts.seatIds?.length ? seatIds.slice(0, slots).filter((seat) => !feeds.some((p) => p.seatId === seat)) : [];
  const donor = feeds[0]!;

  const viewer: JanusViewer = {
    kind: 'viewer',
    sessionId: newSessionId(),
    roomId,
    viewerId,
    connected: false,
    slots: [],
    offerSdp,
    janusSdp: '',
    retiredUfrags: new Set(),
    pts: new Map(),
    handle: undefined as unknown as VideoRoomHandle,
    node: room.node,
    etag: newEtag(),
    closed: false,
    timer: undefined,
    mount: undefined,
  };
  try {
    // Another instance's feeds are on the room's own node only (it cascades its own publishers).
    viewer.node = foreign.length > 0 ? room.node : await nodeForViewer(room, hub.nodes, hub.config);
    const subscriber = await viewer.node.handle();
    viewer.handle = subscriber;
    const sub = await subscriber
      .joinSubscriber({ room: room.janusRoom, streams: [...feeds, ...waiting.map(() => donor)].map((p) => ({ feed: p.feed })), autoupdate: false })
      .catch((err: unknown) => {
        throw janusRefusal(err);
      });
    const offered = sub.jsep?.sdp;
    if (!offered) throw new Error('janus made no subscriber offer');
    let janusOffer = viewer.node === room.node ? offered : withRemoteH264Fmtp(offered);
    viewer.janusSdp = offered;
    // Janus lists the streams in the order asked: each feed's own first, then the placeholders.
    const byFeed = janusMidsOf(sub.streams ?? []);
    const take = (p: Feed | undefined) => {
      const m = p ? byFeed.get(String(p.feed)) : undefined;
      return { audio: m?.audio.shift(), video: m?.video.shift() };
    };
    const own = new Map(feeds.map((p) => [p.seatId, take(p)]));
    let sources: SlotSource[] = seatIds.map((seatId) => ({
      seatId,
      ...(own.get(seatId) ?? (waiting.includes(seatId) ? take(donor) : {})),
    })) as SlotSource[];
    // An offer that cannot take Janus's fixed numbers (a stock WHEP player) watches a mountpoint numbered as it is.
    const numbering = numberingFor(offerSdp, janusOffer, sources);
    const mounted = numbering && feeds.find((p) => p.seatId === numbering.seatId);
    if (numbering && mounted) ({ janusOffer, sources } = await watchMount(room, viewer, numbering, mounted.feed));
    viewer.slots = sources.map(({ seatId, audio, video }) => ({ seatId, audio, video, paused: waiting.includes(seatId) }));
    const paused = viewer.slots.filter((x) => x.paused).flatMap((x) => [x.audio, x.video].filter((m): m is string => m !== undefined));
    if (paused.length > 0) await viewer.handle.message({ request: 'configure', streams: paused.map((mid) => ({ mid, send: false })) });
    const { sdp: answerSdp, pts } = answerForClient(offerSdp, janusOffer, sources);
    viewer.pts = pts;
    await viewer.handle.start({ jsep: { type: 'answer', sdp: answerForJanus(offerSdp, janusOffer, pts) } }).catch((err: unknown) => {
      throw janusRefusal(err);
    });
    if (hub.shutDown || hub.rooms.get(roomId) !== room) throw new MediaError(MediaErrorCode.CLOSED, `room ${roomId} closed while the viewer was joining`);
    room.joining--;
    joining = false;
    room.viewers.set(viewer.sessionId, viewer);
    hub.sessions.set(viewer.sessionId, viewer);
    viewer.node.viewers++;
    hub.watch(viewer);
    if (foreign.length > 0) watchForeign(hub, room);
    viewer.timer = setTimeout(() => hub.closeSession(viewer, 'timeout'), hub.config.connectTimeoutMs);
    return { answerSdp, sessionId: viewer.sessionId, etag: viewer.etag };
  } catch (err) {
    if (joining) room.joining--;
    viewer.closed = true;
    if (viewer.handle) void viewer.handle.detach().catch(() => {});
    hub.dropIfEmpty(room);
    throw err;
  }
}

/**
 * The viewer watches the room's mountpoint of its seat in its numbering (janusMounts.ts) instead of
 * its VideoRoom subscription: Janus's Streaming offer and the one slot it carries.
 */
async function watchMount(room: Room, viewer: JanusViewer, numbering: Numbering, feed: number): Promise<{ janusOffer: string; sources: SlotSource[] }> {
  void viewer.handle.detach().catch(() => {});
  viewer.node = room.node;
  viewer.mount = await mountFor(room, numbering, feed);
  const handle = await room.node.streamingHandle();
  viewer.handle = handle;
  const watched = await handle.watch({ id: viewer.mount.id, pin: viewer.mount.pin }).catch((err: unknown) => {
    throw janusRefusal(err);
  });
  if (!watched.jsep?.sdp) throw new Error('janus made no mountpoint offer');
  const { ports } = viewer.mount;
  viewer.janusSdp = watched.jsep.sdp;
  return { janusOffer: watched.jsep.sdp, sources: [{ seatId: numbering.seatId, audio: ports.audio ? 'a' : undefined, video: ports.video ? 'v' : undefined }] };
}

/** Viewers that watch a seat get its new publisher in the same connection (Janus `switch`: no renegotiation). */
export async function rebindViewers(
  hub: ViewerHub,
  pub: { roomId: string; seatId: string; feed: number; mids: JanusPublisher['mids'] },
  keyframe?: () => void,
): Promise<void> {
  const room = hub.rooms.get(pub.roomId);
  if (!room) return;
  await remount(room, pub.seatId, pub.feed);
  for (const v of room.viewers.values()) {
    if (v.mount) continue;
    const slot = v.slots.find((x) => x.seatId === pub.seatId);
    if (!slot) continue;
    const streams = [
      ...(slot.audio && pub.mids.audio ? [{ feed: pub.feed, mid: pub.mids.audio, sub_mid: slot.audio }] : []),
      ...(slot.video && pub.mids.video ? [{ feed: pub.feed, mid: pub.mids.video, sub_mid: slot.video }] : []),
    ];
    if (streams.length === 0) continue;
    try {
      // When the old feed left, Janus renegotiates the switch with an offer of its own: the same
      // transport, SSRCs and payload types, so the engine answers it for the client.
      const res = (await v.handle.message({ request: 'switch', streams })) as { jsep?: { type: string; sdp: string } };
      if (res.jsep?.type === 'offer') {
        v.janusSdp = res.jsep.sdp;
        await v.handle.start({ jsep: { type: 'answer', sdp: answerForJanus(v.offerSdp, res.jsep.sdp, v.pts) } });
      }
      if (slot.paused) {
        // A placeholder's first publisher: the paused streams now carry the seat.
        slot.paused = false;
        await v.handle.message({ request: 'configure', streams: streams.map((x) => ({ mid: x.sub_mid, send: true })) });
        keyframe?.();
      }
    } catch {
      // The viewer may have gone meanwhile; a failed switch leaves that slot black, nothing more.
    }
  }
}

/**
 * Starts hearing the room's publishers (once): a seat published through another instance that
 * goes live again (a reconnect) or late is switched into this instance's viewers of that seat.
 */
function watchForeign(hub: ViewerHub, room: Room): void {
  room.watcher ??= watchRoom(room.node, room.janusRoom, (p) => {
    if (hub.rooms.get(room.id) !== room || room.feeds.has(p.feed) || !ID_RE.test(p.seatId)) return;
    void rebindViewers(hub, { roomId: room.id, ...p });
  }).catch(() => undefined);
}

/** The room's publishers on its node that this instance does not hold (published through another instance). */
async function foreignFeeds(room: Room): Promise<Feed[]> {
  return (await room.node.participants(room.janusRoom))
    .filter((p) => p.publisher && !room.feeds.has(p.feed) && p.display !== undefined && ID_RE.test(p.display))
    .map((p) => ({ seatId: p.display!, feed: p.feed }));
}
