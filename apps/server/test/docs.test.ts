import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';

// The decision records in docs/decisions/: one decision per short dated file, listed in its README.
const DIR = path.join(REPO_ROOT, 'docs/decisions');
const NAME = /^\d{4}-[a-z0-9-]+\.md$/;
const MAX_WORDS = 200;

const files = fs
  .readdirSync(DIR)
  .filter((f) => f !== 'README.md')
  .sort();
const text = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');
const numberOf = (f: string) => Number(f.slice(0, 4));
/** Record files a text links to, as `](NNNN-title.md)`. */
const linked = (s: string) => [...s.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((m) => m[1]!);

describe('decision records', () => {
  it('exist, each named NNNN-kebab-title.md', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !NAME.test(f))).toEqual([]);
  });

  it('each has a title, a Date line and the three headings in order, within the word limit', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const s = text(f);
      const lines = s.split('\n');
      const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(s)?.[1];
      const at = ['## Context', '## Decision', '## Consequences'].map((h) => lines.indexOf(h));
      if (!/^# \S/.test(lines[0] ?? '')) wrong.push(`${f}: no "# Title" first line`);
      if (!date || Number.isNaN(Date.parse(date))) wrong.push(`${f}: no "Date: YYYY-MM-DD" line`);
      if (at.some((i) => i < 0) || at[0]! > at[1]! || at[1]! > at[2]!) wrong.push(`${f}: needs ## Context, ## Decision, ## Consequences in order`);
      const words = s.split(/\s+/).filter(Boolean).length;
      if (words > MAX_WORDS) wrong.push(`${f}: ${words} words (at most ${MAX_WORDS})`);
    }
    expect(wrong).toEqual([]);
  });

  it('are numbered 0001, 0002, … without a gap or a repeat', () => {
    expect(files.map(numberOf)).toEqual(files.map((_, i) => i + 1));
  });

  it('link only to records that exist, and a superseded record names its successor', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const s = text(f);
      for (const l of linked(s)) if (!files.includes(l)) wrong.push(`${f} links to missing ${l}`);
      for (const m of s.matchAll(/^Supersedes \[\d{4}\]\((\S+?)\)/gm)) {
        const old = m[1]!;
        if (files.includes(old) && !linked(text(old).split('\n## Context')[0]!).includes(f)) wrong.push(`${old} lacks "Superseded by" ${f}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are all listed in the README index, which lists nothing else', () => {
    const listed = linked(text('README.md'));
    expect(files.filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f) => !files.includes(f))).toEqual([]);
  });
});

// docs/map.md, the newcomer's map: every repository path it names in backticks must exist, so a
// move that leaves the map behind fails here. Patterns (`<area>`, `*`) are not paths.
describe('the map of the code', () => {
  const map = fs.readFileSync(path.join(REPO_ROOT, 'docs/map.md'), 'utf8');
  const named = [...map.matchAll(/`((?:apps|packages|docs|bench|e2e|deploy)\/[^`\s<>*]+)`/g)].map((m) => m[1]!);

  it('names paths, and every one exists', () => {
    expect(named.length).toBeGreaterThan(40);
    expect([...new Set(named)].filter((p) => !fs.existsSync(path.join(REPO_ROOT, p)))).toEqual([]);
  });

  it('is linked from the README', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain('(docs/map.md)');
  });
});

// The media module's README describes what is in at most 1,500 words and links the decisions for the
// rest; what an operator sets up around it is deploy/media.md. Every link of either must resolve.
describe('the media docs', () => {
  const readme = path.join(REPO_ROOT, 'apps/server/src/media/README.md');
  const deploy = path.join(REPO_ROOT, 'deploy/media.md');

  it('keep the media README within 1,500 words', () => {
    expect(fs.readFileSync(readme, 'utf8').split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1500);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const doc of [readme, deploy]) {
      for (const m of fs.readFileSync(doc, 'utf8').matchAll(/\]\(([^)#\s]+)\)/g)) {
        if (!/^https?:/.test(m[1]!) && !fs.existsSync(path.resolve(path.dirname(doc), m[1]!))) broken.push(`${path.relative(REPO_ROOT, doc)} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
