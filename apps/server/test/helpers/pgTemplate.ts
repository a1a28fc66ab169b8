/**
 * A test server's PostgreSQL database is a copy of one migrated once per run: `create database …
 * template …` takes about 0.15 s where the migrations took 1.2–1.6 s on this machine (bench/ci).
 * The run's template is made by globalSetup.ts and named to the tests through `inject('pgTemplate')`;
 * each copy holds the server's tables in the schema TEMPLATE_SCHEMA and is dropped when its server stops.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDb } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { withClient } from '../../src/modules/backup/pgTools.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated template database ('' off PostgreSQL). */
    pgTemplate: string;
  }
}

/** The schema of the template, and so of every copy: a non-default one, as DATABASE_SCHEMA is tested. */
export const TEMPLATE_SCHEMA = 'app';

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates and migrates the run's template database; returns its name. */
export async function makeTemplate(url: string): Promise<string> {
  const name = `tpl_${randomBytes(5).toString('hex')}`;
  await withClient(url, (c) => c.query(`create database "${name}"`));
  const db = openDb({ dataDir: '', databaseUrl: databaseUrl(url, name), databaseSchema: TEMPLATE_SCHEMA });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  return name;
}

export async function dropTemplate(url: string, name: string): Promise<void> {
  await withClient(url, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

/** A fresh copy of the run's template, for one test server: its URL and name. */
export async function copyOfTemplate(url: string): Promise<{ url: string; name: string }> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('no PostgreSQL template database: globalSetup.ts makes it when TEST_DATABASE_URL is set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withClient(url, (c) => c.query(`create database "${name}" template "${template}"`));
  return { url: databaseUrl(url, name), name };
}

/**
 * Drops a copy once its server stopped. A pool's last connections are still closing on the server
 * side for a few milliseconds after `end()` resolves, and `with (force)` would kill them mid-close
 * (an unhandled 57P01 in the worker): so the drop waits for them, forcing only a connection that
 * outlives two seconds (a child process left running).
 */
export async function dropCopy(url: string, name: string): Promise<void> {
  await withClient(url, async (c) => {
    for (const deadline = Date.now() + 2000; Date.now() < deadline;) {
      try {
        await c.query(`drop database if exists "${name}"`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== IN_USE) throw err;
        await c.query('select pg_sleep(0.02)');
      }
    }
    await c.query(`drop database if exists "${name}" with (force)`);
  });
}

/** object_in_use: "database … is being accessed by other users". */
const IN_USE = '55006';
