/** Red envelope settings (ENVELOPE_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface EnvelopeConfig {
  /** Envelopes one member may send per China-time day. */
  perUserPerDay: number;
  /** Envelopes of one room not yet finished or expired at once. */
  perRoomOpen: number;
  /** Grabs one member may try per 10 s, over every instance (keeps bots out with the presence check). */
  grabsPer10s: number;
  /** Milliseconds in one second of a countdown (1000; tests shorten it). */
  countdownSecondMs: number;
  /** How often the worker looks for envelopes past their 24 h to refund (ms). */
  sweepMs: number;
}

export const envelopeSettings = section(
  {
    ENVELOPE_PER_USER_PER_DAY: int(50, 'Red envelopes one member may send per China-time day', { min: 1, max: 10_000 }),
    ENVELOPE_PER_ROOM_OPEN: int(10, 'Red envelopes of one room not yet finished or expired at once', { min: 1, max: 1000 }),
    ENVELOPE_GRABS_PER_10S: int(5, 'Red envelope grabs one member may try per 10 seconds, over every instance', { min: 1, max: 1000 }),
    ENVELOPE_COUNTDOWN_SECOND_MS: int(1000, 'Length of one second of a red envelope countdown in ms (tests shorten it; keep 1000)', { min: 1, max: 1000 }),
    ENVELOPE_SWEEP_MS: int(30_000, 'How often the worker role refunds red envelopes past their 24 hours', { min: 100, max: 3_600_000 }),
  },
  (v): EnvelopeConfig => ({
    perUserPerDay: v.ENVELOPE_PER_USER_PER_DAY,
    perRoomOpen: v.ENVELOPE_PER_ROOM_OPEN,
    grabsPer10s: v.ENVELOPE_GRABS_PER_10S,
    countdownSecondMs: v.ENVELOPE_COUNTDOWN_SECOND_MS,
    sweepMs: v.ENVELOPE_SWEEP_MS,
  }),
);
