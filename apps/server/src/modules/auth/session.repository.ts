import type SQLite from 'better-sqlite3';
import { sql, type InferResult } from 'kysely';
import type { Conn } from '../../db/database.js';
import { runCompiled } from '../../db/compiled.js';
import type { SessionRow, UserRow } from '../../db/schema.js';

/** The session of a token hash with its user, in one query (every authenticated request runs it). */
const sessionWithUserQuery = (db: Conn, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as s_id',
      's.token_hash as s_token_hash',
      's.device as s_device',
      's.ip as s_ip',
      's.expires_at as s_expires_at',
      's.revoked_at as s_revoked_at',
      's.created_at as s_created_at',
    ])
    .where('s.token_hash', '=', tokenHash);
const sessionWithUser = (db: Conn, tokenHash: string) => runCompiled(db, 'session.withUser', [tokenHash], () => sessionWithUserQuery(db, tokenHash).compile());

type SessionUserRow = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

/** Splits the joined row into the session and its user. */
export function toSessionAndUser(row: SessionUserRow): { session: SessionRow; user: UserRow } {
  const { s_id, s_token_hash, s_device, s_ip, s_expires_at, s_revoked_at, s_created_at, ...user } = row;
  return {
    session: {
      id: s_id,
      token_hash: s_token_hash,
      user_id: user.id,
      device: s_device,
      ip: s_ip,
      expires_at: s_expires_at,
      revoked_at: s_revoked_at,
      created_at: s_created_at,
    },
    user,
  };
}

/** A session row with its user's revision (migration 0010), as the SQLite reader reads it. */
type SessionUserRevRow = SessionUserRow & { rev: number };

/**
 * SQLite only (authCache.ts): the statements the session cache runs on the read-only connection.
 * `load` is the session query above with the user's revision read in the same statement, so both
 * come from one snapshot; `changedSince` lists the users whose revision moved past one seen.
 */
export function sessionReaderStatements(reader: SQLite.Database, db: Conn) {
  const compiled = sessionWithUserQuery(db, '')
    .select(sql<number>`coalesce((select r.rev from user_revs r where r.user_id = s.user_id), 0)`.as('rev'))
    .compile();
  if (compiled.parameters.length !== 1) throw new Error(`session query must bind only the token hash: ${compiled.sql}`);
  return {
    load: reader.prepare<[string], SessionUserRevRow>(compiled.sql),
    changedSince: reader.prepare<[number], { user_id: number; rev: number }>('select user_id, rev from user_revs where rev > ? order by rev'),
    latestRev: reader.prepare<[], number>('select coalesce(max(rev), 0) from user_revs').pluck(),
  };
}

/** SQL for sessions (tokens are stored only as their SHA-256). */
export const sessionRepository = {
  insert: (db: Conn, s: { token_hash: string; user_id: number; device: string | null; ip: string | null; expires_at: string; created_at: string }) =>
    db.insertInto('sessions').values(s).returning('id').executeTakeFirstOrThrow(),

  withUser: async (db: Conn, tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> => {
    const [row] = await sessionWithUser(db, tokenHash);
    return row ? toSessionAndUser(row) : undefined;
  },

  /** A session's standing by id, with its user's `disabled_until` (media tokens name the session they were issued under). */
  stateOf: (db: Conn, id: number) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 's.revoked_at', 's.expires_at', 'u.disabled_until'])
      .where('s.id', '=', id)
      .executeTakeFirst(),

  revoke: (db: Conn, id: number, at: string) =>
    db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute(),

  /** Revokes every live session of a user; returns their ids (their sockets get `sessionEnd`). */
  revokeAllOfUser: async (db: Conn, userId: number, at: string): Promise<number[]> => {
    const rows = await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },
};
