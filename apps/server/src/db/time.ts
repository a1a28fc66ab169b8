/** Current time as stored: ISO-8601 UTC. */
export const nowIso = (): string => new Date().toISOString();

/** ISO time `ms` milliseconds from now (negative for the past). */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
