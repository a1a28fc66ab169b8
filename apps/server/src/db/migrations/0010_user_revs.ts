import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * What a request's identity and profile are read from, per user: a revision that SQLite sets, by
 * trigger, in the same transaction as any write to the user's row, sessions, notices, account
 * balances or anchor application. Revisions come from one sequence (the highest plus one; SQLite
 * has one writer at a time), so "what changed since revision N" is one indexed read. The
 * per-process session cache (modules/auth/authCache.ts) keeps a verified session only while its
 * user's revision is unchanged, whoever wrote (this server, or the operator CLI in another process).
 *
 * SQLite only: there the check is an in-process lookup of a few microseconds. On PostgreSQL a check
 * would cost a round trip like the full session query it saves, and the extra row locks could
 * order themselves into deadlocks, so PostgreSQL reads the session on every request (no cache).
 */
const WATCHED: { table: string; events: string[]; id: string }[] = [
  { table: 'users', events: ['UPDATE', 'DELETE'], id: 'id' },
  { table: 'sessions', events: ['UPDATE', 'DELETE'], id: 'user_id' },
  { table: 'notices', events: ['INSERT', 'UPDATE', 'DELETE'], id: 'user_id' },
  // Platform accounts belong to user 0: their balance moves on every gift and concerns no session.
  { table: 'accounts', events: ['INSERT', 'UPDATE', 'DELETE'], id: 'user_id' },
  { table: 'anchor_applications', events: ['INSERT', 'UPDATE', 'DELETE'], id: 'user_id' },
];

const triggerName = (table: string, event: string) => `${table}_rev_${event.toLowerCase()}`;

export function userRevs(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await db.schema
        .createTable('user_revs')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('rev', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_revs_rev').on('user_revs').column('rev').execute();
      for (const { table, events, id } of WATCHED) {
        for (const event of events) {
          const row = event === 'DELETE' ? 'OLD' : 'NEW';
          await sql
            .raw(
              `CREATE TRIGGER ${triggerName(table, event)} AFTER ${event} ON ${table} FOR EACH ROW WHEN ${row}.${id} > 0 BEGIN ` +
                `INSERT INTO user_revs (user_id, rev) VALUES (${row}.${id}, (SELECT coalesce(max(rev), 0) + 1 FROM user_revs)) ` +
                `ON CONFLICT (user_id) DO UPDATE SET rev = excluded.rev; END`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      for (const { table, events } of WATCHED) {
        for (const event of events) await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, event)}`).execute(db);
      }
      await db.schema.dropTable('user_revs').ifExists().execute();
    },
  };
}
