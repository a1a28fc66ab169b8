import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('compact counts in the reader language', () => {
  afterAll(() => i18next.changeLanguage('zh-CN'));

  it('counts in 万 in Chinese and in thousands and millions in English', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(formatCount(12345)).toBe('1.23W');
    await i18next.changeLanguage('en');
    expect(formatCount(12345)).toBe('12.35K');
    expect(formatCount(1_234_567)).toBe('1.23M');
  });
});
