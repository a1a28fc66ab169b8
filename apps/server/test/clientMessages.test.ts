/**
 * English is complete down to the server's own words: every zh-CN message the server's source can
 * send to a member (error messages, field errors, wallet and notice texts) has an English text in
 * the locale package, with the same variable parts, and the table holds nothing the server no
 * longer sends.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '@app/locale/serverMessages.en.json' with { type: 'json' };
import { clientMessages } from './helpers/clientMessages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sent = clientMessages([path.join(root, 'apps/server/src'), path.join(root, 'packages/contract/src')]);
const table: Record<string, string> = en;
const holes = (s: string) => [...s.matchAll(/\{\d\}/g)].map((m) => m[0]).sort();

describe('English texts of the server messages', () => {
  it('finds the messages in the source (the scan works)', () => {
    expect(sent.get('回放不存在或不可见')).toMatch(/replay\.service\.ts:\d+$/);
    expect(sent.has('房间密码错误，还可尝试{0}次')).toBe(true);
  });

  it('has an English text for every message', () => {
    const missing = [...sent].filter(([zh]) => !table[zh]).map(([zh, at]) => `${zh}  (${at})`);
    expect(missing).toEqual([]);
  });

  it('keeps the variable parts, and no Chinese in English', () => {
    for (const [zh, text] of Object.entries(table)) {
      expect(holes(text), zh).toEqual(holes(zh));
      expect(text, zh).not.toMatch(/\p{Script=Han}/u);
    }
  });

  it('holds no message the server no longer sends', () => {
    expect(Object.keys(table).filter((zh) => !sent.has(zh))).toEqual([]);
  });
});
