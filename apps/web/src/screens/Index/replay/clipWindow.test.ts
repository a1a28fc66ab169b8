import { describe, expect, it } from 'vitest';
import { dragged, endingAt, stripAround } from './clipWindow';

describe("the replay clip's window", () => {
  it('shows a strip of two minutes, most of it before the playhead, inside the replay', () => {
    expect(stripAround(600, 3600)).toEqual({ start: 510, end: 630 });
    expect(stripAround(20, 3600)).toEqual({ start: 0, end: 120 });
    expect(stripAround(3590, 3600)).toEqual({ start: 3480, end: 3600 });
    expect(stripAround(10, 40)).toEqual({ start: 0, end: 40 });
  });

  it('first offers the seconds ending at the playhead, moved later when the replay began too recently', () => {
    expect(endingAt(600, 30, { start: 510, end: 630 })).toEqual({ start: 570, end: 600 });
    expect(endingAt(8, 30, { start: 0, end: 120 })).toEqual({ start: 0, end: 30 });
    expect(endingAt(30, 60, { start: 0, end: 40 })).toEqual({ start: 0, end: 40 });
  });

  it('keeps a dragged window 5–60 s long by moving its other end', () => {
    const strip = { start: 0, end: 120 };
    expect(dragged({ start: 40, end: 70 }, { start: 5, end: 70 }, strip)).toEqual({ start: 5, end: 65 });
    expect(dragged({ start: 40, end: 70 }, { start: 40, end: 110 }, strip)).toEqual({ start: 50, end: 110 });
    expect(dragged({ start: 40, end: 70 }, { start: 68, end: 70 }, strip)).toEqual({ start: 65, end: 70 });
    expect(dragged({ start: 40, end: 70 }, { start: 40, end: 42 }, strip)).toEqual({ start: 40, end: 45 });
    expect(dragged({ start: 40, end: 70 }, { start: 45, end: 70 }, strip)).toEqual({ start: 45, end: 70 });
  });
});
