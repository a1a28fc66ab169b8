import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bundles the server once per run (half a second): tests that start processes run the bundles (helpers/bundle.ts). */
export default function setup(): void {
  const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [path.join(server, 'scripts/bundle.mjs')], { cwd: server, stdio: ['ignore', 'ignore', 'inherit'] });
}
