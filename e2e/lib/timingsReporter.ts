/**
 * The browser suite's own timing report (a node:test reporter beside `spec`): each spec file's
 * wall time, from its process's start to its end (the runner reports the file itself as a test
 * named by its path: dequeued when it starts, complete when it ends), the slowest printed at the
 * end, and a file over the per-file budget failing the run.
 */
import { performance } from 'node:perf_hooks';
import { reportFileTimings } from '@app/testkit';
import { repoRoot } from './server.js';

interface TestEvent {
  type: string;
  data?: { file?: string; name?: string };
}

export default async function* fileTimings(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const started = new Map<string, number>();
  const timings: { file: string; ms: number }[] = [];
  for await (const event of source) {
    const file = event.data?.file;
    if (!file || event.data?.name !== file) continue;
    if (event.type === 'test:dequeue') started.set(file, performance.now());
    if (event.type === 'test:complete' && started.has(file)) timings.push({ file, ms: performance.now() - started.get(file)! });
  }
  const lines: string[] = [];
  const breach = reportFileTimings(process.env.E2E_LANE ? `e2e-${process.env.E2E_LANE}` : 'e2e', repoRoot, timings, (l) => lines.push(l));
  yield `${lines.join('\n')}\n`;
  if (breach) {
    yield `\n${breach}\n`;
    process.exitCode = 1;
  }
}
