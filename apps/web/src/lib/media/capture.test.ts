import { describe, expect, it } from 'vitest';
import { rms } from './audioLevel';
import { captureFailure, videoConstraints } from './capture';

describe('capture', () => {
  it('builds the camera constraints from the §3 settings: facing and orientation', () => {
    expect(videoConstraints({ frontCamera: true, vertical: true })).toMatchObject({
      facingMode: 'user',
      width: { ideal: 360 },
      height: { ideal: 640 },
    });
    expect(videoConstraints({ frontCamera: false, vertical: false })).toMatchObject({
      facingMode: 'environment',
      width: { ideal: 640 },
      height: { ideal: 360 },
    });
  });

  it('names why getUserMedia failed', () => {
    const err = (name: string) => Object.assign(new Error(name), { name });
    expect(captureFailure(err('NotAllowedError'))).toBe('denied');
    expect(captureFailure(err('NotFoundError'))).toBe('no-device');
    expect(captureFailure(err('NotReadableError'))).toBe('busy');
    expect(captureFailure('x')).toBe('unknown');
  });

  it('measures loudness as RMS', () => {
    expect(rms([])).toBe(0);
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
  });
});
