/**
 * The forwarding fast path (lane.ts, srtpOut.ts): what a viewer decrypts is the publisher's packet
 * under the viewer's SSRC, payload type and numbering, with both SRTP profiles, across a sequence
 * wrap and a change of source; NACKed packets go out again; the sender reports get their figures.
 */
import { ProtectionProfileAeadAes128Gcm, ProtectionProfileAes128CmHmacSha1_80, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import { describe, expect, it } from 'vitest';
import { Lane } from '../src/media/lane.js';
import { fakeSrtpSender } from './fakeSrtpSender.js';

/** VP8 as the viewer negotiated it (payload type 97; the publisher's packets carry 96). */
const vp8 = new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 97 });
const packet = (seq: number, ts: number, marker = false, byte = seq & 0xff) =>
  new RtpPacket(new RtpHeader({ sequenceNumber: seq, timestamp: ts, payloadType: 96, ssrc: 777, marker }), Buffer.alloc(900, byte));

describe.each([
  ['AEAD_AES_128_GCM', ProtectionProfileAeadAes128Gcm],
  ['AES_CM_128_HMAC_SHA1_80', ProtectionProfileAes128CmHmacSha1_80],
])('a lane with SRTP %s', (_name, profile) => {
  it("sends the publisher's packets as the viewer's stream, which the viewer decrypts", () => {
    const { sender, transceiver, received } = fakeSrtpSender({ profile, codecs: [vp8] });
    const lane = new Lane(transceiver, 90000);
    expect(lane.useCodec(vp8)).toBe(true);
    lane.send(packet(100, 5000, false));
    lane.send(packet(101, 5000, true));
    expect(received).toHaveLength(2);
    const [a, b] = received as [RtpPacket, RtpPacket];
    expect(a.header.ssrc).toBe(sender.ssrc);
    expect(a.header.payloadType).toBe(vp8.payloadType);
    expect([a.header.sequenceNumber, b.header.sequenceNumber]).toEqual([100, 101]);
    expect([a.header.marker, b.header.marker]).toEqual([false, true]);
    expect(b.payload.equals(Buffer.alloc(900, 101))).toBe(true);
    // The viewer's negotiated extensions: its mid, and abs-send-time for its bandwidth estimate.
    expect(a.header.extensions.find((e) => e.id === 1)?.payload.toString()).toBe('1');
    expect(a.header.extensions.find((e) => e.id === 3)?.payload.length).toBe(3);
    // RTCP sender reports: werift's loop started once, fed with counts and an (NTP, RTP) pair.
    expect(sender.rtcpRuns).toBe(1);
    expect(sender.packetCount).toBe(2);
    expect(sender.octetCount).toBe(1800);
    expect(sender.rtpTimestamp).toBe(5000);
    expect(sender.ntpTimestamp > 0n).toBe(true);
  });

  it('keeps decrypting across a sequence-number wrap (the rollover counter)', () => {
    const { transceiver, received } = fakeSrtpSender({ profile, codecs: [vp8] });
    const lane = new Lane(transceiver, 90000);
    lane.useCodec(vp8);
    for (const seq of [65534, 65535, 0, 1, 2]) lane.send(packet(seq, 9000));
    expect(received.map((p) => p.header.sequenceNumber)).toEqual([65534, 65535, 0, 1, 2]);
  });

  it('splices a new source into the running numbering', () => {
    const { transceiver, received } = fakeSrtpSender({ profile, codecs: [vp8] });
    const lane = new Lane(transceiver, 90000);
    lane.useCodec(vp8);
    lane.send(packet(100, 9000));
    lane.send(packet(101, 9000));
    lane.rebase = true; // the slot was bound to a new publisher
    lane.send(packet(5000, 123456));
    lane.send(packet(5001, 126456));
    const seqs = received.map((p) => p.header.sequenceNumber);
    const tss = received.map((p) => p.header.timestamp);
    expect(seqs).toEqual([100, 101, 102, 103]);
    expect(tss[2]).toBeGreaterThan(9000);
    expect(tss[3]! - tss[2]!).toBe(3000);
  });

  it('retransmits NACKed packets from its history, and nothing it no longer has', () => {
    const { sender, transceiver, received } = fakeSrtpSender({ profile, codecs: [vp8] });
    const lane = new Lane(transceiver, 90000);
    lane.useCodec(vp8);
    for (let seq = 10; seq < 20; seq++) lane.send(packet(seq, seq * 100));
    received.length = 0;
    sender.onGenericNack.execute({ lost: [12, 15, 9999] });
    expect(received.map((p) => p.header.sequenceNumber)).toEqual([12, 15]);
    expect(received[0]!.payload.equals(Buffer.alloc(900, 12))).toBe(true);
    expect(received[1]!.header.timestamp).toBe(1500);
    expect(lane.retransmitted).toBe(2);
  });
});

describe('a lane before DTLS is up', () => {
  it('sends nothing and is not ready', () => {
    const { transceiver, received } = fakeSrtpSender({ profile: ProtectionProfileAeadAes128Gcm, state: 'connecting', codecs: [vp8] });
    const lane = new Lane(transceiver, 90000);
    lane.useCodec(vp8);
    expect(lane.ready).toBe(false);
    lane.send(packet(1, 0));
    expect(received).toHaveLength(0);
  });
});
