import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL enforces `varchar(n)`, SQLite ignores it: a string the contract let through but longer
 * than its column (an ISO time with many fraction digits in a `varchar(32)`) was a 500 on
 * PostgreSQL only. Lengths belong to the contract, which answers a field error on both databases;
 * the columns become `text` (binary-compatible: no table rewrite, indexes kept).
 */
export async function varcharToText(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type = 'character varying'
    order by table_name, ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  for (const [table, columns] of byTable) {
    const changes = sql.join(columns.map((c) => sql`alter column ${sql.ref(c)} type text`));
    await sql`alter table ${sql.table(table)} ${changes}`.execute(db);
  }
}

export function textColumns(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await varcharToText(db);
    },
    async down(): Promise<void> {
      // Lengths are not put back: the contract holds them.
    },
  };
}
