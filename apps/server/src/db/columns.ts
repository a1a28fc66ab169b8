import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * Adds the surrogate key: `integer primary key autoincrement` on SQLite (ids never reused),
 * `serial primary key` on PostgreSQL. The only column type that differs between the two.
 */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
