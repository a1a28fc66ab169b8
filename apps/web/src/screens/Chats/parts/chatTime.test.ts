import { describe, expect, it } from 'vitest';
import { listTime, needsSeparator, separatorTime } from './chatTime';

// 2026-01-15 12:00 China time.
const NOW = Date.UTC(2026, 0, 15, 4, 0, 0);
const china = (d: number, h: number, m = 0) => Date.UTC(2026, 0, d, h - 8, m);

describe('chat time labels (seed §9)', () => {
  it('shows HH:mm today, 昨天 yesterday, else YYYY/MM/DD', () => {
    expect(listTime(china(15, 9, 5), NOW)).toBe('09:05');
    expect(listTime(china(14, 23, 59), NOW)).toBe('昨天');
    expect(listTime(china(13, 10), NOW)).toBe('2026/01/13');
    expect(listTime('not a time', NOW)).toBe('');
  });

  it('labels separators with the day and the clock', () => {
    expect(separatorTime(china(15, 0, 1), NOW)).toBe('今天 00:01');
    expect(separatorTime(china(14, 18, 30), NOW)).toBe('昨天 18:30');
  });

  it('puts a separator first, after a five-minute gap, and across midnight', () => {
    expect(needsSeparator(undefined, china(15, 9))).toBe(true);
    expect(needsSeparator(china(15, 9, 0), china(15, 9, 4))).toBe(false);
    expect(needsSeparator(china(15, 9, 0), china(15, 9, 5))).toBe(true);
    expect(needsSeparator(china(14, 23, 58), china(15, 0, 1))).toBe(true);
  });
});
