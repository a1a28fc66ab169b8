import type SQLite from 'better-sqlite3';
import type { UserInfo } from '@app/contract';
import type { Conn } from '../../db/database.js';
import type { Auth } from '../../http/caller.js';
import { sessionReaderStatements, toSessionAndUser } from './session.repository.js';

/** How long a write by another process (the operator CLI) may go unseen: one millisecond. */
const POLL_MS = 1;

/**
 * The verified sessions of this process, and the profiles user/info answered, each kept with the
 * revision of its user that it was read at (db/migrations/0010_user_revs.ts: set by trigger on
 * every write to the user's row, sessions, notices, balances or anchor application). An entry is
 * used only while that revision is still the user's current one, so the cache saves the reading,
 * never the check:
 * - a write of this process marks the cache at its commit (db/database.ts `onCommit`), and the
 *   next lookup reads which users changed since the last revision it saw (one indexed read);
 * - a write of another process is found the same way, by a read at most every millisecond.
 * So a logout, a ban or a new balance is seen by the next request. Expiry and bans by date are
 * checked against the clock by the caller, as for a fresh read.
 *
 * SQLite only, on the read-only connection (db/database.ts `sqliteReader`): committed state only,
 * never another request's open transaction. Keys are the token itself (hashing it costs more than
 * the lookup); unknown tokens are not kept. Bounded: the oldest entry goes first.
 */
export class AuthCache {
  private readonly sessions = new Map<string, Auth>();
  private readonly profiles = new Map<number, { rev: number; info: UserInfo }>();
  /** The current revision of each user who has an entry, as of `seenRev`. */
  private readonly revs = new Map<number, number>();
  private seenRev: number;
  private dirty = false;
  private polledAt = 0;
  private readonly stmts: ReturnType<typeof sessionReaderStatements>;

  constructor(
    reader: SQLite.Database,
    kysely: Conn,
    private readonly max = 10_000,
  ) {
    this.stmts = sessionReaderStatements(reader, kysely);
    this.seenRev = this.stmts.latestRev.get() ?? 0;
  }

  /** A write of this process was committed: the next lookup reads what changed. */
  committed(): void {
    this.dirty = true;
  }

  /** The session of a token as verified earlier, if nothing about its user has changed since. */
  cached(token: string): Auth | undefined {
    const auth = this.sessions.get(token);
    if (!auth) return undefined;
    this.catchUp();
    if (this.revs.get(auth.user.id) === auth.rev) return auth;
    this.sessions.delete(token);
    return undefined;
  }

  /**
   * Reads the session of a token (by its hash) with its user's revision, in one statement, and
   * keeps it. Frozen: every request that uses it shares the same objects.
   */
  load(token: string, tokenHash: string): Auth | undefined {
    this.catchUp();
    const row = this.stmts.load.get(tokenHash);
    if (!row) return undefined;
    const { rev, ...rest } = row;
    const { session, user } = toSessionAndUser(rest);
    const auth: Auth = Object.freeze({ session: Object.freeze(session), user: Object.freeze(user), rev });
    // Read after catching up, so no older than anything seen; other entries at an older revision
    // of this user stop matching.
    this.revs.set(user.id, rev);
    keep(this.sessions, token, auth, this.max);
    if (this.revs.size > 4 * this.max) this.revs.clear();
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

  /** Applies the revisions written since the last one seen (after a local commit, or every POLL_MS). */
  private catchUp(): void {
    const now = performance.now();
    if (!this.dirty && now - this.polledAt < POLL_MS) return;
    this.dirty = false;
    this.polledAt = now;
    for (const { user_id, rev } of this.stmts.changedSince.all(this.seenRev)) {
      if (this.revs.has(user_id)) this.revs.set(user_id, rev);
      this.seenRev = rev;
    }
  }
}

function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
