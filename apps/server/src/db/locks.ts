import { sql } from 'kysely';
import type { Conn, Dialect } from './database.js';

/**
 * Holds a named lock until the transaction ends, so two instances cannot both pass a check that a
 * write then invalidates (PostgreSQL advisory lock on the key's hash). SQLite needs nothing: its
 * write transactions are already serial.
 */
export async function xactLock(db: Conn, dialect: Dialect, key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}
