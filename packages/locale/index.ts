import zhCN from './zh-CN.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

/** UI catalogs by language code; zh-CN is the source language. */
export const catalogs = { 'zh-CN': zhCN, en } as const;
export type Lang = keyof typeof catalogs;
export const LANGS: Lang[] = ['zh-CN', 'en'];
