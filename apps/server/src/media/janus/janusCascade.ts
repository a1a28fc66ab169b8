/**
 * One room over several Janus nodes (VideoRoom remote publishers, Janus 1.1): when the room's node
 * (its origin) feeds as many viewers as it may, further viewers go to an edge node whose copy of the
 * room (the same VideoRoom id) holds each publisher as a *remote publisher* fed by the origin
 * (`add_remote_publisher` on the edge, then `publish_remotely` on the origin, RTCP back for keyframe
 * requests). The remote publisher keeps the publisher's feed id, so a subscriber names the same feed
 * on either node. Nodes reach each other at the host of their API URL (a private network).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaConfig } from '../config.js';
import type { JanusNode } from './janusNode.js';
import type { JanusPublisher, Room } from './janusSessions.js';
import { codecs, parseSdp } from './sdp.js';

/** A publisher as the cascade needs it: its VideoRoom feed and Janus's answer (its streams, as negotiated). */
export interface CascadedPublisher {
  feed: number;
  seatId: string;
  answerSdp: string;
}

interface RawReply {
  plugindata?: { data?: { error?: string; error_code?: number; port?: number; rtcp_port?: number } };
}

/** The streams Janus negotiated with a publisher, as `add_remote_publisher` describes them. */
export function remoteStreams(answerSdp: string): { type: string; mindex: number; mid: string; codec: string; 'h264-profile'?: string }[] {
  return parseSdp(answerSdp).sections.flatMap((s, mindex) => {
    const c = codecs(s)[0];
    if (!c || s.mid === undefined || s.port === 0 || s.lines.includes('a=inactive') || (s.kind !== 'audio' && s.kind !== 'video')) return [];
    const profile = /profile-level-id=([0-9a-f]{6})/i.exec(c.fmtp ?? '')?.[1];
    return [{ type: s.kind, mindex, mid: s.mid, codec: c.name.toLowerCase(), ...(profile ? { 'h264-profile': profile } : {}) }];
  });
}

/** The address other nodes send RTP to: the host of the node's API URL. */
export const nodeHost = (node: JanusNode): string => new URL(node.url).hostname;

const remoteId = (edge: JanusNode): string => `edge-${nodeHost(edge)}`;

async function request(node: JanusNode, body: Record<string, unknown>): Promise<NonNullable<NonNullable<RawReply['plugindata']>['data']>> {
  const reply = (await node.admin.message(body)) as RawReply;
  const data = reply.plugindata?.data ?? {};
  if (data.error) throw new Error(`${String(body.request)}: ${data.error_code ?? ''} ${data.error}`);
  return data;
}

/** Makes `pub` (publishing on `origin`) a remote publisher of the same room on `edge`. */
export async function cascade(origin: JanusNode, edge: JanusNode, room: number, pub: CascadedPublisher, listedWithinMs = 3000): Promise<void> {
  const added = await request(edge, { request: 'add_remote_publisher', room, id: pub.feed, display: pub.seatId, streams: remoteStreams(pub.answerSdp) });
  if (!added.port) throw new Error('add_remote_publisher gave no port');
  try {
    await listed(edge, room, pub.feed, listedWithinMs);
    await request(origin, {
      request: 'publish_remotely',
      room,
      publisher_id: pub.feed,
      remote_id: remoteId(edge),
      host: nodeHost(edge),
      port: added.port,
      ...(added.rtcp_port ? { rtcp_port: added.rtcp_port } : {}),
    });
  } catch (err) {
    if (edge.alive) await request(edge, { request: 'remove_remote_publisher', room, id: pub.feed }).catch(() => {});
    throw err;
  }
}

/**
 * Waits until the edge lists the remote publisher: Janus answers `add_remote_publisher` before the
 * publisher's own thread adds it to the room, and a subscriber who names it sooner gets "No such feed".
 */
async function listed(edge: JanusNode, room: number, feed: number, withinMs: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < withinMs; await sleep(10)) {
    if ((await edge.participants(room)).some((p) => p.feed === feed && p.publisher)) return;
  }
  throw new Error(`the remote publisher ${feed} was not listed on ${nodeHost(edge)} within ${withinMs} ms`);
}

/** Stops feeding `edge` with `feed` and removes its remote publisher there (either node may be gone: best effort). */
export async function uncascade(origin: JanusNode, edge: JanusNode, room: number, feed: number): Promise<void> {
  if (origin.alive) await request(origin, { request: 'unpublish_remotely', room, publisher_id: feed, remote_id: remoteId(edge) }).catch(() => {});
  if (edge.alive) await request(edge, { request: 'remove_remote_publisher', room, id: feed }).catch(() => {});
}

/**
 * The node a new viewer of the room is fed from: the room's own while it has room for one more
 * (JANUS_NODE_VIEWERS), else an edge already fed, else the least loaded other node made an edge.
 * With every node full the room's own takes it (MEDIA_MAX_VIEWERS still bounds the whole).
 */
export async function nodeForViewer(
  room: Room,
  nodes: JanusNode[],
  config: Pick<MediaConfig, 'maxPublishersPerRoom' | 'maxPublishBitrate'>,
): Promise<JanusNode> {
  const free = (n: JanusNode) => n.alive && n.viewers < n.capacity;
  if (free(room.node)) return room.node;
  const edge = [...room.edges.keys()].find(free) ?? nodes.filter((n) => n !== room.node && free(n)).sort((a, b) => a.viewers - b.viewers)[0];
  if (!edge) return room.node;
  const fresh = !room.edges.has(edge);
  try {
    if (fresh) {
      room.edges.set(edge, new Map());
      await edge.ensureRoom(room.janusRoom, config.maxPublishersPerRoom, config.maxPublishBitrate);
    }
    await Promise.all([...room.publishers.values()].filter((p) => p.live).map((p) => feedEdge(room, edge, p)));
    return edge;
  } catch {
    // The edge could not be fed (it died meanwhile, or refused): the room's own node takes the viewer.
    if (fresh && room.edges.get(edge)?.size === 0) room.edges.delete(edge);
    return room.node;
  }
}

/** Cascades a publisher to one edge of its room, once (concurrent viewers share the one request). */
function feedEdge(room: Room, edge: JanusNode, pub: JanusPublisher): Promise<void> {
  const fed = room.edges.get(edge);
  if (!fed) return Promise.resolve();
  let done = fed.get(pub.feed);
  if (!done) {
    done = cascade(room.node, edge, room.janusRoom, pub).catch((err: unknown) => {
      fed.delete(pub.feed);
      throw err;
    });
    fed.set(pub.feed, done);
  }
  return done;
}

/** A publisher that went live reaches every edge of its room. */
export async function feedEdges(room: Room | undefined, pub: JanusPublisher): Promise<void> {
  if (!room) return;
  await Promise.all([...room.edges.keys()].map((edge) => feedEdge(room, edge, pub).catch(() => {})));
}

/**
 * An edge's subscriber offer names H.264 without its fmtp (Janus 1.1 knows a remote publisher's
 * codec, not its parameters). The engine sends only packetization-mode 1 to Janus (sdp.ts
 * trimPublishOffer), so that is what the edge relays: say so, for the bridge to match the client's.
 */
export function withRemoteH264Fmtp(offer: string): string {
  const lines = offer.split('\r\n');
  const hasFmtp = (pt: string) => lines.some((l) => l.startsWith(`a=fmtp:${pt} `));
  return lines
    .flatMap((l) => {
      const pt = /^a=rtpmap:(\d+) H264\/90000$/i.exec(l)?.[1];
      return pt && !hasFmtp(pt) ? [l, `a=fmtp:${pt} level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f`] : [l];
    })
    .join('\r\n');
}
