/**
 * Where a suite's time goes: each test file's wall time, the slowest printed at the end of the
 * run, all of them written to `artifacts/timings/<suite>.json`, and a file over the budget
 * (`TEST_FILE_BUDGET_S`, 90 s by default) named and failing the run. The vitest reporter
 * (`vitestTimings.ts`) and the browser suite's node:test reporter feed it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface FileTiming {
  /** The file's path from the repository root. */
  file: string;
  ms: number;
}

/** The per-file budget in seconds. */
export function fileBudgetSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.TEST_FILE_BUDGET_S ?? 90);
  return Number.isFinite(s) && s > 0 ? s : 90;
}

/** The files over `budgetS`, slowest first. */
export function overBudget(timings: FileTiming[], budgetS: number): FileTiming[] {
  return timings.filter((t) => t.ms > budgetS * 1000).sort((a, b) => b.ms - a.ms);
}

/** The `count` slowest files as printable lines (`  93.1 s  e2e/specs/pk.test.ts`). */
export function slowestLines(timings: FileTiming[], count = 10): string[] {
  return [...timings]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}`);
}

/**
 * Prints the slowest files of `suite`, writes every file's time under `root`/artifacts/timings,
 * and returns the message naming the files over the budget (empty when none is).
 */
export function reportFileTimings(suite: string, root: string, timings: FileTiming[], print: (line: string) => void): string {
  const rel = timings.map((t) => ({ file: relative(root, t.file) || t.file, ms: Math.round(t.ms) }));
  const dir = join(root, 'artifacts', 'timings');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${suite}.json`), JSON.stringify(rel, null, 2));
  const total = rel.reduce((s, t) => s + t.ms, 0);
  print(`\n${suite}: the slowest of ${rel.length} files (${(total / 1000).toFixed(0)} s in all)`);
  for (const line of slowestLines(rel)) print(line);
  const budget = fileBudgetSeconds();
  const over = overBudget(rel, budget);
  if (over.length === 0) return '';
  return `${suite}: ${over.length} file(s) over the ${budget} s budget per file: ${over.map((t) => `${t.file} (${(t.ms / 1000).toFixed(1)} s)`).join(', ')}`;
}
