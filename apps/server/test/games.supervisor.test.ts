import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, fullPath } from '@app/contract';
import { eventually } from '@app/testkit';
import { REPO_ROOT } from '../src/config.js';
import { freePort } from './helpers/spawnServer.js';
import { bundled } from './helpers/bundle.js';

/*
 * `npm start` runs the games host as a supervised child of the main server: killed, it comes back
 * on its own; the main server stopping takes it along.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'games-sup-'));
let main: ChildProcess | undefined;

afterAll(async () => {
  if (main && main.exitCode === null) main.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the games host under the main server', () => {
  it('is started with the server, restarted when killed, and stopped with it', { timeout: 60_000 }, async () => {
    const [port, gamesPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
    };
    delete env.GAMES_SECRET;
    main = spawn(process.execPath, bundled('main'), { cwd: REPO_ROOT, env, stdio: 'ignore' });
    const gamesPid = () =>
      fetch(`http://127.0.0.1:${gamesPort}/healthz`).then(async (r) => (r.ok ? ((await r.json()) as { data: { pid: number } }).data.pid : undefined));

    const first = await eventually(gamesPid, { what: 'the games host', timeout: 30_000, interval: 150 });
    // The catalogue tells the client where the games host is.
    const list = (await (await fetch(`http://127.0.0.1:${port}${fullPath(api.gameFetch)}`)).json()) as { data: { host: string; list: { code: string }[] } };
    expect(list.data.host).toBe(`:${gamesPort}`);
    expect(list.data.list.map((g) => g.code)).toEqual(['g2048', 'snake', 'rhythm']);
    // Only the random per-start secret opens the internal API.
    const internal = await fetch(`http://127.0.0.1:${port}/api/internal/games/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: [] }),
    });
    expect(internal.status).toBe(403);

    process.kill(first, 'SIGKILL');
    const second = await eventually(
      async () => {
        const pid = await gamesPid();
        return pid !== undefined && pid !== first && pid;
      },
      { what: 'the games host to come back', timeout: 30_000, interval: 150 },
    );
    expect(alive(first)).toBe(false);

    const exited = new Promise((r) => main!.once('exit', r));
    main.kill('SIGTERM');
    await exited;
    await eventually(() => !alive(second), { what: 'the games host to stop with the server', interval: 150 });
  });
});
