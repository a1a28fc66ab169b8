import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import FileTimingsReporter from './packages/testkit/src/vitestTimings.js';

// `npm run test:scale` (TEST_SUITE=scale) runs the server project again on PostgreSQL, Redis and Janus.
// These files touch none of them (the embedded media engine alone, `startMediaApp`, and the tests
// beside the code in src/, which start no server): they ran in `npm test` already.
// mediaEngines.test.ts skips its embedded half the same way.
const untouchedByScale = ['src/**', 'test/media.test.ts', 'test/mediaH264.test.ts', 'test/whip.test.ts'];

// The web tests share one jsdom per worker (setting up jsdom for each file was 37 of the project's
// 67 s): all but the files that replace a module (vi.mock) or set up i18next themselves, which get
// their own, as a module they replace or a language they choose would reach the files after them.
const webRoot = 'apps/web';
const ownsModules = (file: string) => /\bvi\.mock\(|\bi18next\.init\(/.test(readFileSync(join(webRoot, file), 'utf8'));
const webTests = readdirSync(join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => join('src', f));
const webIsolated = webTests.filter(ownsModules);

// One vitest run, one project per workspace. `npm run test:unit` / `test:server` pick projects.
export default defineConfig({
  test: {
    // The slowest files of each run, and a file over its budget (90 s) fails the run: bench/ci/README.md.
    reporters: ['default', new FileTimingsReporter(import.meta.dirname)],
    projects: [
      { test: { name: 'kit', root: 'packages/kit', include: ['src/**/*.test.ts'] } },
      { test: { name: 'testkit', root: 'packages/testkit', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The bundles that tests starting a process run (test/helpers/bundle.ts), made once per run.
          globalSetup: [join(import.meta.dirname, 'apps/server/test/globalSetup.ts')],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_SUITE === 'scale' ? untouchedByScale : [])],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Two files at a time (the default here is one worker per core but one). Files share no
          // state: servers on free ports, fresh PostgreSQL databases (copies of one migrated per run,
          // test/helpers/pgTemplate.ts) and Redis prefixes, settings passed in.
          fileParallelism: true,
          maxWorkers: 2,
          // A project with its own maxWorkers runs in its own group.
          sequence: { groupOrder: 1 },
          // One module graph per worker: each file importing the whole server again cost ~1.5 s of CPU.
          isolate: false,
        },
      },
      { test: { name: 'web', root: webRoot, include: ['src/**/*.test.{ts,tsx}'], exclude: webIsolated, environment: 'jsdom', isolate: false } },
      { test: { name: 'web-isolated', root: webRoot, include: webIsolated, environment: 'jsdom' } },
    ],
  },
});
