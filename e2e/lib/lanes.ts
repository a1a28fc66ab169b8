/**
 * Runs the browser suite in two lanes side by side, each one spec file at a time: the media lane
 * (specs whose pages publish a camera or play the demo streams) and the pages lane (the rest).
 * A media spec keeps Chromium encoding and decoding for its whole length; beside a pages spec,
 * which mostly waits on the server and the UI, it keeps its frame rates, while two media specs
 * side by side starved each other's streams (bench/ci/README.md). Each lane's lines carry its
 * name; each lane reports its slowest files and the per-file budget (timingsReporter.ts).
 *
 * `npm test -w e2e -- specs/room.test.ts …` runs the named files in one lane.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MEDIA = /FAKE_MEDIA_FLAGS|--use-fake-device-for-media-stream|DEMO_PUBLISHER: 'on'/;

/** A spec's text with that of the fixtures it imports from its own folder (`./pkFixtures.js`), which may start its media. */
function withFixtures(spec: string): string {
  const text = readFileSync(join(root, spec), 'utf8');
  const local = [...text.matchAll(/from '\.\/([\w.-]+)\.js'/g)].map((m) => readFileSync(join(root, 'specs', `${m[1]}.ts`), 'utf8'));
  return [text, ...local].join('\n');
}

/** The spec files of each lane. */
export function lanes(named: string[]): Record<string, string[]> {
  if (named.length > 0) return { named };
  const specs = readdirSync(join(root, 'specs'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `specs/${f}`);
  const media = specs.filter((f) => MEDIA.test(withFixtures(f)));
  return { media, pages: specs.filter((f) => !media.includes(f)) };
}

function runLane(name: string, files: string[]): Promise<number> {
  // A test that hangs fails after two minutes, naming itself, instead of holding CI to its limit.
  const args = ['--test', '--test-concurrency=1', '--test-timeout=120000', '--import', 'tsx'];
  for (const reporter of ['spec', './lib/timingsReporter.mjs']) args.push(`--test-reporter=${reporter}`, '--test-reporter-destination=stdout');
  const child = spawn(process.execPath, [...args, ...files], { cwd: root, env: { ...process.env, E2E_LANE: name }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Object.entries(lanes(process.argv.slice(2))).map(([name, files]) => runLane(name, files)));
process.exitCode = codes.some((c) => c !== 0) ? 1 : 0;
