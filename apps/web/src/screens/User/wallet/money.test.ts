import { describe, expect, it } from 'vitest';
import { formatFen, signedMoney } from './money';

describe('wallet money display', () => {
  it('signs record amounts', () => {
    expect(signedMoney(600000)).toBe('+60.00');
    expect(signedMoney(-100000)).toBe('−10.00');
    expect(signedMoney(0)).toBe('0.00');
  });

  it('shows fen as yuan exactly', () => {
    expect(formatFen(600)).toBe('6.00');
    expect(formatFen(19)).toBe('0.19');
    expect(formatFen(64800)).toBe('648.00');
    expect(formatFen(-5)).toBe('-0.05');
  });
});
