import { CHINA_OFFSET_MS } from '@app/kit';

const DAY_MS = 86_400_000;

/** China-time calendar date (YYYY-MM-DD) of an instant. */
export const chinaDay = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The UTC instant at which a China-time date begins. */
export const chinaDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;

/** The China-time date `n` days after `day` (n may be negative). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday of a China-time date: 1 = Monday … 7 = Sunday. */
export const weekday = (day: string): number => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** The Monday of the China-time week holding `day`. */
export const weekStart = (day: string): string => addDays(day, 1 - weekday(day));

/** The first day of the China-time month holding `day`. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`;
