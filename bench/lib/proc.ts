import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function waitHttp(url: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`${url} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Proc {
  url: string;
  stop(): Promise<void>;
}

/** The member the bench logs in as (production has no demo accounts: it is written before the start). */
export const BENCH_MEMBER = { mobile: '13900000001', password: 'bench1234' } as const;

/** Migrates a fresh SQLite data dir and adds the bench member to it. */
async function seedMember(dataDir: string): Promise<void> {
  const { openDb } = await import('../../apps/server/src/db/database.js');
  const { migrateToLatest } = await import('../../apps/server/src/db/migrate.js');
  const { hashPassword } = await import('../../apps/server/src/modules/auth/password.js');
  const { newInviteCode, userDefaults } = await import('../../apps/server/src/modules/user/newUser.js');
  const { userRepository } = await import('../../apps/server/src/modules/user/user.repository.js');
  const db = openDb({ dataDir });
  try {
    await migrateToLatest(db);
    const { mobile, password } = BENCH_MEMBER;
    await userRepository.insert(db.kysely, {
      ...userDefaults(),
      account: mobile,
      mobile,
      password_hash: await hashPassword(password),
      nickname: 'bench',
      invite_code: newInviteCode(),
    });
  } finally {
    await db.close();
  }
}

/** Starts the product server as production runs it (safe settings, no demo content) on a fresh SQLite data dir (or `dataDir`, prepared by the bench), quiet logs. */
export async function startProduct(opts: { dataDir?: string } = {}): Promise<Proc> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-'));
  await seedMember(dataDir);
  const secret = () => randomBytes(24).toString('hex');
  const safe = {
    NODE_ENV: 'production',
    PAY_PROVIDER: 'none',
    CIPHER_KEY: secret().slice(0, 32),
    CIPHER_IV: secret().slice(0, 16),
    MEDIA_TOKEN_SECRET: secret(),
    GAMES_SECRET: secret(),
  };
  const child = spawnServer(port, dataDir, 'source', safe);
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/healthz`, child);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare node:http hello-world in its own process: the same-run baseline. */
export async function startBaseline(): Promise<Proc> {
  const port = await freePort();
  const src = `require('node:http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"code":200,"msg":"ok","data":"hello"}')}).listen(${port},'127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', src], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(url, child);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** How the server runs: its bundle (`npm run build`, as a deployment restarts it) or its source through tsx. */
export type ServerForm = 'bundle' | 'source';

const COMMAND: Record<ServerForm, [string, string[]]> = {
  bundle: [process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/server/dist/main.mjs')]],
  source: [join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'apps/server/src/main.ts')]],
};

/** The server process on `dataDir` (demo content seeded, the demo publisher and videos off), quiet logs. */
export function spawnServer(port: number, dataDir: string, form: ServerForm = 'bundle', extraEnv: Record<string, string> = {}): ChildProcess {
  const [command, args] = COMMAND[form];
  return spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PUBLISHER: 'off',
      DEMO_VIDEOS: 'off',
      ROLES: 'api,realtime,worker,media',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops a server (SIGTERM) and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Starts a server and resolves with it once /healthz answers. */
export async function startServer(port: number, dataDir: string, form: ServerForm = 'bundle'): Promise<ChildProcess> {
  const child = spawnServer(port, dataDir, form);
  await waitHttp(`http://127.0.0.1:${port}/healthz`, child, 120_000);
  return child;
}
