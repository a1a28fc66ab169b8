import { spawn, type ChildProcess } from 'node:child_process';
import { eventually } from '@app/testkit';
import { GAMES_SECRET_HEADER, gamesInternalCalls, type RouteData, type RouteInput } from '@app/contract';
import { REPO_ROOT } from '../../src/config.js';
import { ApiClient } from './apiClient.js';
import { freePort } from './spawnServer.js';
import { dropSchema, TEST_SECRETS, underSchemaLock, type TestServer } from './testServer.js';
import { bundled } from './bundle.js';

/** The shared secret test servers and games hosts use. */
export const TEST_GAMES_SECRET = TEST_SECRETS.GAMES_SECRET;

export interface GamesHostProcess {
  url: string;
  api: ApiClient;
  child: ChildProcess;
  /** Kills the process (SIGKILL by default) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port, database and main server. */
  restart(): Promise<void>;
  /** Stops it and drops its PostgreSQL schema. */
  close(): Promise<void>;
  /** The games host's side of the books for these users. */
  books(userIds: number[]): Promise<{ user_id: number; balance: number; pending: number }[]>;
}

/**
 * Runs the real games host (its own process, from its bundle) against a started test server: the same
 * DATA_DIR (its own games.db) or, on PostgreSQL, its own schema next to the test server's.
 */
export async function startGamesHost(s: TestServer, extraEnv: Record<string, string> = {}): Promise<GamesHostProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: s.config.dataDir,
    ...(s.config.databaseUrl ? { DATABASE_URL: s.config.databaseUrl, GAMES_DATABASE_SCHEMA: `${s.config.databaseSchema}_games` } : {}),
    HOST: '127.0.0.1',
    GAMES_PORT: String(port),
    GAMES_SECRET: TEST_GAMES_SECRET,
    GAMES_MAIN_URL: s.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    ...extraEnv,
  };
  const host: GamesHostProcess = {
    url,
    api: new ApiClient(url, s.config),
    child: undefined as unknown as ChildProcess,
    async kill(signal = 'SIGKILL') {
      const c = host.child;
      if (c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await gone;
    },
    async restart() {
      // Started under the shared schema lock: another file dropping its schema meanwhile would
      // make this one's migration read a vanished schema (PostgreSQL).
      await underSchemaLock('migrate', async () => {
        const child = spawn(process.execPath, bundled('games'), {
          cwd: REPO_ROOT,
          env,
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        host.child = child;
        await eventually(
          async () => {
            if (child.exitCode !== null) throw new Error(`games host exited with ${child.exitCode}`);
            return (await fetch(`${url}/healthz`)).ok;
          },
          { timeout: 30_000, interval: 100, what: 'the games host to start' },
        );
      });
    },
    async close() {
      await host.kill('SIGTERM');
      if (s.config.databaseSchema && env.GAMES_DATABASE_SCHEMA) await dropSchema(env.GAMES_DATABASE_SCHEMA);
    },
    async books(userIds) {
      const def = gamesInternalCalls.hostBooks;
      const body: RouteInput<typeof def> = { user_ids: userIds };
      const res = await fetch(`${url}${def.path}`, {
        method: def.method,
        headers: { 'content-type': 'application/json', [GAMES_SECRET_HEADER]: TEST_GAMES_SECRET },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { data: RouteData<typeof def> }).data.users;
    },
  };
  await host.restart();
  return host;
}
