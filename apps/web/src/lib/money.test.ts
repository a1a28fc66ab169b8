import { describe, expect, it } from 'vitest';
import { formatCoins } from './money';

describe('coin display', () => {
  it('shows coins without trailing zeros', () => {
    expect(formatCoins(600000)).toBe('60');
    expect(formatCoins(605000)).toBe('60.5');
    expect(formatCoins(123456)).toBe('12.35');
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(1_000_000_000)).toBe('100000');
  });
});
