import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Makes sure this process may hold `need` file descriptors (one per client socket here, one per
 * server socket in a child): below that, re-runs the script under `ulimit -n` and exits with its
 * status. Answers the soft limit it runs under.
 */
export function ensureFds(need: number): number {
  const soft = Number(execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (soft >= need || process.env.BENCH_FDS) return soft;
  const r = spawnSync('/bin/sh', ['-c', `ulimit -n ${need} && exec "$@"`, 'sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FDS: '1' },
  });
  process.exit(r.status ?? 1);
}
