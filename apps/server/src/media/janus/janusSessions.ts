/**
 * What the Janus engine keeps per WHIP/WHEP session and per room, and the small helpers the
 * publisher side, the viewer side and the room lifecycle share.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StreamingHandle } from 'janode/plugins/streaming';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { PublisherEvent, ViewerEvent } from '../engine.js';
import { MediaError, MediaErrorCode } from '../errors.js';
import type { JanusNode } from './janusNode.js';

/** Seat and room ids end up in URLs and VideoRoom displays: a safe token alphabet. */
export const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

interface Base {
  sessionId: string;
  roomId: string;
  handle: VideoRoomHandle | StreamingHandle;
  node: JanusNode;
  etag: string;
  closed: boolean;
  timer: NodeJS.Timeout | undefined;
  /** The client's offer in force (a publisher's as sent to Janus): PATCH and Janus's renegotiations use it. */
  offerSdp: string;
  /** Janus's side in force (a publisher's answer, a viewer's subscriber offer). */
  janusSdp: string;
  retiredUfrags: Set<string>;
}
export interface JanusPublisher extends Base {
  kind: 'publisher';
  handle: VideoRoomHandle;
  seatId: string;
  userId: string | undefined;
  feed: number;
  live: boolean;
  /** The publisher's mids per kind (Janus keeps the offerer's mids). */
  mids: { audio?: string; video?: string };
  answerSdp: string;
}
export interface JanusViewer extends Base {
  kind: 'viewer';
  viewerId: string;
  connected: boolean;
  /**
   * Per seat: the subscriber's mids that carry it (switched to a new feed when its publisher
   * reconnects); `paused`: a placeholder waiting for the seat's first publisher.
   */
  slots: { seatId: string; audio?: string; video?: string; paused: boolean }[];
  /** Per Janus mid, the client's payload type: Janus's later offers (a switch, a restart) are answered from them and offerSdp. */
  pts: Map<string, number>;
  /** Fed by a mountpoint (a Streaming handle watching it), not a VideoRoom subscription: janusMounts.ts. */
  mount: Mount | undefined;
}
export type Session = JanusPublisher | JanusViewer;

export interface Room {
  id: string;
  janusRoom: number;
  node: JanusNode;
  publishers: Map<string, JanusPublisher>;
  viewers: Map<string, JanusViewer>;
  joining: number;
  /** Edge nodes feeding further viewers once `node` is full: per edge, the publishers' feeds cascaded to it. */
  edges: Map<JanusNode, Map<number, Promise<void>>>;
  /**
   * Opened by another API instance: this one only feeds viewers from the VideoRoom that instance
   * made (found on the node the room is placed on), and leaves it in place when its viewers go.
   * Cleared when this instance publishes in it (the room was placed on this instance since).
   */
  adopted: boolean;
  /** Every feed this instance published in the room. */
  feeds: Set<number>;
  /** Hears the publishers of other instances (janusWatch.ts) while this one has viewers of their feeds; resolves with its stop. */
  watcher: Promise<(() => void) | undefined> | undefined;
  /** Mountpoints feeding viewers in their own payload types, per seat and numbering (janusMounts.ts). */
  mounts: Map<string, Mount>;
}

/**
 * A Streaming-plugin mountpoint on the room's node that re-sends one seat in a client's payload
 * types: the seat's feed is RTP-forwarded to it on the node's own loopback (janusMounts.ts).
 */
export interface Mount {
  id: number;
  pin: string;
  seatId: string;
  /** Its media: Streaming mid 'a' / 'v', the ports Janus listens on (127.0.0.1), video's RTCP (keyframe requests). */
  ports: { audio?: number; video?: number; videoRtcp?: number };
  /** The feed forwarded to it now, and Janus's forwarder ids of that feed. */
  feed: number | undefined;
  forwarders: number[];
  /** Settles when the mountpoint exists (and its first feed is forwarded). */
  ready: Promise<void>;
}

/** A publisher's feed as a subscriber names it: this instance's publishers, or one another instance holds. */
export interface Feed {
  seatId: string;
  feed: number;
}

/** The VideoRoom id of a room: the same number on every API instance (no shared counter needed). */
export const janusRoomId = (roomId: string): number => Number.parseInt(createHash('sha256').update(roomId).digest('hex').slice(0, 12), 16);

export const newRoom = (id: string, node: JanusNode, adopted: boolean): Room => ({
  id,
  janusRoom: janusRoomId(id),
  node,
  publishers: new Map(),
  viewers: new Map(),
  joining: 0,
  edges: new Map(),
  adopted,
  feeds: new Set(),
  watcher: undefined,
  mounts: new Map(),
});

export const assertId = (kind: string, id: string): void => {
  if (typeof id !== 'string' || !ID_RE.test(id)) throw new MediaError(MediaErrorCode.BAD_REQUEST, `${kind} must be 1–64 characters of A–Z a–z 0–9 _ -`);
};
export const newSessionId = (): string => randomBytes(16).toString('hex');

/** Janus's refusals of an offer (codec, SDP) are the client's fault: 400, never 500. */
export function janusRefusal(err: unknown): MediaError {
  const msg = err instanceof Error ? err.message : String(err);
  return new MediaError(MediaErrorCode.BAD_SDP, `the SDP offer was refused by the media node: ${msg.slice(0, 200)}`);
}

export const closedError = () => new MediaError(MediaErrorCode.CLOSED, 'the session was closed while it was being set up');

export const publisherEvent = (p: JanusPublisher): PublisherEvent => ({ roomId: p.roomId, seatId: p.seatId, sessionId: p.sessionId, userId: p.userId });
export const viewerEvent = (v: JanusViewer): ViewerEvent => ({
  roomId: v.roomId,
  viewerId: v.viewerId,
  sessionId: v.sessionId,
  seatIds: v.slots.map((s) => s.seatId),
});
