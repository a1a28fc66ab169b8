/**
 * pg_dump and pg_restore, Debian's (postgresql-client). A dump is taken in one snapshot (pg_dump's
 * own transaction), so it is consistent while the server writes. pg_dump refuses a server newer
 * than itself; checked first, with a message that says which versions met.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Runs a PostgreSQL client tool; its stderr becomes the error's message. */
async function tool(bin: string, args: string[]): Promise<string> {
  try {
    return (await run(bin, args, { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new Error(`${bin} is not installed (Debian: apt-get install postgresql-client)`, { cause: err });
    throw new Error(`${bin} failed: ${(e.stderr ?? e.message).trim()}`, { cause: err });
  }
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20` → 15). */
async function toolMajor(bin: string): Promise<number> {
  const out = await tool(bin, ['--version']);
  return Number(/\) (\d+)/.exec(out)?.[1] ?? NaN);
}

/** Runs `fn` with a client of the database at `url`. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Throws unless pg_dump can dump this server (its major version is at least the server's). */
export async function assertDumpable(url: string): Promise<void> {
  const server = await withClient(url, async (c) =>
    Math.floor(Number((await c.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v) / 10000),
  );
  const client = await toolMajor('pg_dump');
  if (!(client >= server)) throw new Error(`pg_dump ${client} cannot dump PostgreSQL ${server}: install postgresql-client-${server}`);
}

/** Tables in a schema (a restore goes only into an empty one). */
export const tablesIn = (url: string, schema: string): Promise<number> =>
  withClient(url, async (c) => Number((await c.query<{ n: string }>('select count(*) as n from pg_tables where schemaname = $1', [schema])).rows[0]!.n));

/** Dumps one schema to `file` (custom format: compressed, restored by pg_restore). */
export const dumpSchema = (url: string, schema: string, file: string) =>
  tool('pg_dump', ['--format=custom', '--no-owner', `--schema=${schema}`, `--file=${file}`, url]);

/** Restores a dump into the database at `url`, stopping at the first error. The schema must not exist (an empty one is dropped first). */
export async function restoreSchema(url: string, schema: string, file: string): Promise<void> {
  await withClient(url, (c) => c.query(`drop schema if exists "${schema}"`));
  await tool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
}
