import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a media token grants: one kind of session, for one user's session, in one room's current live, on one seat. */
export interface MediaGrant {
  /** 'hls': a password room's live playlist, checked again at every refresh (roomMedia.service.ts). */
  kind: 'publish' | 'play' | 'hls';
  userId: number;
  /** The platform session it was issued under: a token outlives neither its session nor a login ban. */
  sid: number;
  roomId: number;
  /** publish: the seat ('anchor' or 'seat-N'); play: null. */
  seat: string | null;
  /** The room's started_at when issued: a token of an earlier live of the same room is refused. */
  live: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** Whether the grant's expiry has passed at `nowMs`. */
export const expired = (grant: MediaGrant, nowMs = Date.now()): boolean => grant.exp * 1000 <= nowMs;

const b64 = (b: Buffer): string => b.toString('base64url');

/**
 * Stateless HMAC-SHA256 tokens `<payload>.<mac>` (base64url): any instance with the same secret
 * checks them without a lookup. Short-lived because they cannot be revoked one by one; the
 * authorize callback still re-checks the room's state (open, seat holder, ban) and the session it
 * was issued under (not revoked or expired, the account not disabled) when one is used.
 */
export class MediaTokens {
  constructor(private readonly secret: Buffer) {}

  sign(grant: MediaGrant): string {
    const payload = b64(Buffer.from(JSON.stringify([grant.kind, grant.userId, grant.sid, grant.roomId, grant.seat, grant.live, grant.exp])));
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant of a well-formed, correctly signed, unexpired token; null otherwise. */
  verify(token: string, nowMs = Date.now()): MediaGrant | null {
    const grant = this.read(token);
    return grant && !expired(grant, nowMs) ? grant : null;
  }

  /** The grant of a well-formed, correctly signed token, expired or not (to tell an expired token from a wrong one); null otherwise. */
  read(token: string): MediaGrant | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 1024) return null;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.mac(payload), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parts: unknown;
    try {
      parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(parts) || parts.length !== 7) return null;
    const [kind, userId, sid, roomId, seat, live, exp] = parts as unknown[];
    if ((kind !== 'publish' && kind !== 'play' && kind !== 'hls') || typeof userId !== 'number' || typeof sid !== 'number' || typeof roomId !== 'number')
      return null;
    if ((seat !== null && typeof seat !== 'string') || typeof live !== 'string' || typeof exp !== 'number') return null;
    return { kind, userId, sid, roomId, seat, live, exp };
  }

  private mac(payload: string): string {
    return b64(createHmac('sha256', this.secret).update(payload).digest());
  }
}
