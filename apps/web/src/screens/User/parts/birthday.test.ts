import { describe, expect, it } from 'vitest';
import { birthdayRange, fromDay, toDay } from './birthday';

describe('birthday picker range (§5: ±10 years)', () => {
  const today = new Date(2026, 5, 15);

  it('spans ten years either side of the value, never past today', () => {
    const r = birthdayRange(new Date(2000, 2, 3), today);
    expect(toDay(r.min)).toBe('1990-03-03');
    expect(toDay(r.max)).toBe('2010-03-03');
    const recent = birthdayRange(new Date(2020, 0, 1), today);
    expect(toDay(recent.min)).toBe('2010-01-01');
    expect(toDay(recent.max)).toBe('2026-06-15');
  });

  it('centres on a typical adult birthday without a value', () => {
    const r = birthdayRange(null, today);
    expect(toDay(r.initial)).toBe('2001-01-01');
    expect(toDay(r.min)).toBe('1991-01-01');
  });

  it('round-trips YYYY-MM-DD and refuses junk', () => {
    expect(toDay(fromDay('1999-12-31')!)).toBe('1999-12-31');
    expect(fromDay('31/12/1999')).toBeNull();
    expect(fromDay(null)).toBeNull();
  });
});
