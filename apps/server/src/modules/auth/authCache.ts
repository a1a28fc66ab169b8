import type SQLite from 'better-sqlite3';
import type { UserInfo } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { sessionWithUserAndRevSql, toSessionAndUser } from './session.repository.js';
import type { Auth } from './session.service.js';

type Row = Parameters<typeof toSessionAndUser>[0] & { rev: number };

/**
 * The verified sessions of this process, and the profiles user/info answered, each kept with the
 * revision of its user that it was read at (db/migrations/0010_user_revs.ts: bumped by trigger on
 * every write to the user's row, sessions, notices, balances or anchor application). An entry is
 * used only while that revision is still the current one, read from SQLite on every request, so
 * the cache never answers with anything older than the database: it saves the reading, not the
 * check. Expiry and bans by date are checked against the clock by the caller, as for a fresh read.
 *
 * SQLite only, on the read-only connection (db/database.ts `sqliteReader`): committed state only.
 * Keys are the token itself (hashing it costs more than the lookup); unknown tokens are not kept.
 * Both maps are bounded: the oldest entry goes first.
 */
export class AuthCache {
  private readonly sessions = new Map<string, Auth>();
  private readonly profiles = new Map<number, { rev: number; info: UserInfo }>();
  private readonly revStmt: SQLite.Statement<[number], number>;
  private readonly loadStmt: SQLite.Statement<[string], Row>;

  constructor(reader: SQLite.Database, kysely: Conn, private readonly max = 10_000) {
    this.revStmt = reader.prepare<[number], number>('select rev from user_revs where user_id = ?').pluck();
    this.loadStmt = reader.prepare<[string], Row>(sessionWithUserAndRevSql(kysely));
  }

  /** The session of a token as verified earlier, if nothing about its user has changed since. */
  cached(token: string): Auth | undefined {
    const auth = this.sessions.get(token);
    if (!auth) return undefined;
    if (auth.rev === (this.revStmt.get(auth.user.id) ?? 0)) return auth;
    this.sessions.delete(token);
    return undefined;
  }

  /**
   * Reads the session of a token (by its hash) with its user's revision, and keeps it. Frozen:
   * every request that uses it shares the same objects.
   */
  load(token: string, tokenHash: string): Auth | undefined {
    const row = this.loadStmt.get(tokenHash);
    if (!row) return undefined;
    const { rev, ...rest } = row;
    const { session, user } = toSessionAndUser(rest);
    const auth: Auth = Object.freeze({ session: Object.freeze(session), user: Object.freeze(user), rev });
    keep(this.sessions, token, auth, this.max);
    return auth;
  }

  /** The profile answered at the revision this request's session was verified at. */
  profile(auth: Auth): UserInfo | undefined {
    const hit = this.profiles.get(auth.user.id);
    return hit && hit.rev === auth.rev ? hit.info : undefined;
  }

  /** Keeps a profile read after `auth` was verified (so at least as new as its revision). */
  keepProfile(auth: Auth, info: UserInfo): void {
    if (auth.rev !== undefined) keep(this.profiles, auth.user.id, { rev: auth.rev, info: Object.freeze(info) }, this.max);
  }
}

function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
