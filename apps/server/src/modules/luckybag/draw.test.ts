import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawWinners, newSeed } from './draw.js';

describe('drawWinners (seeded partial Fisher–Yates)', () => {
  it('is a function of the seed and the ordered entrants: the same input gives the same winners', () => {
    const seed = newSeed();
    const entrants = Array.from({ length: 50 }, (_, i) => 1000 + i);
    expect(drawWinners(seed, entrants, 7)).toEqual(drawWinners(seed, [...entrants], 7));
    // Another seed draws others (50 choose 7 makes a repeat practically impossible).
    expect(drawWinners(newSeed(), entrants, 7)).not.toEqual(drawWinners(seed, entrants, 7));
  });

  it('draws distinct entrants, as many as asked or everyone when fewer entered', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 1e6 }), { maxLength: 60 }), fc.integer({ min: 0, max: 100 }), (entrants, k) => {
        const out = drawWinners(newSeed(), entrants, k);
        expect(out).toHaveLength(Math.min(k, entrants.length));
        expect(new Set(out).size).toBe(out.length);
        expect(out.every((u) => entrants.includes(u))).toBe(true);
      }),
    );
  });

  it('gives every entrant about the same chance', () => {
    const entrants = [1, 2, 3, 4, 5];
    const wins = new Map<number, number>();
    for (let n = 0; n < 5000; n++) for (const u of drawWinners(newSeed(), entrants, 1)) wins.set(u, (wins.get(u) ?? 0) + 1);
    for (const u of entrants) expect(wins.get(u)).toBeGreaterThan(850);
  });

  it('keeps a fixed seed’s answer (a recorded draw recomputes the same forever)', () => {
    expect(drawWinners('00'.repeat(32), [10, 20, 30, 40], 2)).toEqual([40, 30]);
    expect(drawWinners('ab'.repeat(32), [1, 2, 3, 4, 5, 6, 7, 8], 3)).toEqual([2, 6, 8]);
    expect(drawWinners('ab'.repeat(32), [7], 3)).toEqual([7]);
  });
});
