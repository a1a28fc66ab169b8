import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MONEY_UNIT,
  chatDayLabel,
  formatClock,
  formatCount,
  formatDateCN,
  formatDuration,
  formatMoney,
  maskText,
  relativeTime,
  relativeTimeShort,
  toEpochMs,
} from './format.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1001, '1K'],
    [1234, '1.23K'],
    [1235, '1.24K'], // half up, exactly
    [1005, '1.01K'], // (1.005).toFixed(2) would give '1.00'
    [1500, '1.5K'],
    [9994, '9.99K'],
    [9995, '1W'], // would round to '10K': shown in the next unit
    [9999, '1W'],
    [10000, '1W'],
    [12345, '1.23W'],
    [12350, '1.24W'],
    [105000, '10.5W'],
    [123456789, '12345.68W'],
    [-1234, '-1.23K'],
    [-5, '-5'],
    [-0, '0'],
    [-0.4, '0'],
    [12.4, '12'],
    [999.5, '1K'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '∞'],
    [Number.NEGATIVE_INFINITY, '-∞'],
  ])('formatCount(%d) = %j', (n, want) => {
    expect(formatCount(n)).toBe(want);
  });

  it.each([
    [999, '999'],
    [1234, '1.23K'],
    [12345, '12.35K'],
    [999_994, '999.99K'],
    [999_995, '1M'], // would round to '1000K': shown in the next unit
    [1_234_567, '1.23M'],
    [2_500_000_000, '2.5B'],
    [-12345, '-12.35K'],
  ])('formatCount(%d) in English units = %j', (n, want) => {
    expect(formatCount(n, 2, 'en')).toBe(want);
  });

  it('honours decimals', () => {
    expect(formatCount(1234, 0)).toBe('1K');
    expect(formatCount(1500, 0)).toBe('2K');
    expect(formatCount(1250, 1)).toBe('1.3K');
    expect(formatCount(12345, 3)).toBe('1.235W');
    expect(formatCount(12345, 4)).toBe('1.2345W');
    expect(formatCount(999, 3)).toBe('999');
    expect(formatCount(9499, 0)).toBe('9K');
    expect(formatCount(9500, 0)).toBe('1W');
    expect(formatCount(9949, 1)).toBe('9.9K');
    expect(formatCount(9950, 1)).toBe('1W');
  });

  it('never ends in a trailing zero or dot, and keeps the unit order', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 9000, max: 11000 })), fc.integer({ min: 0, max: 4 }), (n, d) => {
        const s = formatCount(n, d);
        expect(s).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?[KW]?$/);
        const abs = Math.abs(n);
        if (abs < 1000) expect(s).toBe(String(n === 0 ? 0 : n));
        // K while the rounded thousands stay below 10, i.e. below 10000 - half a display step
        else if (abs < 10000 - 500 / 10 ** d) expect(s.endsWith('K')).toBe(true);
        else expect(s.endsWith('W')).toBe(true);
        // the shown value is within half a display step of the real one
        const unit = s.endsWith('K') ? 1000 : s.endsWith('W') ? 10000 : 1;
        const shown = Number.parseFloat(s) * unit;
        expect(Math.abs(shown - n)).toBeLessThanOrEqual((unit / 10 ** d) * 0.5 + 1e-6 * Math.abs(n));
      }),
    );
  });
});

describe('formatMoney', () => {
  it('MONEY_UNIT is 10000', () => {
    expect(MONEY_UNIT).toBe(10000);
  });

  it.each([
    [123456, '12.35'],
    [0, '0.00'],
    [1, '0.00'],
    [49, '0.00'],
    [50, '0.01'], // half up
    [10000, '1.00'],
    [10050, '1.01'], // (1.005).toFixed(2) would give '1.00'
    [99995, '10.00'],
    [-123456, '-12.35'],
    [-50, '-0.01'],
    [-49, '0.00'], // no negative zero
    [9007199254740991, '900719925474.10'],
    [Number.NaN, '0.00'],
    [Number.POSITIVE_INFINITY, '∞'],
    [Number.NEGATIVE_INFINITY, '-∞'],
  ])('formatMoney(%d) = %j', (raw, want) => {
    expect(formatMoney(raw)).toBe(want);
  });

  it('honours decimals', () => {
    expect(formatMoney(123456, 4)).toBe('12.3456');
    expect(formatMoney(123456, 0)).toBe('12');
    expect(formatMoney(15000, 0)).toBe('2');
    expect(formatMoney(1, 6)).toBe('0.000100');
    expect(formatMoney(123456, 1)).toBe('12.3');
  });

  it('with 4 decimals is the exact decimal (property, independent string oracle)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (raw) => {
        const digits = String(Math.abs(raw)).padStart(5, '0');
        const want = `${raw < 0 ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
        expect(formatMoney(raw, 4)).toBe(want);
      }),
    );
  });

  it('with 2 decimals is within half a cent (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (raw) => {
        const s = formatMoney(raw);
        expect(s).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.abs(Number(s) * 10000 - raw)).toBeLessThanOrEqual(50 + 1e-6);
      }),
    );
  });
});

// 2026-01-15 12:00:00 China time = 04:00:00 UTC
const NOW = Date.UTC(2026, 0, 15, 4, 0, 0);
const S = 1000;

describe('toEpochMs', () => {
  it('reads every accepted shape', () => {
    expect(toEpochMs(NOW)).toBe(NOW);
    expect(toEpochMs(new Date(NOW))).toBe(NOW);
    expect(toEpochMs(String(NOW))).toBe(NOW);
    expect(toEpochMs('2026-01-15T04:00:00Z')).toBe(NOW);
    expect(toEpochMs('2026-01-15T04:00:00.000Z')).toBe(NOW);
    expect(toEpochMs('2026-01-15T12:00:00+08:00')).toBe(NOW);
    // zone-less strings are China time
    expect(toEpochMs('2026-01-15 12:00:00')).toBe(NOW);
    expect(toEpochMs('2026-01-15T12:00')).toBe(NOW);
    expect(toEpochMs('2026/1/15 12:00')).toBe(NOW);
    expect(toEpochMs('2026-01-15 12:00:00.5')).toBe(NOW + 500);
    expect(toEpochMs('2026-01-15')).toBe(Date.UTC(2026, 0, 14, 16, 0, 0));
  });

  it.each(['', 'yesterday', '2026-02-30', '2026-13-01', '2026-01-15 24:00', '2026-01-15 12:60', 'Jan 15 2026'])('returns NaN for %j', (s) => {
    expect(toEpochMs(s)).toBeNaN();
  });

  it('returns NaN for invalid dates and non-finite numbers', () => {
    expect(toEpochMs(new Date('nope'))).toBeNaN();
    expect(toEpochMs(Number.NaN)).toBeNaN();
    expect(toEpochMs(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('formatDateCN', () => {
  // 2025-12-31 16:05:09 UTC is already 2026-01-01 in China
  const T = Date.UTC(2025, 11, 31, 16, 5, 9);
  it.each([
    ['YYYY-MM-DD', '2026-01-01'],
    ['YYYY/MM/DD', '2026/01/01'],
    ['HH:mm', '00:05'],
    ['HH:mm:ss', '00:05:09'],
    ['YYYY-MM-DD HH:mm', '2026-01-01 00:05'],
    ['YYYY-MM-DD HH:mm:ss', '2026-01-01 00:05:09'],
    ['MM-DD HH:mm', '01-01 00:05'],
  ] as const)('%s', (pattern, want) => {
    expect(formatDateCN(T, pattern)).toBe(want);
  });

  it('defaults to YYYY-MM-DD and accepts strings and Dates', () => {
    expect(formatDateCN(new Date(T))).toBe('2026-01-01');
    expect(formatDateCN('2025-12-31T16:05:09Z', 'HH:mm')).toBe('00:05');
  });

  it('throws RangeError on an invalid moment', () => {
    expect(() => formatDateCN('garbage')).toThrow(RangeError);
  });

  it('agrees with Intl in Asia/Shanghai (property)', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]));
        const want = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
        expect(formatDateCN(ms, 'YYYY-MM-DD HH:mm:ss')).toBe(want);
      }),
    );
  });
});

describe('relativeTime (reading A)', () => {
  it.each([
    [0, { unit: 'second', value: 0 }],
    [59, { unit: 'second', value: 59 }],
    [60, { unit: 'minute', value: 1 }],
    [3599, { unit: 'minute', value: 59 }],
    [3600, { unit: 'hour', value: 1 }],
    [86399, { unit: 'hour', value: 23 }],
    [86400, { unit: 'date', value: 1, date: '2026-01-14' }],
    [400 * 86400, { unit: 'date', value: 400, date: '2024-12-11' }],
  ])('%d s ago', (ago, want) => {
    expect(relativeTime(NOW - ago * S, NOW)).toEqual(want);
  });

  it('gives the China date, not the UTC date', () => {
    // 2026-01-09 16:30 UTC = 2026-01-10 00:30 China
    expect(relativeTime(Date.UTC(2026, 0, 9, 16, 30), NOW)).toEqual({ unit: 'date', value: 5, date: '2026-01-10' });
  });

  it('treats future moments as now', () => {
    expect(relativeTime(NOW + 5000, NOW)).toEqual({ unit: 'second', value: 0 });
  });

  it('accepts strings and Dates for both arguments', () => {
    expect(relativeTime('2026-01-15 11:59:30', NOW)).toEqual({ unit: 'second', value: 30 });
    expect(relativeTime('2026-01-15T03:59:30Z', new Date(NOW))).toEqual({ unit: 'second', value: 30 });
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(Date.now() - 120 * S)).toEqual({ unit: 'minute', value: 2 });
  });

  it('throws RangeError on invalid input', () => {
    expect(() => relativeTime('not a date', NOW)).toThrow(RangeError);
  });
});

describe('relativeTimeShort (reading B)', () => {
  it.each([
    [0, { unit: 'just' }],
    [299, { unit: 'just' }],
    [300, { unit: 'minute', value: 5 }],
    [3599, { unit: 'minute', value: 59 }],
    [3600, { unit: 'hour', value: 1 }],
    [86399, { unit: 'hour', value: 23 }],
    [86400, { unit: 'day', value: 1 }],
    [30 * 86400, { unit: 'day', value: 30 }],
    [31 * 86400 - 1, { unit: 'day', value: 30 }],
    [31 * 86400, { unit: 'date', date: '2025-12-15' }],
  ])('%d s ago', (ago, want) => {
    expect(relativeTimeShort(NOW - ago * S, NOW)).toEqual(want);
  });

  it('treats future moments as just now', () => {
    expect(relativeTimeShort(NOW + 3600 * S, NOW)).toEqual({ unit: 'just' });
  });
});

describe('chatDayLabel', () => {
  const china = (y: number, m: number, d: number, h = 0, mi = 0, s = 0): number => Date.UTC(y, m - 1, d, h - 8, mi, s);

  it.each([
    ['now', NOW, { kind: 'today' }],
    ['China midnight today', china(2026, 1, 15, 0, 0, 0), { kind: 'today' }],
    ['one second before China midnight', china(2026, 1, 14, 23, 59, 59), { kind: 'yesterday' }],
    ['start of yesterday', china(2026, 1, 14, 0, 0, 0), { kind: 'yesterday' }],
    ['end of the day before', china(2026, 1, 13, 23, 59, 59), { kind: 'date', text: '2026/01/13' }],
    ['last year', china(2025, 12, 31, 12), { kind: 'date', text: '2025/12/31' }],
    ['tomorrow', china(2026, 1, 16, 9), { kind: 'date', text: '2026/01/16' }],
  ])('%s', (_name, ts, want) => {
    expect(chatDayLabel(ts, NOW)).toEqual(want);
  });

  it('uses China midnight even when the UTC date is the same', () => {
    const now = china(2026, 1, 15, 0, 0, 30); // 2026-01-14 16:00:30 UTC
    const ts = china(2026, 1, 14, 23, 59, 30); // 2026-01-14 15:59:30 UTC
    expect(chatDayLabel(ts, now)).toEqual({ kind: 'yesterday' });
  });
});

describe('formatDuration / formatClock', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [61, '00:01:01'],
    [3661, '01:01:01'],
    [86399, '23:59:59'],
    [360000, '100:00:00'],
    [59.9, '00:00:59'],
    [-5, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('formatDuration(%d) = %j', (s, want) => {
    expect(formatDuration(s)).toBe(want);
  });

  it.each([
    [0, '00:00'],
    [9, '00:09'],
    [75, '01:15'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [5025, '01:23:45'],
  ])('formatClock(%d) = %j', (s, want) => {
    expect(formatClock(s)).toBe(want);
  });
});

describe('maskText', () => {
  it.each([
    ['', ''],
    ['abc', 'abc'],
    ['12345678', '12345678'],
    ['123456789', '1234****6789'],
    ['13812345678', '1381****5678'],
    ['6222021234567890123', '6222****0123'],
    ['中华人民共和国万岁啊', '中华人民****国万岁啊'],
    ['😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀😀'], // 8 characters (16 UTF-16 units): unchanged
    ['😀😀😀😀x😀😀😀😀', '😀😀😀😀****😀😀😀😀'],
  ])('maskText(%j) = %j', (s, want) => {
    expect(maskText(s)).toBe(want);
  });
});
