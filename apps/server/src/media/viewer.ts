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
  type RtpPacket,
} from 'werift';
import { newEtag, type IceSession } from './ice.js';
import { Lane } from './lane.js';
import type { MediaSink, Publisher } from './publisher.js';

const CLOCK = { audio: 48000, video: 90000 } as const;

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

  onVideo(rtp: RtpPacket, keyframeStart: boolean, codec: RTCRtpCodecParameters): void {
    const lane = this.video;
    if (!lane) return;
    if (!lane.useCodec(codec)) {
      this.unplayableCodec = codec.mimeType;
      return;
    }
    this.unplayableCodec = undefined;
    if (this.waitingKeyframe) {
      // Nothing is sent until the viewer's DTLS is up: a keyframe sent before then is lost, and
      // the viewer would stay black until the next one (Chrome sends none on its own).
      if (!keyframeStart || !lane.ready) return;
      this.waitingKeyframe = false;
      this.firstKeyframeMs ??= performance.now() - this.viewer.answeredAt;
    }
    lane.send(rtp);
  }

  onAudio(rtp: RtpPacket): void {
    this.audio?.send(rtp);
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
