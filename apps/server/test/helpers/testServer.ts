import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { ApiClient } from './apiClient.js';
import { copyOfTemplate, dropCopy, TEMPLATE_SCHEMA } from './pgTemplate.js';

export interface TestServer extends BuiltApp {
  url: string;
  port: number;
  config: Config;
  api: ApiClient;
  /** Moves a number's SMS history back in time (tests cannot wait out the 60 s resend gap). */
  rewindSms(mobile: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Settings as the environment gives them (ROOM_GRACE_MS, S3_BUCKET, …), parsed by the one config schema. */
  env?: Record<string, string>;
  /** Config fields to override after parsing (limits, for instance). */
  config?: Partial<Config>;
  /** The clock of the room grace period (a fakeClock() moves it without waiting); the real one by default. */
  clock?: Clock;
  /** Listen on this port (a node whose URL other instances hand out must know it before it starts); a free one by default. */
  port?: number;
  /** Share a PostgreSQL schema and Redis prefix with another test server (the scale test). */
  shared?: { schema: string; redisPrefix: string };
}

/** The secrets every test server and games host shares (several instances must agree on them). */
export const TEST_SECRETS = { MEDIA_TOKEN_SECRET: 'test-media-token-secret-0123456789abcdef', GAMES_SECRET: 'test-games-secret-0123456789' } as const;

/**
 * Starts a server on the first port of `ports` that is free (its URL must be known before it starts:
 * MEDIA_PUBLIC_URL names it); `start` gets the port.
 */
export async function onFreePort<T>(ports: number[], start: (port: number) => Promise<T>): Promise<T> {
  for (const port of ports) {
    try {
      return await start(port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error(`no free port among ${ports[0]}–${ports.at(-1)}`);
}

/** A fresh PostgreSQL schema name, or a fresh shared setup for several instances. */
export const newSchemaName = () => `t_${randomBytes(6).toString('hex')}`;
export const pgUrl = () => process.env.TEST_DATABASE_URL || undefined;
export const redisUrl = () => process.env.TEST_REDIS_URL || undefined;

/** The advisory lock between test schemas being migrated (shared) and dropped (exclusive). */
const SCHEMA_LOCK = 0x5eed_7e57;

/**
 * Runs `fn` under the schema lock (PostgreSQL only): a migration reads the catalog of every schema
 * (Kysely's introspection), and fails with "schema … does not exist" when another file drops its
 * schema meanwhile. Migrations hold the lock shared (they run at once), drops exclusively.
 */
export async function underSchemaLock<T>(mode: 'migrate' | 'drop', fn: () => Promise<T>): Promise<T> {
  const url = pgUrl();
  if (!url) return fn();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [lock, unlock] = mode === 'drop' ? ['pg_advisory_lock', 'pg_advisory_unlock'] : ['pg_advisory_lock_shared', 'pg_advisory_unlock_shared'];
  try {
    await client.query(`select ${lock}($1)`, [SCHEMA_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query(`select ${unlock}($1)`, [SCHEMA_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** Drops a test schema (PostgreSQL only). */
export async function dropSchema(schema: string): Promise<void> {
  const url = pgUrl();
  if (!url) return;
  await underSchemaLock('drop', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  });
}

/**
 * Builds and starts a real server on a free port: SQLite in a fresh temp DATA_DIR, or, with
 * TEST_DATABASE_URL, PostgreSQL in a fresh copy of the run's migrated database (helpers/pgTemplate.ts;
 * `shared`: a schema of the test database, migrated here), and the Redis adapter with TEST_REDIS_URL.
 * Its settings are passed in (`env`, `config`), never through process.env, so files can run at once.
 * Limits are raised so suites do not trip over each other; limit tests lower them again.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-test-'));
  // On PostgreSQL: a copy of the run's migrated template, or the schema shared with another instance.
  const base = pgUrl();
  const copy = base && !opts.shared ? await copyOfTemplate(base) : undefined;
  const schema = copy ? TEMPLATE_SCHEMA : opts.shared?.schema;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...TEST_SECRETS, ...opts.env }),
    port: 0,
    host: '127.0.0.1',
    nodeEnv: 'test',
    dataDir,
    webDist: path.join(dataDir, 'no-web'),
    databaseUrl: copy?.url ?? base,
    databaseSchema: schema,
    redisUrl: redisUrl(),
    redisPrefix: opts.shared?.redisPrefix ?? `test:${randomBytes(4).toString('hex')}:`,
    smsIpPerHour: 10_000,
    smsGlobalPerHour: 100_000,
    authRatePerMinute: 10_000,
    ...opts.config,
  };
  // A copy is migrated already and alone in its database; a shared schema migrates beside others' schemas.
  const build = () => buildApp(config, opts.clock ? { clock: opts.clock } : {});
  const built = await (copy ? build() : underSchemaLock('migrate', build));
  await built.app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    ...built,
    url,
    port,
    config,
    api: new ApiClient(url, config),
    rewindSms: async (mobile, ms = 61_000) => {
      const rows = await built.deps.db.kysely.selectFrom('sms_codes').select(['id', 'created_at']).where('mobile', '=', mobile).execute();
      for (const r of rows) {
        const at = new Date(Date.parse(r.created_at) - ms).toISOString();
        await built.deps.db.kysely.updateTable('sms_codes').set({ created_at: at }).where('id', '=', r.id).execute();
      }
    },
    close: async () => {
      // A stop that hangs fails here, naming its step, before the hook's timeout hides where.
      let stuck: NodeJS.Timeout | undefined;
      await Promise.race([
        built.app.close(),
        new Promise<never>((_, reject) => {
          stuck = setTimeout(() => reject(new Error(`the test server did not stop within 40 s: stuck at "${built.shutdown.current}"`)), 40_000);
        }),
      ]).finally(() => clearTimeout(stuck));
      if (copy) await dropCopy(base!, copy.name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
