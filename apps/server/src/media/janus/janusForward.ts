/**
 * A seat's RTP sent as plain RTP to a UDP target (the HLS egress's ffmpeg), through VideoRoom's
 * `rtp_forward`. The codecs are those Janus negotiated with the publisher (its answer).
 *
 * The target is a local reader (ffmpeg on 127.0.0.1), which a Janus node on another host (or in
 * another network namespace) cannot reach: Janus forwards to a relay socket of this process on the
 * address it routes to that node by, and the relay hands each datagram to the target unchanged
 * (~100 packets a second per room).
 */
import dgram from 'node:dgram';
import type { RtpForward, RtpStreamInfo, RtpTarget } from '../engine.js';
import type { JanusNode } from './janusNode.js';
import type { JanusPublisher } from './janusSessions.js';
import { nodeHost } from './janusCascade.js';
import { codecs, parseSdp } from './sdp.js';

function streamInfo(answerSdp: string, kind: 'audio' | 'video'): RtpStreamInfo | undefined {
  const section = parseSdp(answerSdp).sections.find((s) => s.kind === kind && s.port !== 0);
  const c = section ? codecs(section)[0] : undefined;
  if (!c) return undefined;
  const name = c.name.toLowerCase();
  const codec = name === 'h264' ? 'H264' : name === 'vp8' ? 'VP8' : name === 'opus' ? 'opus' : undefined;
  if (!codec) return undefined;
  return { codec, payloadType: c.pt, clockRate: c.clock, channels: c.channels, fmtp: c.fmtp };
}

/** The local address this machine sends to `host` from (the route's source address). */
function localAddressTowards(host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const probe = dgram.createSocket('udp4');
    probe.once('error', (err) => {
      probe.close();
      reject(err);
    });
    probe.connect(9, host, () => {
      const { address } = probe.address();
      probe.close();
      resolve(address);
    });
  });
}

/** A UDP socket on `address` that passes every datagram on to `port` on `targetHost`. */
function relay(address: string, targetHost: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.on('message', (msg) => socket.send(msg, port, targetHost));
    socket.bind(0, address, () => {
      socket.off('error', reject);
      socket.on('error', () => {}); // a send to a reader that went: the next packet tries again
      resolve(socket);
    });
  });
}

export async function forwardSeat(node: JanusNode, room: number, pub: JanusPublisher, target: RtpTarget): Promise<RtpForward> {
  const kinds = [
    ...(pub.mids.audio ? [{ mid: pub.mids.audio, port: target.audioPort }] : []),
    ...(pub.mids.video ? [{ mid: pub.mids.video, port: target.videoPort }] : []),
  ];
  const local = await localAddressTowards(nodeHost(node));
  const relays = await Promise.all(kinds.map((k) => relay(local, target.host, k.port)));
  const closeRelays = () => relays.forEach((r) => r.close());
  let ids: number[];
  try {
    const streams = kinds.map((k, i) => ({ mid: k.mid, port: relays[i]!.address().port }));
    const started = await node.admin.startForward({ room, feed: pub.feed, host: local, streams });
    // janode names each forwarder's Janus stream_id after its kind (audio_stream, video_stream).
    ids = (started.forwarders ?? []).flatMap((f) => [f.audio_stream, f.video_stream].filter((id): id is number => typeof id === 'number'));
  } catch (err) {
    closeRelays();
    throw err;
  }
  let stopped = false;
  return {
    video: streamInfo(pub.answerSdp, 'video'),
    audio: streamInfo(pub.answerSdp, 'audio'),
    requestKeyframe: () => {
      if (!pub.closed) void pub.handle.configure({ keyframe: true }).catch(() => {});
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      closeRelays();
      if (!node.alive) return;
      await Promise.all(ids.map((stream) => node.admin.stopForward({ room, feed: pub.feed, stream }).catch(() => {})));
    },
  };
}
