import { describe, expect, it } from 'vitest';
import { decimalsForStep, feeFor, parseAmount, sanitizeAmountInput } from './amount';

describe('amount parsing', () => {
  it('turns typed amounts into raw units exactly', () => {
    expect(parseAmount('12')).toEqual({ ok: true, raw: 120000 });
    expect(parseAmount(' 12.34 ')).toEqual({ ok: true, raw: 123400 });
    expect(parseAmount('0.01')).toEqual({ ok: true, raw: 100 });
    expect(parseAmount('1,000.5')).toEqual({ ok: true, raw: 10005000 });
    expect(parseAmount('0.29')).toEqual({ ok: true, raw: 2900 }); // 0.29 × 10000 is 2899.9999… in floating point
    expect(parseAmount('7.', { unit: 100 })).toEqual({ ok: true, raw: 700 });
  });

  it('refuses empty, negative, exponent, fractional-beyond-decimals, zero and huge amounts', () => {
    expect(parseAmount('')).toEqual({ ok: false, error: 'empty' });
    expect(parseAmount('-5')).toEqual({ ok: false, error: 'format' });
    expect(parseAmount('1e3')).toEqual({ ok: false, error: 'format' });
    expect(parseAmount('1 000')).toEqual({ ok: false, error: 'format' });
    expect(parseAmount('0.001')).toEqual({ ok: false, error: 'decimals' });
    expect(parseAmount('1.5', { decimals: 0 })).toEqual({ ok: false, error: 'decimals' });
    expect(parseAmount('0.00')).toEqual({ ok: false, error: 'zero' });
    expect(parseAmount('99999999999999999999')).toEqual({ ok: false, error: 'max' });
  });

  it('applies a minimum and a maximum', () => {
    expect(parseAmount('9.99', { min: 100000 })).toEqual({ ok: false, error: 'min' });
    expect(parseAmount('10', { min: 100000 })).toEqual({ ok: true, raw: 100000 });
    expect(parseAmount('10.01', { max: 100000 })).toEqual({ ok: false, error: 'max' });
  });

  it('keeps an input to digits and one point with the allowed decimals', () => {
    expect(sanitizeAmountInput('12.345')).toBe('12.34');
    expect(sanitizeAmountInput('1,234.5.6')).toBe('1234.56');
    expect(sanitizeAmountInput('-007')).toBe('7');
    expect(sanitizeAmountInput('.5')).toBe('0.5');
    expect(sanitizeAmountInput('3.9', 0)).toBe('3');
    expect(sanitizeAmountInput('abc')).toBe('');
  });

  it('rounds a fee up to the granule, exactly even for huge amounts', () => {
    expect(feeFor(100000, 300)).toBe(3000);
    expect(feeFor(1, 300)).toBe(1);
    expect(feeFor(100000, 0)).toBe(0);
    expect(feeFor(0, 300)).toBe(0);
    // 3 % of 10.10 coins is 0.303 coin; rounded up to a fen (0.1 coin = 1000 raw) → 0.4 coin
    expect(feeFor(101000, 300, 1000)).toBe(4000);
    expect(feeFor(1_000_000_000_000, 9999)).toBe(999_900_000_000);
  });

  it('allows as many decimals as the step needs', () => {
    expect(decimalsForStep(10000)).toBe(0);
    expect(decimalsForStep(1000)).toBe(1);
    expect(decimalsForStep(100)).toBe(2);
    expect(decimalsForStep(50000)).toBe(0);
  });
});
