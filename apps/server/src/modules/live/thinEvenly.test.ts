import { describe, expect, it } from 'vitest';
import { thinEvenly } from './thinEvenly.js';

describe('thinEvenly', () => {
  it('keeps a short list whole', () => {
    expect(thinEvenly([1, 2, 3], 5, () => false)).toEqual([1, 2, 3]);
  });

  it('spreads what it keeps over the whole list, in order, keeping the must-keep items', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const kept = thinEvenly(items, 10, (x) => x === 99 || x === 98);
    expect(kept).toHaveLength(10);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept).toContain(99);
    expect(kept).toContain(98);
    // Evenly: the first and the last tenth both have lines kept.
    expect(kept.some((x) => x < 15)).toBe(true);
    expect(kept.some((x) => x > 80 && x < 98)).toBe(true);
  });
});
