/**
 * The publisher side of the Janus engine: a WHIP offer, trimmed to what Janus forwards (sdp.ts),
 * goes to the room's VideoRoom as a publisher's `joinandconfigure` on its own handle; Janus's answer
 * is the client's. Its feed id is random, its display the seat id (other instances find the seat by it).
 */
import { randomInt } from 'node:crypto';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { PublishOptions, SessionAnswer } from '../engine.js';
import { MediaError, MediaErrorCode } from '../errors.js';
import { newEtag } from '../ice.js';
import { assertOfferShape } from '../peer.js';
import type { JanusRooms } from './janusRooms.js';
import { assertId, closedError, janusRefusal, newSessionId, type JanusPublisher } from './janusSessions.js';
import { codecs, parseSdp, trimPublishOffer } from './sdp.js';

export async function publish(hub: JanusRooms, roomId: string, seatId: string, offerSdp: string, opts: PublishOptions = {}): Promise<SessionAnswer> {
  hub.assertOpen();
  assertId('roomId', roomId);
  assertId('seatId', seatId);
  assertOfferShape(offerSdp);
  const room = await hub.roomFor(roomId);
  const existing = room.publishers.get(seatId);
  if (existing) {
    const sameUser = opts.userId !== undefined && existing.userId === opts.userId;
    if (!opts.replace && !sameUser) {
      hub.dropIfEmpty(room);
      throw new MediaError(MediaErrorCode.SEAT_BUSY, `seat ${seatId} of room ${roomId} is already publishing`);
    }
  } else if (room.publishers.size >= hub.config.maxPublishersPerRoom) {
    hub.dropIfEmpty(room);
    throw new MediaError(MediaErrorCode.ROOM_PUBLISHERS_FULL, `room ${roomId} already has its maximum of ${hub.config.maxPublishersPerRoom} publishers`);
  }
  const mids = midsOf(offerSdp);
  const pub: JanusPublisher = {
    kind: 'publisher',
    sessionId: newSessionId(),
    roomId,
    seatId,
    userId: opts.userId,
    feed: randomInt(1, 2 ** 47),
    live: false,
    mids,
    answerSdp: '',
    handle: undefined as unknown as VideoRoomHandle,
    node: room.node,
    etag: newEtag(),
    closed: false,
    timer: undefined,
    offerSdp: trimPublishOffer(offerSdp),
    janusSdp: '',
    retiredUfrags: new Set(),
  };
  if (existing) hub.closeSession(existing, 'replaced');
  room.publishers.set(seatId, pub);
  room.feeds.add(pub.feed);
  hub.sessions.set(pub.sessionId, pub);
  try {
    pub.handle = await room.node.handle();
    if (pub.closed) throw closedError();
    hub.watch(pub);
    const joined = await pub.handle
      .joinConfigurePublisher({ room: room.janusRoom, feed: pub.feed, display: seatId, jsep: { type: 'offer', sdp: pub.offerSdp } })
      .catch((err: unknown) => {
        throw janusRefusal(err);
      });
    if (pub.closed) throw closedError();
    const answerSdp = joined.jsep?.sdp;
    if (!answerSdp || !forwardable(answerSdp)) {
      throw new MediaError(MediaErrorCode.BAD_SDP, 'the offer has no H.264 or VP8 video or Opus audio to publish');
    }
    pub.answerSdp = answerSdp;
    pub.janusSdp = answerSdp;
    pub.timer = setTimeout(() => hub.closeSession(pub, 'timeout'), hub.config.connectTimeoutMs);
    return { answerSdp, sessionId: pub.sessionId, etag: pub.etag };
  } catch (err) {
    const closedMeanwhile = pub.closed;
    hub.closeSession(pub, 'failed');
    throw closedMeanwhile && !(err instanceof MediaError) ? closedError() : err;
  }
}

/** Whether Janus's answer took some H.264, VP8 or Opus (Janus answers a codec it does not take with what the offer said). */
function forwardable(answerSdp: string): boolean {
  return parseSdp(answerSdp).sections.some((s) => s.port !== 0 && !s.lines.includes('a=inactive') && codecs(s).some((c) => /^(h264|vp8|opus)$/i.test(c.name)));
}

/** The first audio and video mids of an offer (Janus names a publisher's streams by them). */
function midsOf(offer: string): { audio?: string; video?: string } {
  const out: { audio?: string; video?: string } = {};
  for (const s of parseSdp(offer).sections) {
    if ((s.kind === 'audio' || s.kind === 'video') && (s.port !== 0 || s.lines.includes('a=bundle-only')) && out[s.kind] === undefined && codecs(s).length > 0)
      out[s.kind] = s.mid;
  }
  return out;
}
