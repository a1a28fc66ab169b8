/**
 * One viewer sender's RTP stream (an audio or a video "lane"): the per-viewer header fields (SSRC,
 * payload type, sequence number, timestamp, the viewer's mid and abs-send-time extensions) written
 * over the publisher's packet, SRTP-protected and sent by srtpOut.ts. It replaces werift's sendRtp
 * per packet (profiled: bench/media/README.md; docs/decisions/0160-forwarding-fast-path.md) and so
 * also does what werift's sender did with it: splices a new source into the running stream, keeps
 * a history for NACK retransmissions, and feeds the sender's RTCP sender reports.
 */
import type { RTCRtpCodecParameters, RTCRtpTransceiver, RtpPacket } from 'werift';
import { matchCodec } from './codecs.js';
import { SrtpOut, type DtlsLike } from './srtpOut.js';

const SDES_MID = 'urn:ietf:params:rtp-hdrext:sdes:mid';
const ABS_SEND_TIME = 'http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time';
/** Packets kept for retransmission: ~2.5 s of video at 800 kbit/s. */
const HISTORY = 512;
/** NTP seconds at the Unix epoch. */
const NTP_EPOCH = 2_208_988_800;
/** How often the (NTP, RTP) pair of the sender reports is refreshed. */
const SR_PAIR_MS = 100;

/** werift sender fields this lane keeps up to date for the RTCP sender reports werift sends. */
interface SenderStats {
  ssrc: number;
  mid?: string;
  headerExtensions: { uri: string; id: number }[];
  codec?: RTCRtpCodecParameters;
  dtlsTransport: DtlsLike | undefined;
  ntpTimestamp: bigint;
  rtpTimestamp: number;
  packetCount: number;
  octetCount: number;
  onGenericNack: { subscribe(fn: (nack: { lost: number[] }) => void): unknown };
  runRtcp(): Promise<void>;
}

/** Wall time as NTP's 64-bit fixed point (for the sender reports). */
function ntp64(ms: number): bigint {
  const secs = Math.floor(ms / 1000);
  const frac = Math.floor(((ms - secs * 1000) / 1000) * 0x1_0000_0000);
  return (BigInt(secs + NTP_EPOCH) << 32n) | BigInt(frac);
}

export class Lane {
  /** The next packet comes from a different source: shift seq/timestamp to continue ours. */
  rebase = true;
  lastSentAt = 0;
  private sourceCodec: RTCRtpCodecParameters | undefined;
  private targetCodec: RTCRtpCodecParameters | undefined;
  private readonly out: SrtpOut;
  private seqOffset = 0;
  private tsOffset = 0;
  private lastSeq = -1;
  private lastTs = 0;
  private roc = 0;
  private srPairAt = 0;
  private rtcpStarted = false;
  /** The header bytes after the fixed 12: the extension block (mid, abs-send-time), or none. */
  private ext: Buffer | undefined;
  /** Offset of abs-send-time's 3 bytes in `ext`, or -1. */
  private absAt = -1;
  private absSendTimeAt = -1;
  // History for NACK: parallel arrays indexed by sequence number % HISTORY (no object per packet).
  private readonly histSeq = new Int32Array(HISTORY).fill(-1);
  private readonly histTs = new Uint32Array(HISTORY);
  private readonly histRoc = new Uint32Array(HISTORY);
  private readonly histByte1 = new Uint8Array(HISTORY);
  private readonly histPayload: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(HISTORY);
  retransmitted = 0;

  constructor(
    readonly transceiver: RTCRtpTransceiver,
    private readonly clock: number,
  ) {
    const sender = this.stats;
    this.out = new SrtpOut(() => this.stats.dtlsTransport);
    sender.onGenericNack.subscribe((nack) => this.retransmit(nack.lost));
  }

  get sender() {
    return this.transceiver.sender;
  }

  private get stats(): SenderStats {
    return this.transceiver.sender as unknown as SenderStats;
  }

  /**
   * Sends the next packets as the viewer's payload type for the source's codec. False when the
   * viewer did not negotiate that codec.
   */
  useCodec(source: RTCRtpCodecParameters): boolean {
    if (source !== this.sourceCodec) {
      this.sourceCodec = source;
      this.targetCodec = matchCodec(this.transceiver.codecs, source);
    }
    if (!this.targetCodec) return false;
    // werift's stats and SDP read the sender's codec.
    if (this.sender.codec?.payloadType !== this.targetCodec.payloadType) this.sender.codec = this.targetCodec;
    return true;
  }

  /** Whether a packet sent now would reach the viewer (DTLS connected, SRTP keyed). */
  get ready(): boolean {
    return this.out.ready();
  }

  send(rtp: RtpPacket): void {
    const pt = this.sender.codec?.payloadType;
    if (pt === undefined || !this.out.ready()) return;
    const header = rtp.header;
    const now = performance.now();
    if (this.rebase) {
      this.rebase = false;
      if (this.lastSeq >= 0) {
        // Continue our numbering: the new source's packet follows our last one, its timestamp the elapsed wall time later.
        const elapsed = Math.max(1, Math.round(((now - this.lastSentAt) / 1000) * this.clock));
        this.seqOffset = (this.lastSeq + 1 - header.sequenceNumber) & 0xffff;
        this.tsOffset = (this.lastTs + elapsed - header.timestamp) >>> 0;
      }
    }
    this.lastSentAt = now;
    const seq = (header.sequenceNumber + this.seqOffset) & 0xffff;
    const ts = (header.timestamp + this.tsOffset) >>> 0;
    if (this.lastSeq >= 0 && seq < this.lastSeq && this.lastSeq - seq > 0x8000) this.roc = (this.roc + 1) >>> 0;
    this.lastSeq = seq;
    this.lastTs = ts;
    const byte1 = (header.marker ? 0x80 : 0) | pt;
    const payload = rtp.payload;
    const slot = seq % HISTORY;
    this.histSeq[slot] = seq;
    this.histTs[slot] = ts;
    this.histRoc[slot] = this.roc;
    this.histByte1[slot] = byte1;
    this.histPayload[slot] = payload;
    this.emit(byte1, seq, ts, this.roc, payload, now);
    const s = this.stats;
    s.packetCount = (s.packetCount + 1) >>> 0;
    s.octetCount += payload.length;
    if (now - this.srPairAt >= SR_PAIR_MS) {
      // A consistent (wall clock, RTP timestamp) pair for the sender reports, refreshed every SR_PAIR_MS.
      this.srPairAt = now;
      s.ntpTimestamp = ntp64(performance.timeOrigin + now);
      s.rtpTimestamp = ts;
    }
    if (!this.rtcpStarted) {
      this.rtcpStarted = true;
      void s.runRtcp();
    }
  }

  private emit(byte1: number, seq: number, ts: number, roc: number, payload: Uint8Array, now: number): void {
    const ext = this.extension(now);
    const header = Buffer.allocUnsafe(12 + (ext?.length ?? 0));
    header[0] = ext ? 0x90 : 0x80;
    header[1] = byte1;
    header.writeUInt16BE(seq, 2);
    header.writeUInt32BE(ts, 4);
    const ssrc = this.stats.ssrc;
    header.writeUInt32BE(ssrc, 8);
    if (ext) ext.copy(header, 12);
    this.out.send(header, payload, ssrc, seq, roc);
  }

  /** The viewer's negotiated extensions (RFC 8285 one-byte form): mid, and abs-send-time (refreshed each ms). */
  private extension(now: number): Buffer | undefined {
    if (this.ext === undefined) this.ext = this.buildExtension();
    if (this.ext.length === 0) return undefined;
    if (this.absAt >= 0 && Math.floor(now) !== this.absSendTimeAt) {
      this.absSendTimeAt = Math.floor(now);
      // 6.18 fixed-point seconds of NTP time, modulo 64 s.
      const ntpSecs = (performance.timeOrigin + now) / 1000 + NTP_EPOCH;
      const v = Math.floor(ntpSecs * 262_144) % 0x100_0000;
      this.ext[this.absAt] = v >>> 16;
      this.ext[this.absAt + 1] = (v >>> 8) & 0xff;
      this.ext[this.absAt + 2] = v & 0xff;
    }
    return this.ext;
  }

  private buildExtension(): Buffer {
    const { headerExtensions, mid } = this.stats;
    const elements: number[] = [];
    for (const e of headerExtensions) {
      if (e.uri === SDES_MID && mid) {
        const bytes = Buffer.from(mid);
        elements.push((e.id << 4) | (bytes.length - 1), ...bytes);
      } else if (e.uri === ABS_SEND_TIME) {
        elements.push((e.id << 4) | 2);
        this.absAt = 4 + elements.length;
        elements.push(0, 0, 0);
      }
    }
    if (elements.length === 0) return Buffer.alloc(0);
    while (elements.length % 4 !== 0) elements.push(0);
    const ext = Buffer.alloc(4 + elements.length);
    ext.writeUInt16BE(0xbede, 0);
    ext.writeUInt16BE(elements.length / 4, 2);
    Buffer.from(elements).copy(ext, 4);
    return ext;
  }

  /** NACK: the lost packets still in the history go out again, as they were (same seq, same SRTP index). */
  private retransmit(lost: number[]): void {
    if (!this.out.ready()) return;
    const now = performance.now();
    for (const seq of lost) {
      const slot = seq % HISTORY;
      const payload = this.histPayload[slot];
      if (this.histSeq[slot] !== seq || !payload) continue;
      this.retransmitted++;
      this.emit(this.histByte1[slot]!, seq, this.histTs[slot]!, this.histRoc[slot]!, payload, now);
    }
  }
}
