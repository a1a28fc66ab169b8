import en from '@app/locale/en.json';
import zhCN from '@app/locale/zh-CN.json';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('catalogs', () => {
  const zhKeys = keys(zhCN as Tree).sort();

  it('English has exactly the keys of the zh-CN source', () => {
    expect(keys(en as Tree).sort()).toEqual(zhKeys);
  });

  it('no English text is empty', () => {
    const flat = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));
    expect(flat(en as Tree).filter((s) => s.trim() === '')).toEqual([]);
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const get = (t: Tree, k: string) => k.split('.').reduce<string | Tree>((n, p) => (n as Tree)[p]!, t) as string;
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const k of zhKeys) expect(vars(get(en as Tree, k)), k).toEqual(vars(get(zhCN as Tree, k)));
  });

  it('every literal t("…") key in the web source exists', () => {
    const root = join(__dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w-]*\.[\w.-]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !zhKeys.includes(k))).toEqual([]);
  });

  it('has the six Chinese tab labels and the socket failure text of the seed', () => {
    expect(zhCN.tab).toEqual({ home: '首页', live: '直播', game: '游戏', forum: '社区', chats: '消息', user: '我的' });
    expect(zhCN.error.hallLost).toBe('网络异常,请重新登录');
    expect([zhCN.sms.get, zhCN.sms.counting, zhCN.sms.again]).toEqual(['获取验证码', '{{n}}s后重新获取', '重新获取']);
  });
});
