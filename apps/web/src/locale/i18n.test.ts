import { beforeEach, describe, expect, it } from 'vitest';
import { browserLang, cachedPack, cachePack, isLang, rememberLang, storedLang } from './i18n';

describe('language choice and pack cache', () => {
  beforeEach(() => localStorage.clear());

  it('follows the browser until a choice is made: Chinese or English, else zh-CN', () => {
    expect(browserLang(['en-US', 'zh-CN'])).toBe('en');
    expect(browserLang(['zh-TW'])).toBe('zh-CN');
    expect(browserLang(['fr-FR', 'en-GB'])).toBe('en');
    expect(browserLang(['fr-FR', 'de'])).toBe('zh-CN');
    expect(browserLang([])).toBe('zh-CN');
    expect(storedLang()).toBe(browserLang(navigator.languages));
  });

  it('remembers a valid choice only', () => {
    localStorage.setItem('liveapp.lang', 'zh-CN');
    expect(storedLang()).toBe('zh-CN');
    rememberLang('en');
    expect(storedLang()).toBe('en');
    localStorage.setItem('liveapp.lang', 'klingon');
    expect(storedLang()).toBe(browserLang(navigator.languages));
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
