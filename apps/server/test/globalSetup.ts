import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { dropTemplate, makeTemplate } from './helpers/pgTemplate.js';

/**
 * Bundles the server once per run (half a second): tests that start processes run the bundles
 * (helpers/bundle.ts). On PostgreSQL, migrates the run's template database once: each test server
 * then starts on a copy of it (helpers/pgTemplate.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [path.join(server, 'scripts/bundle.mjs')], { cwd: server, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await makeTemplate(url) : '';
  project.provide('pgTemplate', template);
  return async () => {
    if (url && template) await dropTemplate(url, template);
  };
}
