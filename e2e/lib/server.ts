import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The server as `npm start` runs it: the bundle `npm run build` makes (one file, no TypeScript loader). */
const bundle = join(repoRoot, 'apps/server/dist/main.mjs');
/** The operator CLI's bundle, made beside it. */
const adminBundle = join(repoRoot, 'apps/server/dist/admin.mjs');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => ok(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs the operator CLI (`npm run admin -- …`) against this server's data. */
  admin(...args: string[]): Promise<string>;
  /** Stops the process gracefully (SIGTERM), keeping its data: `resume()` starts it again on the same port and data. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real product (built web app + API + hall) on a fresh SQLite data dir. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Browser suites register many users from 127.0.0.1.
    SMS_IP_PER_HOUR: '1000',
    AUTH_RATE_PER_MINUTE: '1000',
    // The games host (a child of the server) on a port of its own, so parallel servers never clash;
    // started only by the files that play games (ROLES: 'all'), as it is a second process to boot.
    GAMES_PORT: String(await freePort()),
    ROLES: 'api,realtime,worker,media',
    ...extraEnv,
  };
  const url = `http://127.0.0.1:${port}`;
  let child = await spawnHealthy(env, url);
  const stopChild = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  return {
    url,
    dataDir,
    env,
    admin: (...args) => runAdmin(env, args),
    halt: stopChild,
    async resume() {
      child = await spawnHealthy(env, url);
    },
    async stop() {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server process and waits until it answers its health check. */
async function spawnHealthy(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  if (!existsSync(bundle)) throw new Error('apps/server/dist/main.mjs is missing: run `npm run build` first (npm test does)');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function runAdmin(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--enable-source-maps', adminBundle, ...args], { cwd: repoRoot, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? ok(out) : fail(new Error(`admin ${args.join(' ')} failed: ${out}`))));
  });
}
