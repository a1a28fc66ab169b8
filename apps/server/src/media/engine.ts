/**
 * What the rest of the server uses of a media engine: the embedded SFU (`sfu.ts`, werift, in this
 * process) or a Janus node (`janus/`). Both take the same WHIP/WHEP offers, tokens and seats, and
 * emit the same events, so the rooms module, the HTTP routes and the HLS egress do not know which
 * one serves a room.
 */
import type { SdpFrag } from './ice.js';

export type CloseReason = 'deleted' | 'failed' | 'timeout' | 'idle' | 'replaced' | 'room-closed' | 'kicked' | 'shutdown';

export interface PublisherEvent {
  roomId: string;
  seatId: string;
  sessionId: string;
  userId: string | undefined;
}
export interface ViewerEvent {
  roomId: string;
  viewerId: string;
  sessionId: string;
  seatIds: string[];
}
export interface MediaEngineEvents {
  /** The publisher's connection is up: its seat is live. */
  'publisher-up': [PublisherEvent];
  /**
   * The seat's publisher is gone ("the anchor has left" when seatId is 'anchor'). reason 'replaced'
   * means the same seat is being republished (a reconnect): expect a 'publisher-up' next.
   */
  'publisher-down': [PublisherEvent & { reason: CloseReason }];
  'viewer-up': [ViewerEvent];
  'viewer-down': [ViewerEvent & { reason: CloseReason }];
  /** A room's last session ended (or closeRoom): the SFU forgot it. */
  'room-empty': [{ roomId: string }];
  /** A media node this engine drives died (a Janus node's connection dropped): its rooms' sessions ended. */
  'node-down': [{ url: string; roomIds: string[] }];
}

export interface SessionAnswer {
  answerSdp: string;
  sessionId: string;
  /** The session's entity tag (RFC 9725: the client sends it back in If-Match on PATCH). */
  etag: string;
}

export interface PublishOptions {
  /** The authorized user; a second publish by the same user to the same seat replaces the first (reconnect). */
  userId?: string;
  /** Replace whoever publishes on this seat now (e.g. the room owner reassigning a seat). */
  replace?: boolean;
}

export interface PlayOptions {
  /** Seats to receive, in slot order; default: every seat publishing now, the anchor first. */
  seatIds?: string[];
}

export interface RoomInfo {
  roomId: string;
  publishers: { seatId: string; sessionId: string; userId: string | undefined; live: boolean }[];
  viewers: number;
}

/** Where a seat's RTP is sent as plain RTP over UDP (an ffmpeg reading an SDP file, for HLS and recording). */
export interface RtpTarget {
  host: string;
  videoPort: number;
  audioPort: number;
}

/** One forwarded stream as the receiver must describe it in its SDP. */
export interface RtpStreamInfo {
  codec: 'H264' | 'VP8' | 'opus';
  payloadType: number;
  clockRate: number;
  channels?: number;
  fmtp?: string;
}

/** A running forward of one seat's media; `stop()` ends it (the engine also ends it when the seat's publisher goes). */
export interface RtpForward {
  readonly video: RtpStreamInfo | undefined;
  readonly audio: RtpStreamInfo | undefined;
  /** Asks the publisher for a keyframe: a reader that just started needs one. */
  requestKeyframe(): void;
  stop(): Promise<void>;
}

/** Running totals of what a seat's publisher sent in (the stream health sampler takes their differences). */
export interface IngestCounters {
  sessionId: string;
  videoBytes: number;
  videoPackets: number;
  frames: number;
  /** First and last extended RTP sequence numbers seen (−1 before the first packet). */
  firstSeq: number;
  lastSeq: number;
}

export interface MediaEngine {
  readonly kind: 'embedded' | 'janus';
  on<E extends keyof MediaEngineEvents>(event: E, listener: (...args: MediaEngineEvents[E]) => void): () => void;
  publish(roomId: string, seatId: string, offerSdp: string, opts?: PublishOptions): Promise<SessionAnswer>;
  play(roomId: string, viewerId: string, offerSdp: string, opts?: PlayOptions): Promise<SessionAnswer>;
  patch(sessionId: string, frag: SdpFrag, ifMatch?: string): Promise<{ answerFrag: string; etag: string } | undefined>;
  close(sessionId: string, reason?: CloseReason): boolean;
  closeRoom(roomId: string): number;
  closeViewer(roomId: string, viewerId: string, reason?: CloseReason): number;
  closeUser(userId: string, reason?: CloseReason): number;
  room(roomId: string): RoomInfo | undefined;
  /** What a live seat's publisher sent in so far; undefined when the engine does not measure it (Janus) or the seat is not live. */
  ingest(roomId: string, seatId: string): IngestCounters | undefined;
  /** Sends a live seat's RTP to `target` until stopped or until the seat's publisher goes. */
  forwardRtp(roomId: string, seatId: string, target: RtpTarget): Promise<RtpForward>;
  shutdown(): Promise<void>;
}

/** What the WHIP/WHEP routes use of an engine: sessions made, patched, ended, and looked up (404s). */
export type MediaSessions = Pick<MediaEngine, 'on' | 'publish' | 'play' | 'patch' | 'close'> & { session(sessionId: string): unknown };
