/** PK battle settings (PK_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface PkConfig {
  /** The invited anchor answers within this long (seconds). */
  inviteSeconds: number;
  /** The punishment period after the result, the streams still linked (seconds; 0: none). */
  punishSeconds: number;
  /** A battle ends when one anchor's stream has been down this long (seconds). */
  streamLostSeconds: number;
  /** Invitations one anchor may send per minute (each reaches the invited anchor twice: invite and cancel). */
  invitesPerMinute: number;
  /** How often the worker's sweep looks for battles past a deadline and for lost streams (ms). */
  sweepMs: number;
}

export const pkSettings = section(
  {
    PK_INVITE_S: int(10, 'Seconds the invited anchor has to accept or decline a PK invitation', { min: 1, max: 120 }),
    PK_PUNISH_S: int(180, 'Punishment period after a PK result, in seconds, the two streams still linked (0: none)', { min: 0, max: 1800 }),
    PK_STREAM_LOST_S: int(15, "A PK battle ends when one anchor's stream has been down this many seconds", { min: 1, max: 600 }),
    PK_INVITES_PER_MINUTE: int(6, 'PK invitations one anchor may send per minute, over every instance', { min: 1, max: 600 }),
    PK_SWEEP_MS: int(1000, 'How often the worker role looks for PK battles past a deadline (answer, end, punishment) and for lost streams', {
      min: 100,
      max: 60_000,
    }),
  },
  (v): PkConfig => ({
    inviteSeconds: v.PK_INVITE_S,
    punishSeconds: v.PK_PUNISH_S,
    streamLostSeconds: v.PK_STREAM_LOST_S,
    invitesPerMinute: v.PK_INVITES_PER_MINUTE,
    sweepMs: v.PK_SWEEP_MS,
  }),
);
