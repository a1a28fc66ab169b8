import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlPath, hasControl, hasInvisible, line, name, opaque, stripInvisible, text } from './text.js';

const CONTROLS = [...Array(32).keys(), ...Array.from({ length: 33 }, (_, i) => 0x7f + i)].map((c) => String.fromCharCode(c));
const INVISIBLES = [
  '\u00ad',
  '\u061c',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2060',
  '\u2064',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\u3164',
  '\u115f',
  '\u1160',
  '\uffa0',
  '\u2800',
  '\u034f',
  '\u{e0041}',
  '\u2028',
];

describe('text input helpers', () => {
  it('line() refuses every C0/C1 control and DEL, NUL included', () => {
    for (const c of CONTROLS) {
      const r = line().safeParse(`a${c}b`);
      expect(r.success, JSON.stringify(c)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('不能包含控制字符');
    }
  });

  it('text() allows tab and newline, turns CRLF into LF, refuses other controls', () => {
    expect(text().parse('a\tb\r\nc\rd\u2028e')).toBe('a\tb\nc\nd\ne');
    for (const c of CONTROLS.filter((c) => c !== '\t' && c !== '\n' && c !== '\r')) {
      expect(text().safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it('name() refuses invisible and direction-changing characters; line() and text() strip them', () => {
    for (const c of INVISIBLES) {
      const r = name().safeParse(`ab${c}cd`);
      expect(r.success, c.codePointAt(0)!.toString(16)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('不能包含不可见或改变文字方向的字符');
      expect(line().parse(`ab${c}cd`)).toBe('abcd');
      if (c !== '\u2028') expect(text().parse(`ab${c}cd`)).toBe('abcd');
    }
    expect(name().parse('主播 小明 ❤️')).toBe('主播 小明 ❤️');
  });

  it('keeps emoji whole: a joiner between pictographs, a subdivision flag', () => {
    const family = '👨\u200d👩\u200d👧';
    const health = '👩🏽\u200d⚕️';
    const scotland = '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}';
    expect(stripInvisible(`hi ${family} ${health} ${scotland}`)).toBe(`hi ${family} ${health} ${scotland}`);
    expect(stripInvisible(`a\u200db 👨\u200d`)).toBe('ab 👨');
    expect(stripInvisible('\u{e0067}\u{e007f}x')).toBe('x');
  });

  it('checks lengths on the cleaned text, in order', () => {
    const s = line().trim().min(1).max(3);
    expect(s.safeParse('\u202e\u200b ').success).toBe(false);
    expect(s.parse(' a\u202ebc\u200b ')).toBe('abc');
  });

  it('opaque() keeps the value as sent', () => {
    expect(opaque().parse('pa\u200bss1')).toBe('pa\u200bss1');
    expect(opaque().safeParse('pa\u0000ss1').success).toBe(false);
  });

  it('property: what line() and text() accept has no control and no invisible character, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const l = line().safeParse(s);
        if (l.success) {
          expect(hasControl(l.data)).toBe(false);
          expect(hasInvisible(l.data.replace(/\u200d|[\u{e0020}-\u{e007f}]/gu, ''))).toBe(false);
          expect(stripInvisible(l.data)).toBe(l.data);
        } else expect(hasControl(s)).toBe(true);
        const t = text().safeParse(s);
        if (t.success) expect(hasControl(t.data, true) || t.data.includes('\r')).toBe(false);
        const n = name().safeParse(s);
        if (n.success) expect(hasControl(s) || hasInvisible(s)).toBe(false);
        else expect(hasControl(s) || hasInvisible(s)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: stripping keeps every visible character in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '中', ' ', '😀', ...INVISIBLES)), (parts) => {
        const visible = parts.filter((p) => !INVISIBLES.includes(p)).join('');
        const out = stripInvisible(parts.join(''));
        // Every visible character, in order; the one invisible kept is a joiner between two pictographs (an emoji sequence).
        expect(out.replaceAll('\u200d', '')).toBe(visible);
        expect(out).not.toMatch(/(^|[^\p{Extended_Pictographic}])\u200d|\u200d($|[^\p{Extended_Pictographic}])/u);
      }),
    );
  });

  it('controlPath() names the first string with a control, beside tab and newline', () => {
    expect(controlPath({ a: 'x\ty\r\n', b: [{ c: 'ok' }, { d: 'n\u0000' }] })).toEqual(['b', 1, 'd']);
    expect(controlPath({ a: ['x', 'y'], n: 1, z: null })).toBeNull();
    expect(controlPath(['ok', 'del\u007f'])).toEqual([1]);
    expect(controlPath({ c1: 'next line\u0085' })).toEqual(['c1']);
  });
});
