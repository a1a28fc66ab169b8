/** Raw money amounts are integers in 1/10000 of a gold coin; divide by this to display. */
export const MONEY_UNIT = 10000;
/** China time (Asia/Shanghai) is UTC+8 all year: no daylight saving since 1991. */
export const CHINA_OFFSET_MS = 8 * 3600 * 1000;

const DAY_MS = 86400 * 1000;

function clampDecimals(decimals: number): number {
  return Number.isFinite(decimals) ? Math.min(20, Math.max(0, Math.trunc(decimals))) : 2;
}

/** round_half_up(value / divisor × 10^decimals) for a non-negative integer value, exactly. */
function scaledQuotient(value: bigint, divisor: bigint, decimals: number): bigint {
  const scaled = value * 10n ** BigInt(decimals);
  return (scaled * 2n + divisor) / (2n * divisor);
}

/** Renders a scaled integer q as q / 10^decimals with exactly `decimals` fraction digits. */
function fixedPoint(q: bigint, decimals: number): string {
  if (decimals === 0) return q.toString();
  const s = q.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/**
 * Compact count: below 1000 as is, then K (thousands) and W (万, ten-thousands), trailing zeros
 * trimmed: 1234 → '1.23K', 12345 → '1.23W'. With `units` 'en', thousands, millions and billions
 * instead (K, M, B): 12345 → '12.35K', 1234567 → '1.23M'. Fractions are rounded to a whole count
 * first; NaN → '0', ±Infinity → '∞'/'-∞'.
 */
export function formatCount(n: number, decimals = 2, units: 'wan' | 'en' = 'wan'): string {
  if (Number.isNaN(n)) return '0';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
  const d = clampDecimals(decimals);
  const whole = BigInt(Math.round(Math.abs(n)));
  const sign = n < 0 && whole !== 0n ? '-' : '';
  if (whole < 1000n) return sign + whole.toString();
  const scale = 10n ** BigInt(d);
  const steps: [bigint, string][] =
    units === 'en'
      ? [
          [1000n, 'K'],
          [1000_000n, 'M'],
          [1000_000_000n, 'B'],
        ]
      : [
          [1000n, 'K'],
          [10000n, 'W'],
        ];
  // The largest unit the count reaches; a count that would round up to the next unit's size ('1000K', '10K' before W) is shown in the next.
  let i = steps.length - 1;
  while (i > 0 && whole < steps[i]![0]) i--;
  let q = scaledQuotient(whole, steps[i]![0], d);
  const next = steps[i + 1];
  if (next && q >= (next[0] / steps[i]![0]) * scale) {
    i++;
    q = scaledQuotient(whole, next[0], d);
  }
  return `${sign}${trimZeros(fixedPoint(q, d))}${steps[i]![1]}`;
}

/** Raw integer amount ÷ MONEY_UNIT with `decimals` digits, exact integer arithmetic, half up: 123456 → '12.35', -123456 → '-12.35'. NaN → zero, ±Infinity → '∞'/'-∞'. */
export function formatMoney(raw: number, decimals = 2): string {
  const d = clampDecimals(decimals);
  if (Number.isNaN(raw)) return fixedPoint(0n, d);
  if (!Number.isFinite(raw)) return raw > 0 ? '∞' : '-∞';
  const q = scaledQuotient(BigInt(Math.round(Math.abs(raw))), BigInt(MONEY_UNIT), d);
  return (raw < 0 && q !== 0n ? '-' : '') + fixedPoint(q, d);
}

/** A moment: a Date, epoch milliseconds (number or digit string), an ISO string with Z or ±hh:mm, or a zone-less 'YYYY-MM-DD[ HH:mm[:ss]]' read as China time. */
export type TimeInput = Date | number | string;

const ZONELESS = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** Converts a TimeInput to epoch milliseconds, or NaN when it is not a valid moment. */
export function toEpochMs(ts: TimeInput): number {
  if (ts instanceof Date) return ts.getTime();
  if (typeof ts === 'number') return Number.isFinite(ts) ? ts : NaN;
  const s = ts.trim();
  if (/^-?\d+$/.test(s)) return Number(s);
  if (ISO_ZONED.test(s)) return Date.parse(s);
  const m = ZONELESS.exec(s);
  if (!m) return NaN;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m.slice(1, 7).map((x) => (x === undefined ? undefined : Number(x)));
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0'));
  const utc = Date.UTC(y!, mo! - 1, d!, h, mi, sec, ms);
  const back = new Date(utc);
  const valid =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo! - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === sec;
  return valid ? utc - CHINA_OFFSET_MS : NaN;
}

function mustMs(ts: TimeInput): number {
  const ms = toEpochMs(ts);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid time value: ${String(ts)}`);
  return ms;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Patterns formatDateCN understands (tokens YYYY MM DD HH mm ss). */
export type DatePattern = 'YYYY-MM-DD' | 'YYYY/MM/DD' | 'HH:mm' | 'HH:mm:ss' | 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss' | 'MM-DD HH:mm';

/** Formats a moment in China time (UTC+8, independent of the machine's zone); throws RangeError on an invalid moment. */
export function formatDateCN(ts: TimeInput, pattern: DatePattern = 'YYYY-MM-DD'): string {
  const d = new Date(mustMs(ts) + CHINA_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t]!);
}

function elapsedSeconds(ts: TimeInput, now: TimeInput): number {
  // Future moments (clock skew) count as "now".
  return Math.max(0, Math.floor((mustMs(now) - mustMs(ts)) / 1000));
}

/** Result of relativeTime; `value` counts whole units (whole days for 'date'). */
export type RelativeTime = { unit: 'second' | 'minute' | 'hour'; value: number; date?: undefined } | { unit: 'date'; value: number; date: string };

/** Seed reading A: under 60 s seconds, under an hour minutes, under a day hours, else a China-time 'YYYY-MM-DD' date. */
export function relativeTime(ts: TimeInput, now: TimeInput = Date.now()): RelativeTime {
  const s = elapsedSeconds(ts, now);
  if (s < 60) return { unit: 'second', value: s };
  if (s < 3600) return { unit: 'minute', value: Math.floor(s / 60) };
  if (s < 86400) return { unit: 'hour', value: Math.floor(s / 3600) };
  return { unit: 'date', value: Math.floor(s / 86400), date: formatDateCN(ts, 'YYYY-MM-DD') };
}

/** Result of relativeTimeShort. */
export type RelativeTimeShort = { unit: 'just' } | { unit: 'minute' | 'hour' | 'day'; value: number } | { unit: 'date'; date: string };

/** Seed reading B: under 300 s 'just', then minutes, hours, days while at most 30 whole days, else a China-time 'YYYY-MM-DD' date. */
export function relativeTimeShort(ts: TimeInput, now: TimeInput = Date.now()): RelativeTimeShort {
  const s = elapsedSeconds(ts, now);
  if (s < 300) return { unit: 'just' };
  if (s < 3600) return { unit: 'minute', value: Math.floor(s / 60) };
  if (s < 86400) return { unit: 'hour', value: Math.floor(s / 3600) };
  const days = Math.floor(s / 86400);
  if (days <= 30) return { unit: 'day', value: days };
  return { unit: 'date', date: formatDateCN(ts, 'YYYY-MM-DD') };
}

/** Result of chatDayLabel. */
export type ChatDayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** Chat separator: today, yesterday, else 'YYYY/MM/DD', with days starting at China midnight. */
export function chatDayLabel(ts: TimeInput, now: TimeInput = Date.now()): ChatDayLabel {
  const ms = mustMs(ts);
  const chinaDay = (t: number): number => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS);
  const diff = chinaDay(mustMs(now)) - chinaDay(ms);
  if (diff === 0) return { kind: 'today' };
  if (diff === 1) return { kind: 'yesterday' };
  return { kind: 'date', text: formatDateCN(ms, 'YYYY/MM/DD') };
}

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/** 'HH:MM:SS' zero-padded (hours grow past 99 if needed); negative or non-finite input gives '00:00:00'. */
export function formatDuration(seconds: number): string {
  const s = wholeSeconds(seconds);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Video length: 'MM:SS' under an hour, otherwise 'HH:MM:SS'. */
export function formatClock(seconds: number): string {
  const s = wholeSeconds(seconds);
  return s < 3600 ? `${pad(Math.floor(s / 60))}:${pad(s % 60)}` : formatDuration(s);
}

/** Keeps the first 4 and last 4 characters (code points) of text longer than 8, middle replaced by '****'; shorter text is unchanged. */
export function maskText(s: string): string {
  const chars = Array.from(s);
  if (chars.length <= 8) return s;
  return `${chars.slice(0, 4).join('')}****${chars.slice(-4).join('')}`;
}
