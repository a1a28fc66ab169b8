let lastMs = Number.NaN;
let lastIso = '';

/**
 * Current time as stored: ISO-8601 UTC. Made once per millisecond: every request checks its
 * session's expiry with it, and formatting a date costs more than the rest of that check.
 */
export const nowIso = (): string => {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
};

/** ISO time `ms` milliseconds from now (negative for the past). */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
