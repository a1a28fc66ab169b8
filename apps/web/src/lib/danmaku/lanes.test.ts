import { describe, expect, it } from 'vitest';
import { faceBand } from './layout';
import { clearOf, headAt, LANE_GAP, LaneBoard, usableLanes, type Flight } from './lanes';

const STAGE = 375;
const CROSS = 8000;

/** [left, right] of a flight on screen at `now` (x from the stage's left edge). */
const span = (f: Flight, now: number): [number, number] => {
  const left = STAGE - headAt(f, now);
  return [left, left + f.width];
};

describe('lanes', () => {
  it('lets a line into a lane only when the last one has entered and cannot be caught', () => {
    const slow: Flight = { lane: 0, start: 0, width: 40, speed: (STAGE + 40) / CROSS };
    const fast = (STAGE + 300) / CROSS;
    // Not yet wholly entered.
    expect(clearOf(slow, slow.speed, 100, STAGE)).toBe(false);
    const entered = ((40 + LANE_GAP) / slow.speed) | 0;
    expect(clearOf(slow, slow.speed, entered + 1, STAGE)).toBe(true);
    // A much longer (faster) line would catch the short one before it leaves.
    expect(clearOf(slow, fast, entered + 1, STAGE)).toBe(false);
    expect(clearOf(slow, fast, CROSS * 0.9, STAGE)).toBe(true);
  });

  it('never lets two lines of a lane touch, whatever their widths and timing (simulated storm at 50 lines/s)', () => {
    const board = new LaneBoard(STAGE, usableLanes(300, 30, 12, null), CROSS);
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const flights: Flight[] = [];
    let dropped = 0;
    for (let i = 0; i < 1500; i++) {
      const f = board.place(30 + Math.floor(rand() * 320), i * 20);
      if (f) flights.push(f);
      else dropped++;
    }
    expect(flights.length).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(0);
    // Each line against the one before it in its lane (neighbours apart means all apart), at every 10 ms both are on screen.
    const worst: number[] = [];
    const byLane = new Map<number, Flight[]>();
    for (const f of flights) byLane.set(f.lane, [...(byLane.get(f.lane) ?? []), f]);
    for (const list of byLane.values())
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        const aGone = a.start + (STAGE + a.width) / a.speed;
        let min = Infinity;
        for (let now = b.start; now <= aGone; now += 10) min = Math.min(min, span(b, now)[0] - span(a, now)[1]);
        worst.push(min);
      }
    expect(worst.length).toBeGreaterThan(90);
    expect(Math.min(...worst)).toBeGreaterThanOrEqual(LANE_GAP - 0.001);
  });

  it('fills the top lanes first, up to the density, and skips those over the face', () => {
    expect(usableLanes(300, 30, 6, null)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(usableLanes(300, 30, 20, null)).toHaveLength(10);
    expect(usableLanes(300, 30, 20, [45, 130])).toEqual([0, 5, 6, 7, 8, 9]);
    const board = new LaneBoard(STAGE, [0, 2], CROSS);
    expect([board.place(50, 0)?.lane, board.place(50, 0)?.lane, board.place(50, 0)]).toEqual([0, 2, null]);
  });

  it('keeps the face band of a portrait camera only', () => {
    expect(faceBand({ portraitCamera: true }, 812)).toEqual([146, 357]);
    expect(faceBand({ portraitCamera: false }, 812)).toBeNull();
  });
});
