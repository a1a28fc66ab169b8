import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The launch budget (issue 19, decision "launch budget"): JavaScript before the first screen, gzip. */
export const LAUNCH_BUDGET_BYTES = 120 * 1024;

export interface LaunchJs {
  files: { file: string; raw: number; gzip: number }[];
  rawBytes: number;
  gzipBytes: number;
}

const SCRIPT_REFS = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g;
/** Static imports in a built chunk (`import{a as b}from"./x.js"`, `import"./y.js"`), not `import("./z.js")`. */
const STATIC_IMPORTS = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?from\s*)?["']\.\/([^"']+\.js)["']/g;

/**
 * Every script the built index.html loads or preloads, and whatever those import statically (all
 * of it runs before the first screen), with its raw and gzip size. Dynamic imports are not counted.
 */
export function launchJs(dist: string): LaunchJs {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(SCRIPT_REFS)].map((m) => m[1]!);
  const seen = new Set<string>();
  const files: LaunchJs['files'] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const body = readFileSync(join(dist, file));
    files.push({ file, raw: body.length, gzip: gzipSync(body).length });
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const m of body.toString('utf8').matchAll(STATIC_IMPORTS)) queue.push(dir + m[1]!);
  }
  return { files, rawBytes: files.reduce((n, f) => n + f.raw, 0), gzipBytes: files.reduce((n, f) => n + f.gzip, 0) };
}

export const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
