import { describe, expect, it } from 'vitest';
import { fromOffset, lastSeconds, mergeLive } from './clipWindow.js';

const seg = (n: number, disc = false) => ({ key: `s${n}.ts`, d: 1, ...(disc ? { disc } : {}) });
const run = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => seg(from + i));

describe('the segments a clip takes', () => {
  it('takes the last seconds of a live, back to a restart at most', () => {
    expect(lastSeconds(run(0, 40), 30).segments.map((s) => s.key)).toEqual(run(10, 40).map((s) => s.key));
    expect(lastSeconds(run(0, 40), 30).startS).toBe(10);
    const restarted = [...run(0, 20), seg(20, true), ...run(21, 30)];
    expect(lastSeconds(restarted, 30).segments.map((s) => s.key)).toEqual(restarted.slice(20).map((s) => s.key));
    expect(lastSeconds([], 30).segments).toEqual([]);
  });

  it('takes a replay from the segment holding the offset', () => {
    const w = fromOffset(run(0, 40), 12.5, 10);
    expect([w.startS, w.segments[0]?.key, w.segments.length]).toEqual([12, 's12.ts', 10]);
    expect(fromOffset(run(0, 10), 50, 10).segments).toEqual([]);
  });

  it('adds the live playlist segments the recording does not hold yet', () => {
    expect(mergeLive(run(0, 5), run(3, 8)).map((s) => s.key)).toEqual(run(0, 8).map((s) => s.key));
  });
});
