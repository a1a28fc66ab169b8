/** The SFU's codec rules: which offered codecs it forwards, how a viewer's codec is matched, H.264 keyframe starts. */
import { RTCRtpCodecParameters, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import { describe, expect, it } from 'vitest';
import { h264Profile, isForwardable, matchCodec } from '../src/media/codecs.js';
import { H264Start, h264StartOf } from '../src/media/keyframe.js';
import { Publisher } from '../src/media/publisher.js';

const h264 = (payloadType: number, parameters: string) => new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, payloadType, parameters });

describe('isForwardable', () => {
  it('takes H.264 packetization-mode 1 in Baseline, Constrained Baseline, Main and High, VP8 and Opus', () => {
    for (const p of ['42e01f', '42001f', '4d001f', '640c1f']) {
      expect(isForwardable(h264(102, `level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=${p}`)), p).toBe(true);
    }
    expect(isForwardable(new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000 }))).toBe(true);
    expect(isForwardable(new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 }))).toBe(true);
  });

  it('refuses packetization-mode 0, High 4:4:4, VP9 and G.722', () => {
    expect(isForwardable(h264(100, 'packetization-mode=0;profile-level-id=42e01f'))).toBe(false);
    expect(isForwardable(h264(100, 'profile-level-id=42e01f'))).toBe(false); // mode 0 is the default
    expect(isForwardable(h264(100, 'packetization-mode=1;profile-level-id=f4001f'))).toBe(false);
    expect(isForwardable(new RTCRtpCodecParameters({ mimeType: 'video/VP9', clockRate: 90000 }))).toBe(false);
    expect(isForwardable(new RTCRtpCodecParameters({ mimeType: 'audio/G722', clockRate: 8000 }))).toBe(false);
  });
});

describe('matchCodec', () => {
  it("picks the viewer's payload type for the publisher's codec, the same H.264 profile when offered", () => {
    const viewer = [
      new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 }),
      h264(102, 'packetization-mode=1;profile-level-id=42001f'),
      h264(108, 'packetization-mode=1;profile-level-id=42e01f'),
      h264(112, 'packetization-mode=1;profile-level-id=4d001f'),
    ];
    expect(matchCodec(viewer, h264(125, 'packetization-mode=1;profile-level-id=4d0032'))?.payloadType).toBe(112);
    expect(matchCodec(viewer, h264(125, 'packetization-mode=1;profile-level-id=640c1f'))?.payloadType).toBe(102);
    expect(matchCodec(viewer, new RTCRtpCodecParameters({ mimeType: 'video/vp8', clockRate: 90000, payloadType: 120 }))?.payloadType).toBe(96);
    expect(matchCodec(viewer.slice(1), new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 }))).toBeUndefined();
    expect(h264Profile(h264(1, 'packetization-mode=1'))).toBe(0x42);
  });
});

describe('h264StartOf', () => {
  // NAL header: F|NRI|type. 0x67 = SPS, 0x68 = PPS, 0x65 = IDR slice, 0x41 = non-IDR slice.
  it('finds an SPS alone, first in a STAP-A, or after a PPS in one', () => {
    expect(h264StartOf(Uint8Array.from([0x67, 0x42, 0xc0, 0x1f]))).toBe(H264Start.SPS);
    // STAP-A (24): size 3 SPS, size 2 PPS
    expect(h264StartOf(Uint8Array.from([0x78, 0x00, 0x03, 0x67, 0x42, 0xc0, 0x00, 0x02, 0x68, 0xce]))).toBe(H264Start.SPS);
    expect(h264StartOf(Uint8Array.from([0x78, 0x00, 0x02, 0x68, 0xce, 0x00, 0x03, 0x67, 0x42, 0xc0]))).toBe(H264Start.SPS);
  });

  it('finds an IDR alone, in a STAP-A, or at the start of an FU-A; not its middle, nor other slices', () => {
    expect(h264StartOf(Uint8Array.from([0x65, 0x88, 0x84]))).toBe(H264Start.IDR);
    expect(h264StartOf(Uint8Array.from([0x78, 0x00, 0x02, 0x68, 0xce, 0x00, 0x02, 0x65, 0x88]))).toBe(H264Start.IDR);
    // FU-A (28): FU header S|E|R|type
    expect(h264StartOf(Uint8Array.from([0x7c, 0x85, 0x88]))).toBe(H264Start.IDR);
    expect(h264StartOf(Uint8Array.from([0x7c, 0x05, 0x88]))).toBe(H264Start.NONE);
    expect(h264StartOf(Uint8Array.from([0x7c, 0x81, 0x9a]))).toBe(H264Start.NONE);
    expect(h264StartOf(Uint8Array.from([0x41, 0x9a]))).toBe(H264Start.NONE);
    expect(h264StartOf(Uint8Array.from([0x78, 0x00, 0x09]))).toBe(H264Start.NONE); // truncated STAP-A
    expect(h264StartOf(new Uint8Array(0))).toBe(H264Start.NONE);
  });
});

describe('an H.264 publisher', () => {
  /** A publisher fed packets by hand through a stand-in video transceiver. */
  function feedable() {
    let feed: (rtp: RtpPacket) => void = () => {};
    const transceiver = {
      kind: 'video',
      mLineIndex: 0,
      codecs: [h264(102, 'packetization-mode=1;profile-level-id=42e01f')],
      receiver: { track: { onReceiveRtp: { subscribe: (fn: (rtp: RtpPacket) => void) => (feed = fn) } }, onRtcp: { subscribe: () => {} } },
    } as unknown as RTCRtpTransceiver;
    const pub = new Publisher('s', 'r', 'anchor', undefined, {} as never, 1_000_000);
    pub.listen([transceiver]);
    let seq = 0;
    const send = (timestamp: number, payload: number[]) =>
      feed(new RtpPacket(new RtpHeader({ payloadType: 102, sequenceNumber: seq++, timestamp }), Buffer.from(payload)));
    return { pub, send };
  }
  const SPS = [0x67, 0x42, 0xc0, 0x1f];
  const PPS = [0x68, 0xce, 0x3c];
  const IDR_START = [0x7c, 0x85, 0x88];
  const IDR_MIDDLE = [0x7c, 0x05, 0x88];
  const SLICE = [0x41, 0x9a];

  it('counts one start per keyframe: at its SPS, not again at the IDR that follows in the same picture', () => {
    const { pub, send } = feedable();
    send(3000, SPS);
    send(3000, PPS);
    send(3000, IDR_START);
    send(3000, IDR_MIDDLE);
    send(6000, SLICE);
    expect(pub.keyframesIn).toBe(1);
    expect(pub.videoCodec?.mimeType).toBe('video/H264');
    send(9000, SPS);
    send(9000, IDR_START);
    expect(pub.keyframesIn).toBe(2);
  });

  it('starts at the IDR of a picture without SPS (an encoder that sent its parameter sets once)', () => {
    const { pub, send } = feedable();
    send(3000, SPS);
    send(3000, IDR_START);
    send(6000, SLICE);
    send(9000, IDR_START);
    expect(pub.keyframesIn).toBe(2);
  });
});
