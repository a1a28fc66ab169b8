import { configDefaults, defineConfig } from 'vitest/config';
import FileTimingsReporter from './packages/testkit/src/vitestTimings.js';

// `npm run test:scale` (TEST_SUITE=scale) runs the server project again on PostgreSQL, Redis and Janus.
// These files touch none of them (the embedded media engine alone, `startMediaApp`): they ran in
// `npm test` already. mediaEngines.test.ts skips its embedded half the same way.
const untouchedByScale = ['test/media.test.ts', 'test/mediaH264.test.ts', 'test/whip.test.ts'];

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
          exclude: [...configDefaults.exclude, ...(process.env.TEST_SUITE === 'scale' ? untouchedByScale : [])],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Two files at a time (the default here is one worker per core but one). Files share no
          // state: servers on free ports, fresh PostgreSQL schemas (migrated and dropped under an
          // advisory lock, test/helpers/testServer.ts) and Redis prefixes, settings passed in.
          fileParallelism: true,
          maxWorkers: 2,
          // A project with its own maxWorkers runs in its own group.
          sequence: { groupOrder: 1 },
          // One module graph per worker: each file importing the whole server again cost ~1.5 s of CPU.
          isolate: false,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
