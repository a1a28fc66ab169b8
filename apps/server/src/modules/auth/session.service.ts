import { ErrorCode, errorMessages, type ErrorCodeValue } from '@app/contract';
import type { Conn } from '../../db/database.js';
import type { SessionRow } from '../../db/schema.js';
import { DAY, isoIn, nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { hashToken, newToken } from '../../lib/token.js';
import { AuthCache } from './authCache.js';
import type { Auth, SessionCheck, SessionReader } from '../../http/caller.js';
import { sessionRepository } from './session.repository.js';

/** A request's verified identity and a token's check: the HTTP layer's types (http/caller.ts). */
export type { Auth, SessionCheck };

/** Issues, checks and revokes session tokens. */
export class SessionService implements SessionReader {
  /** Verified sessions of this process (SQLite only; see authCache.ts). */
  readonly cache: AuthCache | undefined;

  constructor(private readonly deps: Deps) {
    const reader = deps.db.sqliteReader?.();
    const cache = reader ? new AuthCache(reader, deps.db.kysely) : undefined;
    if (cache) deps.db.onCommit?.(() => cache.committed());
    this.cache = cache;
  }

  /** Creates a session for the user; the token is returned once and stored only hashed. */
  async issue(db: Conn, userId: number, opts: { remember?: boolean; device?: string | null; ip?: string | null; ttlDays?: number }) {
    const token = newToken();
    const days = opts.ttlDays ?? (opts.remember ? this.deps.config.tokenTtlRememberDays : this.deps.config.tokenTtlDays);
    const expires_at = isoIn(days * DAY);
    await sessionRepository.insert(db, {
      token_hash: hashToken(token),
      user_id: userId,
      device: opts.device ?? null,
      ip: opts.ip ?? null,
      expires_at,
      created_at: nowIso(),
    });
    return { token, expires_at };
  }

  /** Checks a token: unknown → invalid, disabled account (a login ban names itself on every old token), revoked, expired, in that order. */
  async check(token: string): Promise<SessionCheck> {
    const cache = this.cache;
    const auth = cache ? (cache.cached(token) ?? cache.load(token, hashToken(token))) : await sessionRepository.withUser(this.deps.db.kysely, hashToken(token));
    if (!auth) return { ok: false, code: ErrorCode.TOKEN_INVALID };
    const now = nowIso();
    if (auth.user.disabled_until && auth.user.disabled_until > now) return { ok: false, code: ErrorCode.ACCOUNT_DISABLED };
    if (auth.session.revoked_at) return { ok: false, code: ErrorCode.TOKEN_REVOKED };
    if (auth.session.expires_at <= now) return { ok: false, code: ErrorCode.TOKEN_EXPIRED };
    return { ok: true, auth };
  }

  /** Revokes one session and ends its hall sockets. */
  async revoke(session: SessionRow): Promise<void> {
    await sessionRepository.revoke(this.deps.db.kysely, session.id, nowIso());
    this.deps.hall.endSessions({ sessionIds: [session.id] }, { code: ErrorCode.TOKEN_REVOKED, msg: errorMessages[ErrorCode.TOKEN_REVOKED] });
  }

  /** Revokes every session of a user inside the caller's transaction; call `endAll` after commit. */
  /** A session's standing by id, with its user's `disabled_until` (media tokens name the session they were issued under). */
  stateOf(sessionId: number) {
    return sessionRepository.stateOf(this.deps.db.kysely, sessionId);
  }

  revokeAllOfUser(db: Conn, userId: number): Promise<number[]> {
    return sessionRepository.revokeAllOfUser(db, userId, nowIso());
  }

  /**
   * After every session of a user was revoked (a password reset, a login ban: `ACCOUNT_DISABLED`):
   * ends their hall and room sockets and their live media sessions on every instance.
   */
  endAll(userId: number, code: ErrorCodeValue = ErrorCode.TOKEN_REVOKED): void {
    this.deps.hall.endSessions({ userId }, { code, msg: errorMessages[code] });
    this.deps.rooms.endUser(userId);
  }
}
