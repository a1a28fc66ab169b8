import { describe, expect, it } from 'vitest';
import { readSendStats } from './sendStats';

const report = (bytes: number, ts: number) => [
  {
    type: 'outbound-rtp',
    id: 'o1',
    kind: 'video',
    bytesSent: bytes,
    timestamp: ts,
    framesPerSecond: 30,
    frameWidth: 720,
    frameHeight: 1280,
    qualityLimitationReason: 'bandwidth',
    targetBitrate: 600_000,
  },
  { type: 'outbound-rtp', id: 'a1', kind: 'audio', bytesSent: 999_999, timestamp: ts },
  { type: 'remote-inbound-rtp', id: 'r1', kind: 'video', fractionLost: 0.02, roundTripTime: 0.045 },
  { type: 'transport', id: 't1', selectedCandidatePairId: 'p1' },
  { type: 'candidate-pair', id: 'p1', currentRoundTripTime: 0.05, availableOutgoingBitrate: 650_000 },
];

describe('readSendStats', () => {
  it('reads bitrate from the video bytes between two reports, and the rest from the report', () => {
    const first = readSendStats(report(10_000, 1000), null)!;
    expect(first.stats.bitrate).toBe(0);
    const second = readSendStats(report(135_000, 3000), first.mark)!;
    expect(second.stats).toEqual({
      bitrate: 500_000,
      fps: 30,
      width: 720,
      height: 1280,
      loss: 0.02,
      rttMs: 45,
      limited: 'bandwidth',
      available: 650_000,
      encoderTarget: 600_000,
    });
  });

  it('falls back to the candidate pair for the round trip, and answers null without a video sender', () => {
    const r = report(1, 1).filter((s) => s.type !== 'remote-inbound-rtp');
    expect(readSendStats(r, null)!.stats).toMatchObject({ rttMs: 50, loss: null });
    expect(readSendStats([{ type: 'outbound-rtp', id: 'a', kind: 'audio' }], null)).toBeNull();
  });
});
