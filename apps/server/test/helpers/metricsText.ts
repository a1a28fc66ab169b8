import type { Metrics } from '../../src/metrics/metrics.js';

/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of an exposition (comments left out). */
export function parseExposition(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const m = LINE.exec(line);
    if (!m || line.startsWith('#')) return [];
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL)) labels[k!] = v!;
    return [{ name: m[1]!, labels, value: Number(m[3]) }];
  });
}

/** The value of the sample named `name` whose labels include `labels` (0 when there is none). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const hit = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hit?.value ?? 0;
}

/** The value of a sample in a started server's own exposition (tests beside a metric's event). */
export async function metricOf(s: { metrics: Metrics }, name: string, labels: Record<string, string> = {}): Promise<number> {
  return valueOf(parseExposition((await s.metrics.exposition()).text), name, labels);
}
