import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileBudgetSeconds, overBudget, reportFileTimings, slowestLines } from './fileTimings.js';

describe('file timings', () => {
  const timings = [
    { file: '/repo/a.test.ts', ms: 1_200 },
    { file: '/repo/b.test.ts', ms: 95_000 },
    { file: '/repo/c.test.ts', ms: 30_000 },
  ];

  it('lists the slowest files first', () => {
    expect(slowestLines(timings, 2)).toEqual(['   95.0 s  /repo/b.test.ts', '   30.0 s  /repo/c.test.ts']);
  });

  it('names the files over the budget, and only those', () => {
    expect(overBudget(timings, 90).map((t) => t.file)).toEqual(['/repo/b.test.ts']);
    expect(overBudget(timings, 100)).toEqual([]);
  });

  it('reads the budget from TEST_FILE_BUDGET_S, 90 s when unset or not a positive number', () => {
    expect(fileBudgetSeconds({})).toBe(90);
    expect(fileBudgetSeconds({ TEST_FILE_BUDGET_S: '120' })).toBe(120);
    expect(fileBudgetSeconds({ TEST_FILE_BUDGET_S: 'soon' })).toBe(90);
  });

  it('writes every file relative to the root, prints the slowest and returns the breach', () => {
    const root = mkdtempSync(join(tmpdir(), 'timings-'));
    const lines: string[] = [];
    const breach = reportFileTimings(
      'demo',
      root,
      timings.map((t) => ({ ...t, file: join(root, t.file) })),
      (l) => lines.push(l),
    );
    const written = JSON.parse(readFileSync(join(root, 'artifacts/timings/demo.json'), 'utf8')) as { file: string; ms: number }[];
    expect(written.map((t) => t.file).sort()).toEqual(['repo/a.test.ts', 'repo/b.test.ts', 'repo/c.test.ts']);
    expect(lines[1]).toContain('repo/b.test.ts');
    expect(breach).toContain('repo/b.test.ts (95.0 s)');
    expect(breach).not.toContain('c.test.ts');
  });
});
