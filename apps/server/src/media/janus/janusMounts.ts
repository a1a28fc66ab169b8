/**
 * Viewers whose offers number the codecs otherwise than Janus 1.1 sends them (a stock WHEP player:
 * Chromium's own offer maps 107, Janus's H.264, to rtx). VideoRoom stamps every packet with its fixed
 * number whatever an answer says; the Streaming plugin stamps each packet with its mountpoint's
 * number. So such a viewer watches a mountpoint of the room's node numbered as its offer, fed with
 * the seat's RTP by a VideoRoom `rtp_forward` to the node's own loopback: the media stays in Janus.
 * One mountpoint per seat and numbering, shared by the viewers that need it, kept until the room
 * goes (docs/decisions/0185, 0194).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { JanusNode } from './janusNode.js';
import type { Mount, Room } from './janusSessions.js';
import type { Codec, Numbering } from './sdp.js';

interface RawReply {
  plugindata?: { data?: Record<string, unknown> };
}

/** A plugin reply's data, or its error thrown. */
function dataOf(reply: RawReply, what: string): Record<string, unknown> {
  const data = reply.plugindata?.data ?? {};
  if (data.error) throw new Error(`${what}: ${String(data.error)}`);
  return data;
}

const keyOf = (n: Numbering): string => `${n.seatId}|${n.video?.pt ?? '-'}|${n.audio?.pt ?? '-'}`;

/**
 * A mountpoint medium: Janus picks the ports (its Streaming `rtp_port_range`) and listens on loopback
 * only. Video has an RTCP port: the forwarder latches to it, and the viewers' keyframe requests
 * (a new viewer, a loss) go back through it to the forwarder and on to the publisher.
 */
const medium = (type: 'audio' | 'video', c: Codec) => ({
  type,
  mid: type === 'audio' ? 'a' : 'v',
  port: 0,
  iface: '127.0.0.1',
  pt: c.pt,
  codec: c.name.toLowerCase(),
  ...(c.fmtp && type === 'video' ? { fmtp: c.fmtp } : {}),
  ...(type === 'video' ? { rtcpport: 0 } : {}),
});

/** The room's mountpoint for a seat in this numbering, made and fed from `feed` if new. */
export async function mountFor(room: Room, n: Numbering, feed: number): Promise<Mount> {
  const key = keyOf(n);
  const known = room.mounts.get(key);
  if (known) {
    await known.ready;
    return known;
  }
  const mount: Mount = {
    id: randomInt(1, 2 ** 47),
    pin: randomBytes(12).toString('hex'),
    seatId: n.seatId,
    ports: {},
    feed: undefined,
    forwarders: [],
    ready: Promise.resolve(),
  };
  mount.ready = create(room.node, mount, n).then(() => forward(room, mount, feed));
  room.mounts.set(key, mount);
  try {
    await mount.ready;
  } catch (err) {
    if (room.mounts.get(key) === mount) room.mounts.delete(key);
    void destroyMount(room.node, mount, room.janusRoom);
    throw err;
  }
  return mount;
}

async function create(node: JanusNode, mount: Mount, n: Numbering): Promise<void> {
  const media = [...(n.audio ? [medium('audio', n.audio)] : []), ...(n.video ? [medium('video', n.video)] : [])];
  const admin = await node.streamingAdmin();
  const data = dataOf(
    (await admin.message({
      request: 'create',
      type: 'rtp',
      id: mount.id,
      pin: mount.pin,
      secret: mount.pin,
      is_private: true,
      permanent: false,
      media,
    })) as RawReply,
    'the media node could not make a mountpoint',
  );
  const ports = (data.stream as { ports?: { type?: string; port?: number; rtcp_port?: number }[] } | undefined)?.ports ?? [];
  for (const p of ports) {
    if (p.type === 'audio') mount.ports.audio = p.port;
    if (p.type === 'video') [mount.ports.video, mount.ports.videoRtcp] = [p.port, p.rtcp_port];
  }
}

/** Forwards `feed`'s first audio and video to the mountpoint (its previous feed's forwarders stopped). */
async function forward(room: Room, mount: Mount, feed: number): Promise<void> {
  const old = { feed: mount.feed, ids: mount.forwarders };
  mount.feed = feed;
  mount.forwarders = [];
  if (old.feed !== undefined && old.feed !== feed) {
    await Promise.all(
      old.ids.map((stream_id) =>
        room.node.admin.message({ request: 'stop_rtp_forward', room: room.janusRoom, publisher_id: old.feed, stream_id }).catch(() => {}),
      ),
    );
  }
  const data = dataOf(
    (await room.node.admin.message({
      request: 'rtp_forward',
      room: room.janusRoom,
      publisher_id: feed,
      host: '127.0.0.1',
      ...(mount.ports.audio ? { audio_port: mount.ports.audio } : {}),
      ...(mount.ports.video ? { video_port: mount.ports.video } : {}),
      ...(mount.ports.videoRtcp ? { video_rtcp_port: mount.ports.videoRtcp } : {}),
    })) as RawReply,
    'the media node could not forward the seat to its mountpoint',
  );
  const ids = data.rtp_stream as { audio_stream_id?: number; video_stream_id?: number } | undefined;
  mount.forwarders = [ids?.audio_stream_id, ids?.video_stream_id].filter((id): id is number => typeof id === 'number' && id > 0);
}

/** A seat's new publisher (a reconnect, another instance's feed): its mountpoints are fed from it. */
export async function remount(room: Room, seatId: string, feed: number): Promise<void> {
  for (const mount of room.mounts.values()) {
    if (mount.seatId !== seatId || mount.feed === feed) continue;
    await mount.ready.then(() => forward(room, mount, feed)).catch(() => {});
  }
}

/** The room's mountpoints go with it, and their forwarders (an adopted room's feeds outlive this instance's viewers). */
export function unmountAll(room: Room): void {
  for (const mount of room.mounts.values()) void destroyMount(room.node, mount, room.janusRoom);
  room.mounts.clear();
}

async function destroyMount(node: JanusNode, mount: Mount, janusRoom?: number): Promise<void> {
  if (!node.alive) return;
  try {
    if (janusRoom !== undefined && mount.feed !== undefined) {
      for (const stream_id of mount.forwarders)
        await node.admin.message({ request: 'stop_rtp_forward', room: janusRoom, publisher_id: mount.feed, stream_id }).catch(() => {});
    }
    const admin = await node.streamingAdmin();
    await admin.message({ request: 'destroy', id: mount.id, secret: mount.pin, permanent: false });
  } catch {
    // The node went meanwhile: its mountpoints went with it.
  }
}
