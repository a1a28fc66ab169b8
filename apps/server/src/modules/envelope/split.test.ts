import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitShares } from './split.js';

describe('splitShares (double average)', () => {
  it('gives every share at least one coin and sums exactly, for any amount and count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 100_000 }), (shares, extra) => {
        const coins = shares + extra;
        const out = splitShares(coins, shares);
        expect(out).toHaveLength(shares);
        expect(out.every((c) => Number.isInteger(c) && c >= 1)).toBe(true);
        expect(out.reduce((a, b) => a + b, 0)).toBe(coins);
      }),
    );
  });

  it('keeps each share under twice the average of what was left when it was drawn', () => {
    // With the largest draw every time, the first share is twice the average and the rest shrink.
    const out = splitShares(100, 4, (_min, max) => max);
    expect([...out].sort((a, b) => b - a)[0]).toBe(50);
    expect(out.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is not uniform: shares of 1000 coins over 10 spread around the average', () => {
    const all = Array.from({ length: 300 }, () => splitShares(1000, 10)).flat();
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    expect(mean).toBe(100);
    expect(new Set(all).size).toBeGreaterThan(50);
  });

  it('refuses fewer coins than shares', () => {
    expect(() => splitShares(3, 4)).toThrow();
    expect(() => splitShares(5, 0)).toThrow();
  });
});
