/**
 * One WHIP publisher (a seat's camera and microphone): receives its RTP, prepares each packet once
 * and hands the same buffer to every viewer slot bound to this seat.
 */
import {
  ReceiverEstimatedMaxBitrate,
  RtcpPayloadSpecificFeedback,
  type RTCPeerConnection,
  type RTCRtpCodecParameters,
  type RTCRtpReceiver,
  type RTCRtpTransceiver,
  type RtpPacket,
} from 'werift';
import { isH264 } from './codecs.js';
import { newEtag, type IceSession } from './ice.js';
import { H264Start, h264StartOf, isVp8KeyframeStart } from './keyframe.js';
import { TrailingThrottle } from './throttle.js';

/**
 * What a viewer slot receives from its publisher; implemented by viewer.ts. The packet is shared by
 * every sink and must not be changed; its header extensions are already dropped, so
 * `rtp.serialize()` gives a clean packet for a plain RTP tap.
 */
export interface MediaSink {
  /** `codec` is the publisher's codec of this packet: the viewer sends it under its own payload type for it. */
  onVideo(rtp: RtpPacket, keyframeStart: boolean, codec: RTCRtpCodecParameters): void;
  onAudio(rtp: RtpPacket): void;
}

/** Minimum gap between two keyframe requests to a publisher (see throttle.ts). */
export const PLI_INTERVAL_MS = 300;

export class Publisher implements IceSession {
  readonly kind = 'publisher' as const;
  /** The offer in force and its entity tag (ice.ts: PATCH trickle and restarts). */
  offerSdp = '';
  etag = newEtag();
  /** Set once the peer connection reports `connected`. */
  live = false;
  closed = false;
  readonly createdAt = performance.now();
  /** Last RTP or RTCP seen from the publisher (performance.now()), for the idle check. */
  lastHeardAt = performance.now();
  private readonly sinks = new Set<MediaSink>();
  private videoReceiver: RTCRtpReceiver | undefined;
  private videoTransceiver: RTCRtpTransceiver | undefined;
  /** The codec of the last video packet (looked up again only when the payload type changes). */
  private codec: RTCRtpCodecParameters | undefined;
  /** RTP timestamp of the last H.264 SPS: the IDR of that picture is not a second start. */
  private spsTimestamp: number | undefined;
  private videoSsrc: number | undefined;
  private hasVideoTrack = false;
  private hasAudioTrack = false;
  private readonly pli: TrailingThrottle;
  /** Keyframe requests actually sent (after throttling): the tests and the bench read it. */
  pliSent = 0;
  packetsIn = 0;
  /** What arrives of the video (stream health, decision 0230): bytes, packets, pictures, and the sequence span seen. */
  readonly ingest = { videoBytes: 0, videoPackets: 0, frames: 0, firstSeq: -1, lastSeq: -1 };
  /** Video packets that start a picture a decoder can start at. */
  keyframesIn = 0;
  /** Packets a sink threw on (the others still got them), and the last error: the tests and the bench read them. */
  sinkErrors = 0;
  lastSinkError: unknown;

  constructor(
    readonly sessionId: string,
    readonly roomId: string,
    readonly seatId: string,
    readonly userId: string | undefined,
    readonly pc: RTCPeerConnection,
    private readonly maxBitrate: number,
  ) {
    this.pli = new TrailingThrottle(PLI_INTERVAL_MS, () => this.sendPli());
  }

  /**
   * Listens to the first audio and the first video section of the applied offer. Not through
   * `ontrack`: werift fires it only for sections with a port, and a bundle-only section (port 0,
   * what GStreamer's webrtcbin offers with max-bundle) carries media all the same.
   */
  listen(transceivers: RTCRtpTransceiver[]): void {
    for (const transceiver of [...transceivers].sort((a, b) => (a.mLineIndex ?? 0) - (b.mLineIndex ?? 0))) {
      const track = transceiver.receiver.track;
      if (!track) continue;
      if (transceiver.kind === 'video') {
        if (this.hasVideoTrack) continue; // one camera per seat; a second video section is ignored
        this.hasVideoTrack = true;
        this.videoReceiver = transceiver.receiver;
        this.videoTransceiver = transceiver;
        transceiver.receiver.onRtcp.subscribe(() => this.heard());
        track.onReceiveRtp.subscribe((rtp) => this.onVideoRtp(rtp));
      } else if (transceiver.kind === 'audio') {
        if (this.hasAudioTrack) continue;
        this.hasAudioTrack = true;
        transceiver.receiver.onRtcp.subscribe(() => this.heard());
        track.onReceiveRtp.subscribe((rtp) => this.onAudioRtp(rtp));
      }
    }
  }

  addSink(sink: MediaSink): void {
    this.sinks.add(sink);
  }

  removeSink(sink: MediaSink): void {
    this.sinks.delete(sink);
  }

  get sinkCount(): number {
    return this.sinks.size;
  }

  /** Asks the publisher for a keyframe, at most once per PLI_INTERVAL_MS with a trailing retry. */
  requestKeyframe(): void {
    if (!this.closed) this.pli.request();
  }

  private heard(): void {
    this.lastHeardAt = performance.now();
  }

  /**
   * The publisher's header extensions are dropped: its ids (abs-send-time, and transport-cc from
   * encoders that send it anyway) mean nothing in a viewer's stream, where each viewer's lane
   * writes the extensions that viewer negotiated (lane.ts).
   */
  private prepare(rtp: RtpPacket): RtpPacket {
    rtp.header.extensions = [];
    rtp.header.extension = false;
    return rtp;
  }

  private onVideoRtp(rtp: RtpPacket): void {
    this.heard();
    this.packetsIn++;
    this.videoSsrc = rtp.header.ssrc;
    this.countIngest(rtp);
    const codec = this.codecOf(rtp.header.payloadType);
    if (!codec) return; // a payload type the answer did not name
    const key = this.isKeyframeStart(codec, rtp);
    if (key) this.keyframesIn++;
    if (this.sinks.size === 0) return;
    this.prepare(rtp);
    for (const sink of this.sinks) {
      try {
        sink.onVideo(rtp, key, codec);
      } catch (err) {
        this.sinkFailed(err);
      }
    }
  }

  /** Extends the 16-bit sequence number past its wrap, so lost = span − received holds over a long live. */
  private countIngest(rtp: RtpPacket): void {
    const g = this.ingest;
    g.videoPackets++;
    g.videoBytes += rtp.payload.length + 12;
    if (rtp.header.marker) g.frames++;
    const seq = rtp.header.sequenceNumber;
    if (g.lastSeq < 0) {
      g.firstSeq = g.lastSeq = seq;
      return;
    }
    let delta = seq - (g.lastSeq & 0xffff);
    if (delta < -0x8000) delta += 0x10000;
    else if (delta > 0x8000) delta -= 0x10000;
    if (delta > 0) g.lastSeq += delta;
  }

  /** The codec the publisher sends now (undefined before its first video packet). */
  get videoCodec(): RTCRtpCodecParameters | undefined {
    return this.codec;
  }

  /** What it sends, or before its first packet what it will: the first codec of its answer. */
  get expectedVideoCodec(): RTCRtpCodecParameters | undefined {
    return this.codec ?? this.videoTransceiver?.codecs[0];
  }

  private codecOf(payloadType: number): RTCRtpCodecParameters | undefined {
    if (this.codec?.payloadType !== payloadType) {
      this.codec = this.videoTransceiver?.codecs.find((c) => c.payloadType === payloadType);
    }
    return this.codec;
  }

  /**
   * H.264: a picture starts at its SPS (encoders send SPS and PPS before each IDR), or at the IDR
   * of a picture that had none (an encoder sending parameter sets once: better than never).
   */
  private isKeyframeStart(codec: RTCRtpCodecParameters, rtp: RtpPacket): boolean {
    if (!isH264(codec)) return isVp8KeyframeStart(rtp.payload);
    const start = h264StartOf(rtp.payload);
    if (start === H264Start.SPS) {
      this.spsTimestamp = rtp.header.timestamp;
      return true;
    }
    return start === H264Start.IDR && rtp.header.timestamp !== this.spsTimestamp;
  }

  private onAudioRtp(rtp: RtpPacket): void {
    this.heard();
    this.packetsIn++;
    if (this.sinks.size === 0) return;
    this.prepare(rtp);
    for (const sink of this.sinks) {
      try {
        sink.onAudio(rtp);
      } catch (err) {
        this.sinkFailed(err);
      }
    }
  }

  /** One sink's failure must not cost the sinks after it their packet (sends are synchronous now). */
  private sinkFailed(err: unknown): void {
    this.sinkErrors++;
    this.lastSinkError = err;
  }

  private sendPli(): void {
    const receiver = this.videoReceiver;
    if (this.closed || !receiver || this.videoSsrc === undefined) return;
    this.pliSent++;
    void receiver.sendRtcpPLI(this.videoSsrc);
  }

  /**
   * REMB caps the publisher's video bitrate from the server side (Chrome sends at most the REMB
   * value), so a client that forgot `maxBitrate` or OBS set to 6 Mbps cannot flood every viewer.
   */
  sendBitrateCap(): void {
    const receiver = this.videoReceiver;
    if (this.closed || !this.live || !receiver || this.videoSsrc === undefined) return;
    const packet = bitrateCapPacket(this.maxBitrate, receiver.rtcpSsrc, this.videoSsrc);
    void receiver.dtlsTransport.sendRtcp([packet]).catch(() => {});
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.live = false;
    this.pli.dispose();
    this.sinks.clear();
    await this.pc.close().catch(() => {});
  }
}

/** A REMB (RTCP PSFB fmt 15) telling the sender of `mediaSsrc` to stay under `bitrate` bit/s. */
export function bitrateCapPacket(bitrate: number, senderSsrc: number, mediaSsrc: number): RtcpPayloadSpecificFeedback {
  // The bitrate travels as an 18-bit mantissa and a 6-bit exponent; werift does not encode it.
  let mantissa = Math.max(0, Math.floor(bitrate));
  let exp = 0;
  while (mantissa >= 1 << 18) {
    mantissa = Math.floor(mantissa / 2);
    exp++;
  }
  const remb = new ReceiverEstimatedMaxBitrate({
    senderSsrc,
    mediaSsrc: 0,
    ssrcNum: 1,
    brExp: exp,
    brMantissa: mantissa,
    bitrate: BigInt(mantissa) << BigInt(exp),
    ssrcFeedbacks: [mediaSsrc],
  });
  return new RtcpPayloadSpecificFeedback({ feedback: remb });
}
