/** Lucky bag settings (LUCKYBAG_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface LuckyBagConfig {
  /** Bags one anchor may put up per China-time day. */
  perAnchorPerDay: number;
  /** Entries one member may try per 10 s, over every instance (keeps bots out with the presence check). */
  entriesPer10s: number;
  /** Milliseconds in one minute of a bag's duration (60000; tests and demos shorten it). */
  minuteMs: number;
  /** How often the worker draws bags whose time ended and were not drawn by their timer (ms). */
  sweepMs: number;
}

export const luckyBagSettings = section(
  {
    LUCKYBAG_PER_ANCHOR_PER_DAY: int(20, 'Lucky bags one anchor may put up per China-time day', { min: 1, max: 1000 }),
    LUCKYBAG_ENTRIES_PER_10S: int(5, 'Lucky bag entries one member may try per 10 seconds, over every instance', { min: 1, max: 1000 }),
    LUCKYBAG_MINUTE_MS: int(60_000, 'Length of one minute of a lucky bag in ms (tests and demos shorten it; keep 60000)', { min: 100, max: 60_000 }),
    LUCKYBAG_SWEEP_MS: int(5_000, 'How often the worker role draws lucky bags whose time ended', { min: 100, max: 3_600_000 }),
  },
  (v): LuckyBagConfig => ({
    perAnchorPerDay: v.LUCKYBAG_PER_ANCHOR_PER_DAY,
    entriesPer10s: v.LUCKYBAG_ENTRIES_PER_10S,
    minuteMs: v.LUCKYBAG_MINUTE_MS,
    sweepMs: v.LUCKYBAG_SWEEP_MS,
  }),
);
