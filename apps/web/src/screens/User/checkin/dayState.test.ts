import { describe, expect, it } from 'vitest';
import { dayState } from './dayState';

const day = (date: string, checked = false) => ({ date, weekday: 1, checked, reward: checked ? 10_000 : 0 });

describe('dayState', () => {
  const today = '2026-11-26';
  it('calls an unchecked past day missed only from the joining day on', () => {
    const joined = '2026-11-24';
    expect(dayState(day('2026-11-23'), today, joined)).toBe('beforeJoin');
    expect(dayState(day('2026-11-24'), today, joined)).toBe('missed');
    expect(dayState(day('2026-11-25'), today, joined)).toBe('missed');
  });
  it('tells checked, today and the days ahead apart', () => {
    expect(dayState(day('2026-11-25', true), today, '2026-01-01')).toBe('checked');
    expect(dayState(day(today), today, today)).toBe('today');
    expect(dayState(day(today, true), today, today)).toBe('checked');
    expect(dayState(day('2026-11-27'), today, today)).toBe('ahead');
  });
  it('treats every past day as missable while the joining day is unknown', () => {
    expect(dayState(day('2026-11-23'), today, '')).toBe('missed');
  });
});
