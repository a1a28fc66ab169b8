import { z } from 'zod';

/**
 * Text input, one way for every string a client sends (docs/decisions/0135-one-way-for-text-input-line-text-name-opaque.md).
 * - `line()`: one line. C0 controls (NUL included), DEL and C1 are refused; invisible and
 *   direction-changing characters are stripped (an emoji's joiner is kept).
 * - `text()`: several lines. Like `line()`, but tab and newline are allowed (CRLF and CR become LF,
 *   U+2028/U+2029 too).
 * - `name()`: a name shown for someone or something (nickname, room title…). Like `line()`, but
 *   invisible and direction-changing characters are refused, not stripped, so a name cannot be spoofed.
 * - `opaque()`: one line passed on as is (passwords, tokens, keys): controls refused, nothing changed.
 * Add trim and length checks after these: they run in order, so lengths count the cleaned text.
 */

export const CONTROL_MESSAGE = '不能包含控制字符';
export const INVISIBLE_MESSAGE = '不能包含不可见或改变文字方向的字符';

/** C0 controls (NUL included), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** The same without tab and newline. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;

/**
 * Invisible and direction-changing characters: every format character (Cf: soft hyphen, bidi marks,
 * embeddings, overrides and isolates, zero-width space / joiners, word joiner, invisible operators,
 * BOM, tag characters…), the line and paragraph separators, and letters or marks that draw nothing
 * and are used as blank names (Hangul fillers, combining grapheme joiner, Khmer inherent vowels,
 * Mongolian variation selectors, braille blank).
 */
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is matched on its own, on purpose
const INVISIBLE = /[\p{Cf}\u2028\u2029\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0]/u;
const ZWJ = '\u200d';
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
// eslint-disable-next-line no-misleading-character-class -- the selector and skin tones are matched one by one, on purpose
const EMOJI_MODIFIERS = /[\ufe0f\u{1f3fb}-\u{1f3ff}]+$/u;
/** A subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) is the black flag, tag characters and the cancel tag. */
const BLACK_FLAG = '\u{1f3f4}';
const TAG_CHAR = /[\u{e0020}-\u{e007e}]/u;
const CANCEL_TAG = '\u{e007f}';

/** Whether `s` has a control character (`lines`: tab and newline allowed). */
export const hasControl = (s: string, lines = false): boolean => (lines ? CONTROL_IN_TEXT : CONTROL).test(s);

/** Whether `s` has an invisible or direction-changing character. */
export const hasInvisible = (s: string): boolean => INVISIBLE.test(s);

/**
 * `s` without its invisible and direction-changing characters. A zero-width joiner between two
 * emoji (👨‍👩‍👧) and the tags of a subdivision flag stay, so emoji are not broken.
 */
export function stripInvisible(s: string): string {
  if (!INVISIBLE.test(s)) return s;
  const chars = Array.from(s);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === BLACK_FLAG) {
      // A subdivision flag: tag characters ended by the cancel tag stay with their flag.
      let j = i + 1;
      while (j < chars.length && TAG_CHAR.test(chars[j]!)) j++;
      if (j > i + 1 && chars[j] === CANCEL_TAG) {
        out += chars.slice(i, j + 1).join('');
        i = j;
        continue;
      }
    }
    if (c === ZWJ) {
      // Kept between a pictograph (maybe with its variation selector or skin tone) and the next one.
      const before = Array.from(out.replace(EMOJI_MODIFIERS, '')).at(-1);
      const after = chars[i + 1];
      if (before && after && PICTOGRAPH.test(before) && PICTOGRAPH.test(after)) out += c;
      continue;
    }
    if (!INVISIBLE.test(c)) out += c;
  }
  return out;
}

/** Multi-line text with every line break as LF. */
const toLf = (s: string): string => s.replace(/\r\n?|[\u2028\u2029]/g, '\n');

/** One line: controls refused, invisible characters stripped. */
export const line = () =>
  z
    .string()
    .refine((s) => !hasControl(s), { message: CONTROL_MESSAGE, abort: true })
    .overwrite(stripInvisible);

/** Several lines: tab and newline allowed, other controls refused, invisible characters stripped. */
export const text = () =>
  z
    .string()
    .overwrite(toLf)
    .refine((s) => !hasControl(s, true), { message: CONTROL_MESSAGE, abort: true })
    .overwrite(stripInvisible);

/** A name: one line, controls and invisible or direction-changing characters refused. */
export const name = () =>
  z
    .string()
    .refine((s) => !hasControl(s), { message: CONTROL_MESSAGE, abort: true })
    .refine((s) => !hasInvisible(s), { message: INVISIBLE_MESSAGE, abort: true });

/** One line passed on unchanged (passwords, tokens, keys): controls refused. */
export const opaque = () => z.string().refine((s) => !hasControl(s), { message: CONTROL_MESSAGE, abort: true });

/** Largest value of a PostgreSQL `integer` (int4) column: ids, counts and other integers stored as int4. */
export const INT4_MAX = 2147483647;

/**
 * The path of the first string in `value` holding a control character other than tab, LF and CR, or
 * null: the server's safety net under the helpers above, so no NUL reaches the database.
 */
export function controlPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (typeof value === 'string') return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = controlPath(value[i], [...path, i]);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const p = controlPath(v, [...path, k]);
      if (p) return p;
    }
  }
  return null;
}
