/** The SFU's pure pieces: keyframe detection, PLI throttling, REMB encoding, slots, config, SDP checks. */
import { loadConfig } from '../src/config.js';
import {
  Event,
  MediaStreamTrack,
  ProtectionProfileAeadAes128Gcm,
  RtcpPacketConverter,
  RtcpPayloadSpecificFeedback,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type ReceiverEstimatedMaxBitrate,
  type RTCRtpTransceiver,
} from 'werift';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaError } from '../src/media/errors.js';
import { isVp8KeyframeStart } from '../src/media/keyframe.js';
import { assertOfferShape, hasNegotiatedMedia } from '../src/media/peer.js';
import { bitrateCapPacket, Publisher, type MediaSink } from '../src/media/publisher.js';
import { compareSeats } from '../src/media/sfu.js';
import { TrailingThrottle } from '../src/media/throttle.js';
import { Viewer } from '../src/media/viewer.js';
import { fakeSrtpSender } from './fakeSrtpSender.js';

describe('isVp8KeyframeStart', () => {
  // RFC 7741 descriptor byte 0: X|R|N|S|R|PID; VP8 payload header bit 0 (P) is 0 on key frames.
  it('finds a key frame start with and without the extended descriptor', () => {
    expect(isVp8KeyframeStart(Uint8Array.from([0x10, 0x00, 0x9d, 0x01, 0x2a]))).toBe(true);
    // X=1, I=1 with a 15-bit picture id (M=1): two id bytes, then the payload header.
    expect(isVp8KeyframeStart(Uint8Array.from([0x90, 0x80, 0x81, 0x23, 0x10]))).toBe(true);
    // X=1, I L T K all set, 7-bit picture id: 1 + 1 + 1 + 1 + 1 bytes of descriptor.
    expect(isVp8KeyframeStart(Uint8Array.from([0x90, 0xf0, 0x05, 0x07, 0x20, 0x00]))).toBe(true);
  });
  it('rejects delta frames, continuation packets, other partitions and truncated payloads', () => {
    expect(isVp8KeyframeStart(Uint8Array.from([0x10, 0x01]))).toBe(false); // P=1: inter frame
    expect(isVp8KeyframeStart(Uint8Array.from([0x00, 0x00]))).toBe(false); // S=0
    expect(isVp8KeyframeStart(Uint8Array.from([0x11, 0x00]))).toBe(false); // PID=1
    expect(isVp8KeyframeStart(Uint8Array.from([0x90, 0x80]))).toBe(false);
    expect(isVp8KeyframeStart(new Uint8Array(0))).toBe(false);
  });
});

describe('TrailingThrottle', () => {
  afterEach(() => vi.useRealTimers());
  it('fires at once, then at most once per interval, with one trailing call for requests inside it', () => {
    vi.useFakeTimers();
    let now = 0;
    const fire = vi.fn();
    const t = new TrailingThrottle(300, fire, () => now);
    t.request();
    expect(fire).toHaveBeenCalledTimes(1);
    now = 100;
    t.request();
    now = 200;
    t.request();
    expect(fire).toHaveBeenCalledTimes(1);
    now = 300;
    vi.advanceTimersByTime(200);
    expect(fire).toHaveBeenCalledTimes(2); // the trailing retry serves the viewers who asked inside the window
    now = 700;
    t.request();
    expect(fire).toHaveBeenCalledTimes(3);
    t.dispose();
  });
});

describe('bitrateCapPacket', () => {
  it('encodes the cap as REMB mantissa/exponent that werift and Chrome decode back', () => {
    for (const bps of [300_000, 1_000_000, 2_500_000]) {
      const buf = bitrateCapPacket(bps, 1111, 2222).serialize();
      const [packet] = RtcpPacketConverter.deSerialize(buf);
      expect(packet).toBeInstanceOf(RtcpPayloadSpecificFeedback);
      const remb = (packet as RtcpPayloadSpecificFeedback).feedback as ReceiverEstimatedMaxBitrate;
      expect(remb.ssrcFeedbacks).toEqual([2222]);
      expect(Number(remb.bitrate)).toBeLessThanOrEqual(bps);
      expect(Number(remb.bitrate)).toBeGreaterThan(bps * 0.999);
    }
  });
});

describe('viewer slots', () => {
  const vp8 = new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 97 });
  const packet = (seq: number, ts: number) => new RtpPacket(new RtpHeader({ sequenceNumber: seq, timestamp: ts, payloadType: 96 }), Buffer.alloc(100, 1));

  it('holds video until a keyframe start reaches a connected transport, then forwards everything', () => {
    const viewer = new Viewer('s', 'r', 'v', { close: async () => {} } as never);
    const video = fakeSrtpSender({ profile: ProtectionProfileAeadAes128Gcm, state: 'connecting', codecs: [vp8] });
    const slot = viewer.addSlot('anchor', undefined, video.transceiver);
    slot.onVideo(packet(1, 0), true, vp8); // keyframe, but DTLS not up: it would be lost
    expect(video.received).toHaveLength(0);
    video.sender.dtlsTransport.state = 'connected';
    slot.onVideo(packet(2, 0), false, vp8);
    expect(video.received).toHaveLength(0);
    slot.onVideo(packet(3, 3000), true, vp8);
    slot.onVideo(packet(4, 3000), false, vp8);
    expect(video.received.map((p) => p.header.sequenceNumber)).toEqual([3, 4]);
    expect(slot.waitingKeyframe).toBe(false);
    expect(slot.firstKeyframeMs).toBeGreaterThanOrEqual(0);
  });

  it('asks the new publisher for a keyframe when rebound, and splices its RTP into the running stream', () => {
    const viewer = new Viewer('s', 'r', 'v', { close: async () => {} } as never);
    viewer.connected = true;
    const video = fakeSrtpSender({ profile: ProtectionProfileAeadAes128Gcm, codecs: [vp8] });
    const slot = viewer.addSlot('seat-1', undefined, video.transceiver);
    const pub = (): Publisher => ({ addSink: vi.fn(), removeSink: vi.fn(), requestKeyframe: vi.fn() }) as unknown as Publisher;
    const first = pub();
    slot.bind(first);
    expect(first.requestKeyframe).toHaveBeenCalledTimes(1);
    slot.onVideo(packet(100, 9000), true, vp8);
    const second = pub();
    slot.bind(second);
    expect(first.removeSink).toHaveBeenCalledWith(slot);
    expect(second.requestKeyframe).toHaveBeenCalledTimes(1);
    slot.onVideo(packet(5000, 123456), false, vp8); // held: not a keyframe
    slot.onVideo(packet(5001, 123456), true, vp8);
    // The new source's first packet continues the viewer's sequence numbers and timestamps.
    const [a, b] = video.received as [RtpPacket, RtpPacket];
    expect(b.header.sequenceNumber).toBe(a.header.sequenceNumber + 1);
    expect(b.header.timestamp).toBeGreaterThan(a.header.timestamp);
    expect(b.header.ssrc).toBe(a.header.ssrc);
  });
});

describe('publisher fan-out', () => {
  it('gives every sink the packet when one throws, and counts the failure', () => {
    const vp8 = new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 });
    const track = new MediaStreamTrack({ kind: 'video' });
    const transceiver = { kind: 'video', mLineIndex: 0, receiver: { track, onRtcp: new Event() }, codecs: [vp8] } as unknown as RTCRtpTransceiver;
    const pub = new Publisher('s', 'r', 'anchor', 'u', { close: async () => {} } as never, 1_000_000);
    pub.listen([transceiver]);
    const got: number[] = [];
    const failing: MediaSink = {
      onVideo: () => {
        throw new Error('socket closed');
      },
      onAudio: () => {},
    };
    pub.addSink(failing);
    pub.addSink({ onVideo: (rtp) => got.push(rtp.header.sequenceNumber), onAudio: () => {} });
    track.onReceiveRtp.execute(new RtpPacket(new RtpHeader({ sequenceNumber: 7, payloadType: 96 }), Buffer.from([0x10, 0x00, 0x9d])));
    expect(got).toEqual([7]);
    expect(pub.sinkErrors).toBe(1);
  });
});

describe('the media settings', () => {
  it('has working defaults for loopback', () => {
    const c = loadConfig({}).media;
    expect(c.interfaceAddress).toBe('127.0.0.1');
    expect(c.announcedAddress).toBe('127.0.0.1');
    expect(c.portRange).toBeUndefined();
    expect(c.maxViewers).toBeGreaterThan(0);
  });
  it('reads a deployment: bind all, announce the public IP, a port range', () => {
    const c = loadConfig({ MEDIA_INTERFACE: '0.0.0.0', MEDIA_ANNOUNCED_IP: '203.0.113.7', MEDIA_PORT_MIN: '40000', MEDIA_PORT_MAX: '40100' }).media;
    expect(c).toMatchObject({ interfaceAddress: '0.0.0.0', announcedAddress: '203.0.113.7', portRange: [40000, 40100] });
  });
  it('fails loudly on a half or inverted port range and on junk numbers', () => {
    expect(() => loadConfig({ MEDIA_PORT_MIN: '40000' }).media).toThrow(/MEDIA_PORT/);
    expect(() => loadConfig({ MEDIA_PORT_MIN: '5', MEDIA_PORT_MAX: '5' }).media).toThrow(/MEDIA_PORT/);
    expect(() => loadConfig({ MEDIA_MAX_VIEWERS: 'lots' }).media).toThrow(/MEDIA_MAX_VIEWERS/);
  });
});

describe('SDP checks and seat order', () => {
  it('refuses non-offers as bad_sdp (400)', () => {
    for (const sdp of ['', 'hello', 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n']) {
      try {
        assertOfferShape(sdp);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(MediaError);
        expect((err as MediaError).status).toBe(400);
      }
    }
  });
  it('tells an answer with media from one that rejected every section', () => {
    expect(hasNegotiatedMedia('v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n')).toBe(true);
    expect(hasNegotiatedMedia('v=0\r\nm=video 0 UDP/TLS/RTP/SAVPF 0\r\nm=audio 0 UDP/TLS/RTP/SAVPF 0\r\n')).toBe(false);
  });
  it('puts the anchor first and seats in natural order', () => {
    expect(['seat-10', 'seat-2', 'anchor', 'seat-1'].sort(compareSeats)).toEqual(['anchor', 'seat-1', 'seat-2', 'seat-10']);
  });
});
