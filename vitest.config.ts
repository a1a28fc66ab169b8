import { defineConfig } from 'vitest/config';

// One vitest run, one project per workspace. `npm run test:unit` / `test:server` pick projects.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'kit', root: 'packages/kit', include: ['src/**/*.test.ts'] } },
      { test: { name: 'testkit', root: 'packages/testkit', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
