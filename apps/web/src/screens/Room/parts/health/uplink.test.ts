import { describe, expect, it } from 'vitest';
import type { SendStats } from '../../../../lib/media/sendStats';
import { formatBitrate } from '../../../../lib/media/sendStats';
import { fallsShort, signalOf } from './uplink';

const s = (over: Partial<SendStats>): SendStats => ({
  bitrate: 900_000,
  fps: 30,
  width: 720,
  height: 1280,
  loss: 0,
  rttMs: 40,
  limited: 'none',
  available: 2_000_000,
  encoderTarget: 1_000_000,
  ...over,
});

describe('uplink', () => {
  it('falls short only when the encoder sends well under the target and the browser says the uplink is why', () => {
    expect(fallsShort(s({}), 1_000_000)).toBe(false);
    expect(fallsShort(s({ bitrate: 300_000 }), 1_000_000)).toBe(false); // a still picture
    expect(fallsShort(s({ bitrate: 300_000, limited: 'bandwidth' }), 1_000_000)).toBe(true);
    expect(fallsShort(s({ bitrate: 300_000, available: 350_000 }), 1_000_000)).toBe(true);
    expect(fallsShort(s({ bitrate: 110_000, encoderTarget: 120_000 }), 1_000_000)).toBe(true);
    expect(fallsShort(s({ bitrate: 0, limited: 'bandwidth' }), 1_000_000)).toBe(false);
  });
  it('grades the signal and writes bitrates', () => {
    expect([signalOf(s({}), 1e6), signalOf(s({ bitrate: 500_000, limited: 'bandwidth' }), 1e6), signalOf(s({ loss: 0.1 }), 1e6)]).toEqual([3, 2, 1]);
    expect([formatBitrate(1_234_567), formatBitrate(420_400)]).toEqual(['1.23 Mbps', '420 kbps']);
  });
});
