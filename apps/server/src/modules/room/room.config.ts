/**
 * Rooms settings (same table shape as ENV_VARS and MEDIA_ENV_VARS, so they can be merged into the
 * README's table). Read from the environment when the app is built; every one has a working default.
 */
import { randomBytes } from 'node:crypto';

type Env = Record<string, string | undefined>;

export interface RoomConfig {
  /** The room closes itself this long after the anchor left (no socket, no stream) unless they return. */
  graceMs: number;
  /** An instance that has not refreshed its lease this long is taken for gone (crashed): its anchors' streams end. */
  instanceLeaseMs: number;
  /** Default ban of a kicked user. */
  kickBanMinutes: number;
  /** Chat messages one socket may send per 10 s. */
  chatPer10s: number;
  /** HMAC key of media tokens; every instance must share it when WHIP/WHEP may land on another one. */
  mediaTokenSecret: Buffer;
  mediaTokenTtlSeconds: number;
  /** 'on' | 'off' | 'auto' (on, except under NODE_ENV=test). */
  demoPublisher: 'on' | 'off' | 'auto';
}

export const ROOM_ENV_VARS = [
  { name: 'ROOM_GRACE_MS', default: '60000', doc: 'A room closes itself this long after its anchor left (no socket, no stream) unless they come back' },
  { name: 'ROOM_INSTANCE_LEASE_MS', default: '30000', doc: 'A server instance that has not refreshed its lease this long is taken for crashed: its rooms\' anchor streams count as gone (then the grace period runs)' },
  { name: 'ROOM_KICK_BAN_MINUTES', default: '10', doc: 'How long a kicked user cannot come back into that room' },
  { name: 'ROOM_CHAT_PER_10S', default: '5', doc: 'Chat messages one socket may send per 10 seconds' },
  { name: 'MEDIA_TOKEN_SECRET', default: '(unset: random per process)', doc: 'HMAC key of WHIP/WHEP media tokens; set the same value on every instance' },
  { name: 'MEDIA_TOKEN_TTL_S', default: '600', doc: 'Lifetime of a media token (it is checked once, when the WHIP/WHEP session starts)' },
  { name: 'DEMO_PUBLISHER', default: 'auto', doc: '`off` stops the ffmpeg test-pattern streams of the demo rooms (`auto`: on unless NODE_ENV=test)' },
] as const;

function int(env: Env, name: string, d: number): number {
  const v = env[name];
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

export function roomConfigFromEnv(env: Env = process.env): RoomConfig {
  const demo = (env.DEMO_PUBLISHER ?? 'auto').toLowerCase();
  return {
    graceMs: int(env, 'ROOM_GRACE_MS', 60_000),
    instanceLeaseMs: Math.max(1000, int(env, 'ROOM_INSTANCE_LEASE_MS', 30_000)),
    kickBanMinutes: Math.max(1, int(env, 'ROOM_KICK_BAN_MINUTES', 10)),
    chatPer10s: Math.max(1, int(env, 'ROOM_CHAT_PER_10S', 5)),
    mediaTokenSecret: env.MEDIA_TOKEN_SECRET ? Buffer.from(env.MEDIA_TOKEN_SECRET, 'utf8') : randomBytes(32),
    mediaTokenTtlSeconds: Math.max(10, int(env, 'MEDIA_TOKEN_TTL_S', 600)),
    demoPublisher: demo === 'on' || demo === '1' || demo === 'true' ? 'on' : ['off', '0', 'false', 'no'].includes(demo) ? 'off' : 'auto',
  };
}
