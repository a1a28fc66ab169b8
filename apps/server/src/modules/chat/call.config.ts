import { createHmac } from 'node:crypto';
import type { IceServer } from '@app/contract';

type Env = Record<string, string | undefined>;

/**
 * ICE servers of one-to-one video calls. Without any, calls connect on one network only (host
 * candidates); STUN finds a phone's public address behind most NATs, and TURN relays what STUN
 * cannot (symmetric NATs, strict firewalls). TURN credentials are made per user and expire, in the
 * TURN REST scheme coturn's `use-auth-secret` checks: username `<expiry unix s>:<user id>`,
 * credential Base64(HMAC-SHA1(secret, username)). No long-lived TURN password reaches a client.
 */
export interface CallConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string;
  turnTtlS: number;
}

/** The call settings, in the shape of the server's ENV_VARS table (listed in the README with the others). */
export const CALL_ENV_VARS = [
  { name: 'CALL_STUN_URLS', default: '(unset: none)', doc: 'STUN servers for one-to-one video calls, comma-separated `stun:host:port` (none: calls connect on one network only)' },
  { name: 'CALL_TURN_URLS', default: '(unset: none)', doc: 'TURN servers for calls that STUN cannot connect, comma-separated `turn:`/`turns:` URLs (needs CALL_TURN_SECRET)' },
  { name: 'CALL_TURN_SECRET', default: '(unset)', doc: "The TURN server's shared secret (coturn `static-auth-secret`): each user gets credentials that expire" },
  { name: 'CALL_TURN_TTL_S', default: '86400', doc: 'How long TURN credentials handed to a user stay valid, seconds' },
] as const;

const list = (env: Env, name: string, schemes: RegExp): string[] => {
  const urls = (env[name] ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = urls.find((u) => !schemes.test(u));
  if (bad) throw new Error(`${name}: "${bad}" is not a ${schemes.source} URL`);
  return urls;
};

/** Reads the call settings (process.env by default); refuses TURN without its secret. */
export function loadCallConfig(env: Env = process.env): CallConfig {
  const stunUrls = list(env, 'CALL_STUN_URLS', /^stuns?:\S+$/);
  const turnUrls = list(env, 'CALL_TURN_URLS', /^turns?:\S+$/);
  const turnSecret = env.CALL_TURN_SECRET ?? '';
  if (turnUrls.length > 0 && !turnSecret) throw new Error('CALL_TURN_URLS needs CALL_TURN_SECRET (the TURN server checks credentials made with it)');
  const ttl = env.CALL_TURN_TTL_S ? Number(env.CALL_TURN_TTL_S) : 86_400;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 7 * 86_400) throw new Error(`CALL_TURN_TTL_S must be whole seconds in [60, 604800], got "${env.CALL_TURN_TTL_S}"`);
  return { stunUrls, turnUrls, turnSecret, turnTtlS: ttl };
}

/** The ICE servers one user's call may use, with TURN credentials valid until `expires_at`. */
export function iceServersFor(config: CallConfig, userId: number, nowMs = Date.now()): { ice_servers: IceServer[]; expires_at: string | null } {
  const ice_servers: IceServer[] = [];
  if (config.stunUrls.length > 0) ice_servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length === 0) return { ice_servers, expires_at: null };
  const expiry = Math.floor(nowMs / 1000) + config.turnTtlS;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
  ice_servers.push({ urls: config.turnUrls, username, credential });
  return { ice_servers, expires_at: new Date(expiry * 1000).toISOString() };
}
