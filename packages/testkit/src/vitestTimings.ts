import type { Reporter, TestModule } from 'vitest/node';
import { reportFileTimings } from './fileTimings.js';

/**
 * A vitest reporter beside the default one: prints the slowest test files of the run, writes all
 * of them to artifacts/timings/vitest-<projects>.json, and fails the run naming any file over the
 * per-file budget. A file's time is its own: environment, import, setup, tests and hooks.
 */
export default class FileTimingsReporter implements Reporter {
  constructor(private readonly root = process.cwd()) {}

  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length === 0) return;
    const projects = [...new Set(modules.map((m) => m.project.name))].sort().join('-');
    const suite = `vitest-${process.env.TEST_SUITE === 'scale' ? 'scale' : projects}`;
    const timings = modules.map((m) => {
      const d = m.diagnostic();
      return { file: m.moduleId, ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration };
    });
    const breach = reportFileTimings(suite, this.root, timings, (line) => console.log(line));
    if (breach) {
      console.error(`\n${breach}`);
      process.exitCode = 1;
    }
  }
}
