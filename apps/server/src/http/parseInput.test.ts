import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkInput, parseInput } from './parseInput.js';

describe('checkInput', () => {
  it('refuses a control character in any string a schema let through, naming its path', () => {
    // A schema that forgot the contract's text helpers: the net still catches it.
    const loose = z.object({ a: z.string(), list: z.array(z.object({ b: z.string() })) });
    const r = checkInput(loose, { a: 'ok\tok\r\n', list: [{ b: 'fine' }, { b: 'x\u0000y' }] });
    expect('error' in r && [r.error.status, r.error.message]).toEqual([400, 'list.1.b: 不能包含控制字符']);
    expect(() => parseInput(loose, { a: '\u001b[31m', list: [] })).toThrow('a: 不能包含控制字符');
    expect(parseInput(loose, { a: 'ok', list: [] })).toEqual({ a: 'ok', list: [] });
  });

  it('answers the schema issues first, as field errors', () => {
    const r = checkInput(z.strictObject({ n: z.number() }), { n: 'x', extra: 1 });
    expect('error' in r && r.error.message).toMatch(/^n: /);
  });
});
