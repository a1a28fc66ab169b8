/**
 * The building blocks of the one configuration schema: a setting is one environment variable with
 * its documented default, its meaning and a zod schema from the raw string to its typed value; a
 * section is a module's settings and how they become that module's typed config. `loadConfig`
 * (../config.ts) parses every section at once and names every bad setting in one error.
 */
import { z } from 'zod';

type Raw = string | undefined;

/** One environment variable: name (the key it is declared under), documented default, meaning and parser. */
export interface Setting<T> {
  default: string;
  doc: string;
  schema: z.ZodType<T, Raw>;
}

/** A row of the README's settings table. */
export interface SettingRow {
  name: string;
  default: string;
  doc: string;
}

type Values<V> = { [K in keyof V]: V[K] extends Setting<infer T> ? T : never };

/** Records a problem that involves several settings (a range given by half, a URL without its secret). */
export type Fail = (name: string, message: string) => void;

/** One module's settings and the typed config they make. */
export interface Section<R> {
  rows: SettingRow[];
  schema: z.ZodType<R, Record<string, Raw>>;
}

const blank = (v: Raw): v is undefined => v === undefined || v === '';

/** A setting whose parser turns a present, non-empty string into T (or reports why it cannot). */
function setting<T>(fallback: T | (() => T), documented: string, doc: string, parse: (v: string) => T | { error: string }): Setting<T> {
  const schema = z
    .string()
    .optional()
    .transform((v, ctx): T => {
      if (blank(v)) return typeof fallback === 'function' ? (fallback as () => T)() : fallback;
      const out = parse(v);
      if (out && typeof out === 'object' && 'error' in (out as object)) {
        ctx.addIssue({ code: 'custom', message: `${(out as { error: string }).error}, got "${v}"` });
        return z.NEVER;
      }
      return out as T;
    });
  return { default: documented, doc, schema };
}

interface NumberOpts {
  min?: number;
  max?: number;
  /** The default as the table shows it (when not the number itself). */
  shown?: string;
}

/** A whole number in [min, max] (min 0 by default). */
export function int(d: number, doc: string, o: NumberOpts = {}): Setting<number> {
  const min = o.min ?? 0;
  const max = o.max ?? Number.MAX_SAFE_INTEGER;
  const what =
    max === Number.MAX_SAFE_INTEGER ? (min === 0 ? 'must be a non-negative integer' : `must be an integer ≥ ${min}`) : `must be an integer in [${min}, ${max}]`;
  return setting(d, o.shown ?? String(d), doc, (v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : { error: what };
  });
}

/** A whole number that may be left unset. */
export function optionalInt(shown: string, doc: string, o: NumberOpts = {}): Setting<number | undefined> {
  const whole = int(0, doc, o);
  return setting<number | undefined>(undefined, shown, doc, (v) => {
    const out = whole.schema.safeParse(v);
    return out.success ? out.data : { error: (out.error.issues[0]?.message ?? 'is not a whole number').replace(/, got ".*"$/, '') };
  });
}

/** A number in [min, max]; `open` excludes min. */
export function num(d: number, doc: string, o: NumberOpts & { open?: boolean }): Setting<number> {
  const min = o.min ?? 0;
  const max = o.max ?? Number.MAX_VALUE;
  return setting(d, o.shown ?? String(d), doc, (v) => {
    const n = Number(v);
    return Number.isFinite(n) && n <= max && (o.open ? n > min : n >= min) ? n : { error: `must be a number in ${o.open ? '(' : '['}${min}, ${max}]` };
  });
}

const FALSE = ['0', 'false', 'no', 'off'];
const TRUE = ['1', 'true', 'yes', 'on'];

/** A switch's value: true, false, or undefined when the text is neither. */
export const switchOf = (v: string): boolean | undefined => (TRUE.includes(v.toLowerCase()) ? true : FALSE.includes(v.toLowerCase()) ? false : undefined);

/** A switch: 1/true/yes/on or 0/false/no/off. */
export function bool(d: boolean | (() => boolean), shown: string, doc: string): Setting<boolean> {
  return setting(d, shown, doc, (v) => {
    return switchOf(v) ?? { error: 'must be 1 or 0 (true/false, yes/no, on/off)' };
  });
}

/** Free text (a URL, a path, a secret). */
export function text(d: string, shown: string, doc: string, check?: (v: string) => string | undefined): Setting<string> {
  return setting(d, shown, doc, (v) => {
    const problem = check?.(v);
    return problem ? { error: problem } : v;
  });
}

/** Free text that may be left unset. */
export function optionalText(shown: string, doc: string): Setting<string | undefined> {
  return setting<string | undefined>(undefined, shown, doc, (v) => v);
}

/** One of a fixed list of words (compared without case). */
export function oneOf<const W extends readonly string[]>(words: W, d: W[number], doc: string, aliases: Record<string, W[number]> = {}): Setting<W[number]> {
  return setting<W[number]>(d, d, doc, (v) => {
    const s = v.toLowerCase();
    if ((words as readonly string[]).includes(s)) return s as W[number];
    if (s in aliases) return aliases[s] as W[number];
    return { error: `must be one of ${words.join(', ')}` };
  });
}

/** A comma-separated list; each item passes `item` or is reported. */
export function list<T>(d: T[], shown: string, doc: string, item: (s: string) => T | { error: string }): Setting<T[]> {
  return setting(d, shown, doc, (v) => {
    const out: T[] = [];
    for (const s of v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const one = item(s);
      if (one && typeof one === 'object' && 'error' in (one as object)) return one as { error: string };
      out.push(one as T);
    }
    return out;
  });
}

/**
 * A module's settings: `vars` maps each environment variable to its setting, `build` makes the
 * module's typed config from their values (and reports problems that involve several of them).
 */
export function section<V extends Record<string, Setting<unknown>>, R>(vars: V, build: (v: Values<V>, fail: Fail) => R): Section<R> {
  const shape = Object.fromEntries(Object.entries(vars).map(([name, s]) => [name, s.schema])) as { [K in keyof V]: V[K]['schema'] };
  const schema = z
    .object(shape)
    .transform((values, ctx) => build(values as Values<V>, (name, message) => ctx.addIssue({ code: 'custom', path: [name], message })));
  return {
    rows: Object.entries(vars).map(([name, s]) => ({ name, default: s.default, doc: s.doc })),
    schema: schema as unknown as z.ZodType<R, Record<string, Raw>>,
  };
}
