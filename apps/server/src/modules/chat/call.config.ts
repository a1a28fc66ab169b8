import { createHmac } from 'node:crypto';
import type { IceServer } from '@app/contract';
import { int, list, section, text } from '../../config/setting.js';

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

const urls = (scheme: RegExp) => (u: string) => (scheme.test(u) ? u : { error: `"${u}" is not a ${scheme.source} URL` });

/** The call settings: one section of the server's configuration schema. Refuses TURN without its secret. */
export const callSettings = section(
  {
    CALL_STUN_URLS: list(
      [],
      '(unset: none)',
      'STUN servers for one-to-one video calls, comma-separated `stun:host:port` (none: calls connect on one network only)',
      urls(/^stuns?:\S+$/),
    ),
    CALL_TURN_URLS: list(
      [],
      '(unset: none)',
      'TURN servers for calls that STUN cannot connect, comma-separated `turn:`/`turns:` URLs (needs CALL_TURN_SECRET)',
      urls(/^turns?:\S+$/),
    ),
    CALL_TURN_SECRET: text('', '(unset)', "The TURN server's shared secret (coturn `static-auth-secret`): each user gets credentials that expire"),
    CALL_TURN_TTL_S: int(86_400, 'How long TURN credentials handed to a user stay valid, seconds', { min: 60, max: 7 * 86_400 }),
  },
  (v, fail): CallConfig => {
    if (v.CALL_TURN_URLS.length > 0 && !v.CALL_TURN_SECRET)
      fail('CALL_TURN_SECRET', 'CALL_TURN_URLS needs CALL_TURN_SECRET (the TURN server checks credentials made with it)');
    return { stunUrls: v.CALL_STUN_URLS, turnUrls: v.CALL_TURN_URLS, turnSecret: v.CALL_TURN_SECRET, turnTtlS: v.CALL_TURN_TTL_S };
  },
);

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
