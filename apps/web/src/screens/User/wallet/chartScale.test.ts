import { describe, expect, it } from 'vitest';
import { labelIndexes, niceMax } from './chartScale';

describe('chart scale', () => {
  it('rounds the axis top up to 1, 2, 2.5, 5 × 10^n', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(-3)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(10)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(230)).toBe(250);
    expect(niceMax(4200)).toBe(5000);
    expect(niceMax(0.3)).toBeCloseTo(0.5);
  });

  it('prints every label of a week and spaced ones (always the last) for a month', () => {
    expect(labelIndexes(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const month = labelIndexes(30);
    expect(month.length).toBeLessThanOrEqual(7);
    expect(month.at(-1)).toBe(29);
    expect(labelIndexes(0)).toEqual([]);
  });
});
