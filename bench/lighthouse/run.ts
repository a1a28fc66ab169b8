import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { kib, launchJs, LAUNCH_BUDGET_BYTES } from '../lib/launchJs.js';
import { freePort, repoRoot, spawnServer, stopServer, waitHttp } from '../lib/proc.js';

/**
 * `npm run lighthouse`: Lighthouse 12.2.3 (mobile form factor, its default throttling) on the built
 * app served by the real server, for the launch route and the live list; prints the scores and the
 * launch JavaScript (what index.html loads before the first screen, KiB gzip).
 * Goals (issue 19): Performance ≥ 90, Accessibility ≥ 95, Best Practices ≥ 95.
 *
 * Lighthouse's simulated throttling scales the main-thread time it observes, so on a shared machine
 * a score moves with the load. Each route is measured LIGHTHOUSE_RUNS times (default 3) and the
 * median is the result. LIGHTHOUSE_BASELINE=<a built apps/web/dist> (e.g. main's) serves that build
 * from a second server and measures it in the same rounds, alternating with this one, so both see
 * the same load.
 */
const ROUTES = process.env.LIGHTHOUSE_ROUTE ? [process.env.LIGHTHOUSE_ROUTE] : ['/', '/#/pages/live/index'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, number> = { performance: 90, accessibility: 95, 'best-practices': 95 };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

const dist = join(repoRoot, 'apps/web/dist');
const js = launchJs(dist);
console.log(`launch JS: ${kib(js.gzipBytes)} KiB gzip (${kib(js.rawBytes)} KiB raw) in ${js.files.length} files; budget ${kib(LAUNCH_BUDGET_BYTES)} KiB`);

interface Target {
  name: string;
  port: number;
  dataDir: string;
  server: ChildProcess;
}

async function serve(name: string, webDist: string): Promise<Target> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const server = spawnServer(port, dataDir, 'bundle', { WEB_DIST: webDist });
  await waitHttp(`http://127.0.0.1:${port}/healthz`, server, 120_000);
  return { name, port, dataDir, server };
}

interface Run {
  scores: Record<Category, number>;
  metrics: Record<keyof typeof METRICS, number>;
  load: number;
  lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const targets = [await serve('this build', dist)];
if (process.env.LIGHTHOUSE_BASELINE) targets.push(await serve('baseline', resolve(process.env.LIGHTHOUSE_BASELINE)));
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let missed = 0;
try {
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${new Date().toISOString()}); ${RUNS} run(s) per route`,
  );
  for (const route of ROUTES) {
    const runs = new Map<string, Run[]>(targets.map((t) => [t.name, []]));
    // A first visit warms each server's caches (SQLite pages, the demo content), as a deployed server is warm.
    for (const t of targets)
      await lighthouse(`http://127.0.0.1:${t.port}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    for (let i = 0; i < RUNS; i++) {
      for (const t of i % 2 ? [...targets].reverse() : targets) {
        const load = loadavg()[0]!;
        const result = await lighthouse(`http://127.0.0.1:${t.port}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'];
        const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN])) as Run['metrics'];
        runs.get(t.name)!.push({ scores, metrics, load, lhr });
        console.log(
          `  ${route} ${t.name.padEnd(10)} run ${i + 1}: performance ${scores.performance} (FCP ${(metrics.FCP / 1000).toFixed(1)} s, LCP ${(metrics.LCP / 1000).toFixed(1)} s, TBT ${Math.round(metrics.TBT)} ms, CLS ${metrics.CLS.toFixed(3)}) at load ${load.toFixed(1)}`,
        );
      }
    }
    for (const t of targets) {
      const rs = runs.get(t.name)!;
      const scores = CATEGORIES.map((c) => {
        const score = median(rs.map((r) => r.scores[c]));
        if (t === targets[0] && score < GOALS[c]) missed++;
        return `${c} ${score}${score < GOALS[c] ? ` (goal ${GOALS[c]})` : ''}`;
      });
      const m = (k: keyof typeof METRICS) => median(rs.map((r) => r.metrics[k]));
      console.log(`${route.padEnd(22)} ${t.name}: median of ${rs.length}: ${scores.join(', ')}`);
      console.log(
        `${''.padEnd(22)} FCP ${(m('FCP') / 1000).toFixed(1)} s, LCP ${(m('LCP') / 1000).toFixed(1)} s, TBT ${Math.round(m('TBT'))} ms, CLS ${m('CLS').toFixed(3)}, SI ${(m('SI') / 1000).toFixed(1)} s; performance ${rs.map((r) => r.scores.performance).join(' ')} at load ${rs.map((r) => r.load.toFixed(1)).join(' ')}`,
      );
    }
    const lhr = runs.get(targets[0]!.name)!.at(-1)!.lhr;
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const id of ['bootup-time', 'long-tasks', 'network-requests']) {
        const items = (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, id === 'network-requests' ? 60 : 6)) console.log(`${''.padEnd(24)} ${id}: ${JSON.stringify(item).slice(0, 260)}`);
      }
    }
    for (const c of CATEGORIES) {
      const failing = (lhr.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9).map((ref) => ref.id);
      if (failing.length > 0) console.log(`${''.padEnd(22)} ${c} below 0.9 (last run): ${failing.join(', ')}`);
      for (const id of c === 'performance' ? [] : failing) {
        const items = (lhr.audits[id]?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 4))
          console.log(`${''.padEnd(24)} ${id}: ${item.node?.snippet?.slice(0, 100)} ${item.node?.explanation?.split('\n')[1] ?? ''}`);
      }
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await chrome.kill();
  for (const t of targets) {
    await stopServer(t.server);
    rmSync(t.dataDir, { recursive: true, force: true });
  }
}
if (missed > 0) console.log(`${missed} median score(s) below the goals`);
