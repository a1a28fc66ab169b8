import { describe, expect, it } from 'vitest';
import { coins, isoOf, when, yuan } from './format';

describe('console formats', () => {
  it('reads a China-time moment typed in a dialog as UTC, and shows it back the same', () => {
    expect(isoOf('2026-12-01 20:00')).toBe('2026-12-01T12:00:00.000Z');
    expect(isoOf(' 2026-01-01T00:30 ')).toBe('2025-12-31T16:30:00.000Z');
    expect(when(isoOf('2026-12-01 20:00'))).toBe('2026-12-01 20:00');
  });

  it('passes anything else through for the server to refuse by name', () => {
    expect(isoOf('tomorrow')).toBe('tomorrow');
    expect(isoOf('2026-13-45 99:99')).toBe('2026-13-45 99:99');
    expect(isoOf(undefined)).toBe('');
  });

  it('shows money in coins and yuan', () => {
    expect(coins(1_2345_0000)).toBe('12345.00');
    expect(yuan(64800)).toBe('¥648.00');
    expect(when(null)).toBe('—');
  });
});
