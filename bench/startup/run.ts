import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort, repoRoot, startServer, stopServer, type ServerForm } from '../lib/proc.js';

/**
 * `npm run bench:startup`: how long a restart on an existing data folder takes, from the process
 * start to a healthy answer (issue 19: serving again within 3 s). The first start makes the data
 * folder (migrations, demo content); the restarts that follow are what a deploy or a crash costs.
 */
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 3);
const GOAL_MS = 3_000;

execFileSync(process.execPath, [join(repoRoot, 'apps/server/scripts/bundle.mjs')], { stdio: 'inherit' });
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'startup-data-'));
try {
  let t0 = performance.now();
  await stopServer(await startServer(port, dataDir));
  console.log(`first start (new data folder: migrations, demo content): ${Math.round(performance.now() - t0)} ms`);
  // Alternately, so a change in the machine's load weighs on both alike.
  const times: Record<ServerForm, number[]> = { bundle: [], source: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const form of ['bundle', 'source'] as const) {
      t0 = performance.now();
      const server = await startServer(port, dataDir, form);
      times[form].push(Math.round(performance.now() - t0));
      await stopServer(server);
    }
  }
  for (const form of ['bundle', 'source'] as const) {
    const sorted = [...times[form]].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const label = form === 'bundle' ? 'bundled server (npm run build; how a deployment restarts)' : 'source through tsx (npm run dev)';
    console.log(`restart on the existing data folder, ${label}: ${times[form].join(', ')} ms (median ${median} ms, goal ≤ ${GOAL_MS} ms)`);
  }
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
