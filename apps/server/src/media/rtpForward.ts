/**
 * A plain-RTP copy of one seat, sent over UDP to a local reader (ffmpeg making HLS): a MediaSink on
 * the seat's publisher, so each packet costs one serialization (the publisher already dropped its
 * header extensions) and one `send`. Only the announced video codec is forwarded: a reader described by one SDP cannot
 * follow a payload-type switch.
 */
import dgram from 'node:dgram';
import type { RTCRtpCodecParameters, RtpPacket } from 'werift';
import type { RtpForward, RtpStreamInfo, RtpTarget } from './engine.js';
import type { MediaSink, Publisher } from './publisher.js';

/** How the SDP of a reader names a werift codec. */
export function streamInfo(c: RTCRtpCodecParameters | undefined): RtpStreamInfo | undefined {
  if (!c) return undefined;
  const name = c.mimeType.split('/')[1]?.toLowerCase();
  const codec = name === 'h264' ? 'H264' : name === 'vp8' ? 'VP8' : name === 'opus' ? 'opus' : undefined;
  if (!codec) return undefined;
  return {
    codec,
    payloadType: c.payloadType ?? 96,
    clockRate: c.clockRate,
    ...(c.channels ? { channels: c.channels } : {}),
    ...(c.parameters ? { fmtp: c.parameters } : {}),
  };
}

export class RtpForwarder implements MediaSink, RtpForward {
  private readonly socket = dgram.createSocket('udp4');
  private stopped = false;
  /** Packets sent, for tests and the bench. */
  sent = 0;

  constructor(
    private readonly source: Publisher,
    private readonly target: RtpTarget,
    readonly video: RtpStreamInfo | undefined,
    readonly audio: RtpStreamInfo | undefined,
    private readonly onStop: (f: RtpForwarder) => void,
  ) {
    // A reader that is not listening (yet, or any more) answers ICMP: ignore, keep sending.
    this.socket.on('error', () => {});
    this.socket.unref();
    source.addSink(this);
  }

  onVideo(rtp: RtpPacket): void {
    if (this.video && rtp.header.payloadType === this.video.payloadType) this.send(rtp.serialize(), this.target.videoPort);
  }

  onAudio(rtp: RtpPacket): void {
    if (this.audio) this.send(rtp.serialize(), this.target.audioPort);
  }

  private send(buf: Buffer, port: number): void {
    if (this.stopped) return;
    this.sent++;
    this.socket.send(buf, port, this.target.host);
  }

  requestKeyframe(): void {
    if (!this.stopped) this.source.requestKeyframe();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.source.removeSink(this);
    this.onStop(this);
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  get isStopped(): boolean {
    return this.stopped;
  }
}
