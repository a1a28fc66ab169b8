/**
 * One WHEP viewer: a single peer connection with one "slot" (an audio + a video sender) per seat it
 * watches. A slot is bound to a seat id, not to a publisher, so when the anchor reconnects (a new
 * WHIP session for the same seat) the viewer's picture resumes without renegotiation.
 */
import {
  PictureLossIndication,
  RtcpPayloadSpecificFeedback,
  type RTCPeerConnection,
  type RTCRtpCodecParameters,
  type RTCRtpTransceiver,
  type RtpHeader,
} from 'werift';
import { matchCodec } from './codecs.js';
import { newEtag, type IceSession } from './ice.js';
import type { MediaSink, Publisher } from './publisher.js';

const CLOCK = { audio: 48000, video: 90000 } as const;

/** A sender plus what it needs to splice a new source into the viewer's running RTP stream. */
class Lane {
  /** The next packet comes from a different source: shift seq/timestamp to continue ours. */
  rebase = true;
  lastSentAt = 0;
  private sourceCodec: RTCRtpCodecParameters | undefined;
  private targetCodec: RTCRtpCodecParameters | undefined;
  constructor(
    readonly transceiver: RTCRtpTransceiver,
    private readonly clock: number,
  ) {}

  get sender() {
    return this.transceiver.sender;
  }

  /**
   * Sends the next packets as the viewer's payload type for the source's codec (werift's sender
   * stamps `sender.codec` on each). False when the viewer did not negotiate that codec.
   */
  useCodec(source: RTCRtpCodecParameters): boolean {
    if (source !== this.sourceCodec) {
      this.sourceCodec = source;
      this.targetCodec = matchCodec(this.transceiver.codecs, source);
    }
    if (!this.targetCodec) return false;
    if (this.sender.codec?.payloadType !== this.targetCodec.payloadType) this.sender.codec = this.targetCodec;
    return true;
  }

  send(buf: Buffer, header: RtpHeader): void {
    const now = performance.now();
    if (this.rebase) {
      this.rebase = false;
      // werift's replaceRTP(…, true) adds its timestamp gap with a 16-bit add, which corrupts the
      // 32-bit offset; so ask for no "discontinuity" and instead pretend the previous packet of the
      // new source was one sequence number and the elapsed wall time earlier.
      const elapsed = this.lastSentAt ? Math.max(1, Math.round(((now - this.lastSentAt) / 1000) * this.clock)) : 1;
      this.sender.replaceRTP({ sequenceNumber: (header.sequenceNumber - 1) & 0xffff, timestamp: (header.timestamp - elapsed) >>> 0 }, false);
    }
    this.lastSentAt = now;
    // A Buffer, not the packet: sendRtp deserializes its own copy and mutates that.
    void this.sender.sendRtp(buf);
  }
}

export class Slot implements MediaSink {
  source: Publisher | undefined;
  /** Video is held until a keyframe start reaches a connected transport. */
  waitingKeyframe = true;
  /** performance.now() of the last keyframe request made for this slot. */
  lastKeyRequestAt = 0;
  /** ms from the viewer's answer to the first keyframe sent in this slot (undefined until then). */
  firstKeyframeMs: number | undefined;
  /** The source's video codec, when this viewer did not offer it (the slot stays black). */
  unplayableCodec: string | undefined;
  private readonly audio: Lane | undefined;
  private readonly video: Lane | undefined;

  constructor(
    readonly viewer: Viewer,
    readonly seatId: string,
    audio: RTCRtpTransceiver | undefined,
    video: RTCRtpTransceiver | undefined,
  ) {
    this.audio = audio && new Lane(audio, CLOCK.audio);
    this.video = video && new Lane(video, CLOCK.video);
  }

  get videoSsrc(): number | undefined {
    return this.video?.sender.ssrc;
  }

  /** Connects this slot to a (new) publisher of its seat, or to none. */
  bind(source: Publisher | undefined): void {
    if (this.source === source) return;
    this.source?.removeSink(this);
    this.source = source;
    this.waitingKeyframe = true;
    if (this.audio) this.audio.rebase = true;
    if (this.video) this.video.rebase = true;
    if (source) {
      source.addSink(this);
      if (this.viewer.connected) this.requestKeyframe();
    }
  }

  requestKeyframe(): void {
    if (!this.source || !this.video) return;
    this.lastKeyRequestAt = performance.now();
    this.source.requestKeyframe();
  }

  onVideo(buf: Buffer, header: RtpHeader, keyframeStart: boolean, codec: RTCRtpCodecParameters): void {
    const lane = this.video;
    if (!lane) return;
    if (!lane.useCodec(codec)) {
      this.unplayableCodec = codec.mimeType;
      return;
    }
    this.unplayableCodec = undefined;
    if (this.waitingKeyframe) {
      // werift drops packets until the sender's DTLS is up: a keyframe sent before then is lost,
      // and the viewer would stay black until the next one (Chrome sends none on its own).
      if (!keyframeStart || lane.sender.dtlsTransport.state !== 'connected') return;
      this.waitingKeyframe = false;
      this.firstKeyframeMs ??= performance.now() - this.viewer.answeredAt;
    }
    lane.send(buf, header);
  }

  onAudio(buf: Buffer, header: RtpHeader): void {
    this.audio?.send(buf, header);
  }
}

export class Viewer implements IceSession {
  readonly kind = 'viewer' as const;
  /** The offer in force and its entity tag (ice.ts: PATCH trickle and restarts). */
  offerSdp = '';
  etag = newEtag();
  connected = false;
  closed = false;
  readonly createdAt = performance.now();
  answeredAt = performance.now();
  readonly slots: Slot[] = [];

  constructor(
    readonly sessionId: string,
    readonly roomId: string,
    readonly viewerId: string,
    readonly pc: RTCPeerConnection,
  ) {}

  addSlot(seatId: string, audio: RTCRtpTransceiver | undefined, video: RTCRtpTransceiver | undefined): Slot {
    const slot = new Slot(this, seatId, audio, video);
    this.slots.push(slot);
    return slot;
  }

  /**
   * Viewer RTCP arrives on the bundled transport: PLI names our sender's SSRC; FIR (fmt 4) names it
   * only inside its entries, so werift's router does not deliver FIR to the sender (nor exports the
   * class); read both here.
   */
  listenForKeyframeRequests(): void {
    const transports = new Set(this.pc.getTransceivers().map((t) => t.dtlsTransport));
    for (const transport of transports) {
      transport.onRtcp.subscribe((packet) => {
        if (!(packet instanceof RtcpPayloadSpecificFeedback)) return;
        const fb = packet.feedback;
        if (fb instanceof PictureLossIndication) this.slotBySsrc(fb.mediaSsrc)?.requestKeyframe();
        else if ('fir' in fb) for (const e of fb.fir) this.slotBySsrc(e.ssrc)?.requestKeyframe();
      });
    }
  }

  private slotBySsrc(ssrc: number): Slot | undefined {
    return this.slots.find((s) => s.videoSsrc === ssrc);
  }

  get seatIds(): string[] {
    return this.slots.map((s) => s.seatId);
  }

  /** Called when the peer connection is up: every bound slot asks its publisher for a keyframe. */
  onConnected(): void {
    this.connected = true;
    for (const slot of this.slots) slot.requestKeyframe();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const slot of this.slots) slot.bind(undefined);
    await this.pc.close().catch(() => {});
  }
}
