/**
 * Room settings; every one has a working default.
 */
import { randomBytes } from 'node:crypto';
import { int, oneOf, optionalText, section } from '../../config/setting.js';

export interface RoomConfig {
  /** The room closes itself this long after the anchor left (no socket, no stream) unless they return. */
  graceMs: number;
  /** An instance that has not refreshed its lease this long is taken for gone (crashed): its anchors' streams end. */
  instanceLeaseMs: number;
  /** Default ban of a kicked user. */
  kickBanMinutes: number;
  /** Chat messages one user may send per 10 s, over all their sockets and instances. */
  chatPer10s: number;
  /** HMAC key of media tokens; every instance must share it when WHIP/WHEP may land on another one. */
  mediaTokenSecret: Buffer;
  /** Whether MEDIA_TOKEN_SECRET was set (several instances need it). */
  mediaTokenSecretGiven: boolean;
  mediaTokenTtlSeconds: number;
  /** 'on' | 'off' | 'auto' (on, except under NODE_ENV=test). */
  demoPublisher: 'on' | 'off' | 'auto';
}

/** The room settings: one section of the server's configuration schema. */
export const roomSettings = section(
  {
    ROOM_GRACE_MS: int(60_000, 'A room closes itself this long after its anchor left (no socket, no stream) unless they come back'),
    ROOM_INSTANCE_LEASE_MS: int(
      30_000,
      "A server instance that has not refreshed its lease this long is taken for crashed: its rooms' anchor streams count as gone (then the grace period runs)",
      { min: 1000 },
    ),
    ROOM_KICK_BAN_MINUTES: int(10, 'How long a kicked user cannot come back into that room', { min: 1 }),
    ROOM_CHAT_PER_10S: int(5, 'Chat messages one user may send per 10 seconds, over all their sockets and instances', { min: 1 }),
    MEDIA_TOKEN_SECRET: optionalText(
      '(unset: random per process; required with DATABASE_URL or REDIS_URL)',
      'HMAC key of WHIP/WHEP media tokens; set the same value on every instance',
    ),
    MEDIA_TOKEN_TTL_S: int(600, 'Lifetime of a media token (it is checked once, when the WHIP/WHEP session starts)', { min: 10 }),
    DEMO_PUBLISHER: oneOf(['auto', 'on', 'off'], 'auto', '`off` stops the ffmpeg test-pattern streams of the demo rooms (`auto`: on unless NODE_ENV=test)', {
      '1': 'on',
      true: 'on',
      '0': 'off',
      false: 'off',
      no: 'off',
    }),
  },
  (v): RoomConfig => ({
    graceMs: v.ROOM_GRACE_MS,
    instanceLeaseMs: v.ROOM_INSTANCE_LEASE_MS,
    kickBanMinutes: v.ROOM_KICK_BAN_MINUTES,
    chatPer10s: v.ROOM_CHAT_PER_10S,
    mediaTokenSecret: v.MEDIA_TOKEN_SECRET ? Buffer.from(v.MEDIA_TOKEN_SECRET, 'utf8') : randomBytes(32),
    mediaTokenSecretGiven: v.MEDIA_TOKEN_SECRET !== undefined,
    mediaTokenTtlSeconds: v.MEDIA_TOKEN_TTL_S,
    demoPublisher: v.DEMO_PUBLISHER,
  }),
);
