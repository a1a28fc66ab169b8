/**
 * A real server process (`npm start`'s bundle, helpers/bundle.ts) for crash tests: started on a data dir (or
 * PostgreSQL schema) that outlives it, killed hard, started again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { eventually } from '@app/testkit';
import { pgUrl, TEST_SECRETS, underSchemaLock } from './testServer.js';
import { bundled } from './bundle.js';

const children: ChildProcess[] = [];

/** Signals the server's whole process group (the server and any process it started). */
export const signal = (c: ChildProcess, sig: NodeJS.Signals) => {
  try {
    process.kill(-c.pid!, sig);
  } catch {
    /* already gone */
  }
};

export const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r)));

/** SIGKILLs every server this file started (afterAll). */
export const killAll = () => {
  for (const c of children.splice(0)) signal(c, 'SIGKILL');
};

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/**
 * Starts the server on `dataDir` (or the PostgreSQL `schema`); resolves once it answers /healthz.
 * `port`: listen there (a server whose own URL is in its settings must know it first); a free one by default.
 */
export async function spawnServer(opts: {
  dataDir: string;
  schema: string | undefined;
  env?: Record<string, string>;
  port?: number;
  /** Called with each line the server writes to stdout (its pino log); stdout is ignored without it. */
  onLine?: (line: string) => void;
}): Promise<{ child: ChildProcess; url: string }> {
  const port = opts.port ?? (await freePort());
  // It migrates as it starts: under the schema lock, so no other file drops a schema meanwhile.
  return underSchemaLock('migrate', () => start(port, opts));
}

async function start(
  port: number,
  opts: { dataDir: string; schema: string | undefined; env?: Record<string, string>; onLine?: (line: string) => void },
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, bundled('main'), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DEMO_PUBLISHER: 'off',
      DATABASE_URL: pgUrl() ?? '',
      DATABASE_SCHEMA: opts.schema ?? '',
      REDIS_URL: '',
      ...TEST_SECRETS,
      // No games host child: it is not under test here, and a fixed GAMES_PORT would clash between runs.
      ROLES: 'api,realtime,worker,media',
      ...opts.env,
    },
    stdio: ['ignore', opts.onLine ? 'pipe' : 'ignore', 'inherit'],
    // Its own process group: a SIGKILL must reach the server and any process it started.
    detached: true,
  });
  children.push(child);
  if (opts.onLine) createInterface({ input: child.stdout! }).on('line', opts.onLine);
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    eventually(async () => (await fetch(`${url}/healthz`)).ok, { timeout: 60_000, interval: 150, what: 'the server to start' }),
    exited(child).then(() => {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    }),
  ]);
  return { child, url };
}
