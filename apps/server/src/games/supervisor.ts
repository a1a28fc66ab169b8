import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { REPO_ROOT } from '../config.js';

/**
 * How the games host starts: as the server that supervises it runs. From the bundle (`npm start`)
 * the games host's bundle beside it (a second of CPU less to start than through the loader); from
 * the source (`npm run dev`) the source, through tsx. One process either way (node with tsx's
 * loader, not tsx's CLI), so a signal to it reaches the games host itself.
 */
function gamesHostCommand(): string[] {
  // This module is in one of the bundle's chunks (dist/chunk-*.mjs) when the server runs from its bundle.
  if (/\/dist\/[^/]+\.mjs$/.test(import.meta.url)) return [...process.execArgv, path.join(REPO_ROOT, 'apps/server/dist/games.mjs')];
  return ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/games/main.ts')];
}

/**
 * Runs the games host as a child process of the main server (`npm start` starts everything) and
 * starts it again when it dies, with a growing pause (1 s … 30 s) if it keeps dying at once.
 */
export class GamesSupervisor {
  private child: ChildProcess | undefined;
  private stopped = false;
  private failures = 0;
  private restart: NodeJS.Timeout | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.stopped) return;
    const startedAt = Date.now();
    const child = spawn(process.execPath, [...gamesHostCommand(), '--parent-pid', String(process.pid)], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopped) return;
      this.failures = Date.now() - startedAt > 30_000 ? 0 : this.failures + 1;
      const wait = Math.min(30_000, 1_000 * 2 ** Math.max(0, this.failures - 1));
      this.log.warn({ code, signal, restartInMs: wait }, 'games host exited; restarting');
      this.restart = setTimeout(() => this.start(), wait);
    });
  }

  /** Stops the child (SIGTERM, then SIGKILL after 5 s) and does not restart it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restart);
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
  }
}
