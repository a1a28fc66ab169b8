import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The layers of the client, lowest first: lib/ and locale/ (no React state), state/, components/,
 * screens/<Area>/, app/ (router and shell). A file imports its own layer or lower ones; a screen
 * imports no other screen's files. Tests may reach across (an API test loads the real session).
 */
const src = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative import (static or dynamic) of a file, as paths under src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => relative(src, resolve(dirname(file), m[1]!)));
}

const ALLOWED: Record<string, string[]> = {
  lib: ['lib', 'locale'],
  locale: ['lib', 'locale'],
  state: ['lib', 'locale', 'state'],
  components: ['lib', 'locale', 'state', 'components'],
};

describe('module boundaries', () => {
  const files = sources(src).map((f) => relative(src, f));

  it.each(Object.keys(ALLOWED))('%s/ imports only from lower layers', (layer) => {
    const wrong = files
      .filter((f) => f.startsWith(`${layer}/`))
      .flatMap((f) =>
        importsOf(join(src, f))
          .filter((i) => !ALLOWED[layer]!.includes(i.split('/')[0]!))
          .map((i) => `${f} → ${i}`),
      );
    expect(wrong).toEqual([]);
  });

  it('screens import lib/, locale/, state/, components/ and their own area only', () => {
    const wrong = files
      .filter((f) => f.startsWith('screens/'))
      .flatMap((f) => {
        const area = f.split('/')[1]!.replace(/\.tsx?$/, '');
        return importsOf(join(src, f))
          .filter((i) => {
            const [top, second] = i.split('/');
            if (top === 'screens') return second !== area;
            return !['lib', 'locale', 'state', 'components'].includes(top!);
          })
          .map((i) => `${f} → ${i}`);
      });
    expect(wrong).toEqual([]);
  });
});
