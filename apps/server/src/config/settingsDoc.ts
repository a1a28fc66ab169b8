/**
 * The settings table of README.md and apps/server/ENV.md, made from the configuration schema:
 * `npm run settings -w apps/server` writes it between the `<!-- settings -->` markers, and a test
 * fails when a file's table differs from the schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SETTINGS } from '../config.js';

export const SETTINGS_DOCS = [path.join(REPO_ROOT, 'README.md'), path.join(REPO_ROOT, 'apps/server/ENV.md')];
const OPEN = '<!-- settings -->';
const CLOSE = '<!-- /settings -->';

/** The markdown table of every setting. */
export function settingsTable(): string {
  const shown = (d: string) => (d.startsWith('(') ? d : `\`${d}\``);
  return ['| Variable | Default | What it does |', '|---|---|---|', ...SETTINGS.map((s) => `| \`${s.name}\` | ${shown(s.default)} | ${s.doc} |`)].join('\n');
}

/** The table a document holds now, between its markers. */
export function tableIn(doc: string): string | undefined {
  const i = doc.indexOf(OPEN);
  const j = doc.indexOf(CLOSE);
  return i < 0 || j < i ? undefined : doc.slice(i + OPEN.length, j).trim();
}

/** Writes the current table into a document's markers. */
export function writeTable(file: string): void {
  const doc = fs.readFileSync(file, 'utf8');
  const i = doc.indexOf(OPEN);
  const j = doc.indexOf(CLOSE);
  if (i < 0 || j < i) throw new Error(`${file} has no ${OPEN} … ${CLOSE} markers`);
  fs.writeFileSync(file, `${doc.slice(0, i + OPEN.length)}\n${settingsTable()}\n${doc.slice(j)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  for (const file of SETTINGS_DOCS) writeTable(file);
  console.log(`wrote the settings table (${SETTINGS.length} settings) into ${SETTINGS_DOCS.map((f) => path.relative(REPO_ROOT, f)).join(', ')}`);
}
