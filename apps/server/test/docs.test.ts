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
/** A line under the Date line naming a record this one replaces, or one that replaced it (optionally a part, in brackets). */
const SUPERSESSION = /^(Supersedes|Superseded by) \[(\d{4})\]\((\S+?)\)(?: \(.+\))?$/;
/** The lines between the title and ## Context. */
const headOf = (s: string) => s.split('\n## Context')[0]!.split('\n');
/** A record's supersession lines: which records it supersedes and which superseded it. */
const supersessions = (f: string) => {
  const out: { kind: 'Supersedes' | 'Superseded by'; num: string; file: string }[] = [];
  for (const l of headOf(text(f))) {
    const m = SUPERSESSION.exec(l);
    if (m) out.push({ kind: m[1] as 'Supersedes' | 'Superseded by', num: m[2]!, file: m[3]! });
  }
  return out;
};

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
      // The Supersedes / Superseded by lines are added to a record as later ones replace it, so they do not count.
      const words = s
        .split('\n')
        .filter((l) => !SUPERSESSION.test(l))
        .join('\n')
        .split(/\s+/)
        .filter(Boolean).length;
      if (words > MAX_WORDS) wrong.push(`${f}: ${words} words (at most ${MAX_WORDS})`);
    }
    expect(wrong).toEqual([]);
  });

  it('are numbered 0001, 0002, … without a gap or a repeat', () => {
    expect(files.map(numberOf)).toEqual(files.map((_, i) => i + 1));
  });

  it('link only to records that exist', () => {
    const wrong: string[] = [];
    for (const f of files) for (const l of linked(text(f))) if (!files.includes(l)) wrong.push(`${f} links to missing ${l}`);
    expect(wrong).toEqual([]);
  });

  it('say Supersedes and Superseded by under the Date line, both ways, naming existing records', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const head = headOf(text(f));
      const date = head.findIndex((l) => l.startsWith('Date: '));
      // Only supersession lines between the Date line and ## Context, each in the one form.
      head.forEach((l, i) => {
        if (i > date && l.trim() !== '' && !SUPERSESSION.test(l))
          wrong.push(`${f}: "${l}" under the Date line is not "Supersedes [NNNN](NNNN-title.md)" or "Superseded by …"`);
        if (i < date && /^Supersede/.test(l)) wrong.push(`${f}: "${l}" above the Date line`);
      });
      for (const { kind, num, file } of supersessions(f)) {
        if (!file.startsWith(`${num}-`)) wrong.push(`${f}: ${kind} [${num}] links to ${file}`);
        if (!files.includes(file)) {
          wrong.push(`${f}: ${kind} missing ${file}`);
          continue;
        }
        if (file === f) wrong.push(`${f}: ${kind} itself`);
        if (kind === 'Supersedes' && numberOf(file) >= numberOf(f)) wrong.push(`${f} supersedes the later ${file}`);
        if (kind === 'Superseded by' && numberOf(file) <= numberOf(f)) wrong.push(`${f} is superseded by the earlier ${file}`);
        const back = kind === 'Supersedes' ? 'Superseded by' : 'Supersedes';
        if (!supersessions(file).some((o) => o.kind === back && o.file === f)) wrong.push(`${file} lacks "${back} [${f.slice(0, 4)}](${f})"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are all listed in the README index, which lists nothing else', () => {
    const listed = linked(text('README.md'));
    expect(files.filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f) => !files.includes(f))).toEqual([]);
  });

  it('are marked "(superseded by NNNN, …)" in the index exactly when a later record superseded them', () => {
    const wrong: string[] = [];
    for (const line of text('README.md').split('\n')) {
      const f = /^- \d{4} \[.*\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(line)?.[1];
      if (!f || !files.includes(f)) continue;
      const said = /\(superseded by ([\d, ]+)\)$/.exec(line)?.[1]?.split(', ') ?? [];
      const by = supersessions(f)
        .filter((s) => s.kind === 'Superseded by')
        .map((s) => s.num)
        .sort();
      if (said.join() !== by.join()) wrong.push(`${f}: the index says superseded by [${said.join(', ')}], the record [${by.join(', ')}]`);
    }
    expect(wrong).toEqual([]);
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
