import { beforeEach, describe, expect, it } from 'vitest';
import { cachedPack, cachePack, isLang, rememberLang, storedLang } from './i18n';

describe('language choice and pack cache', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to zh-CN and remembers a valid choice only', () => {
    expect(storedLang()).toBe('zh-CN');
    rememberLang('en');
    expect(storedLang()).toBe('en');
    localStorage.setItem('liveapp.lang', 'klingon');
    expect(storedLang()).toBe('zh-CN');
    expect(isLang('en')).toBe(true);
    expect(isLang('fr')).toBe(false);
  });

  it('round-trips a cached pack and ignores broken ones', () => {
    expect(cachedPack('en')).toBeNull();
    cachePack('en', { version: 'v1', data: { tab: { home: 'Home' } } });
    expect(cachedPack('en')).toEqual({ version: 'v1', data: { tab: { home: 'Home' } } });
    for (const junk of ['{', '[]', '{"data":5}', '{"data":[1]}', 'null']) {
      localStorage.setItem('liveapp.langpack.en', junk);
      expect(cachedPack('en')).toBeNull();
    }
  });
});
