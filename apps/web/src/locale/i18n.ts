import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from '@app/locale/zh-CN.json';

/** Languages the app offers (the contract's language-pack call serves these). */
export const LANGS = ['zh-CN', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const SOURCE_LANG: Lang = 'zh-CN';

const LANG_KEY = 'liveapp.lang';
const PACK_KEY = (lang: Lang) => `liveapp.langpack.${lang}`;

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/**
 * The browser's language as one of ours: the first preferred language that is Chinese or English,
 * zh-CN when none is.
 */
export function browserLang(prefs: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Lang {
  for (const p of prefs) {
    const base = p.toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh-CN';
    if (base === 'en') return 'en';
  }
  return SOURCE_LANG;
}

/** The language the user chose last; before any choice, the browser's language. */
export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_KEY);
    return isLang(v) ? v : browserLang();
  } catch {
    return browserLang();
  }
}

export function rememberLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* ignore: the choice holds for this visit */
  }
}

export interface CachedPack {
  version: string;
  data: Record<string, unknown>;
}

/** A language pack cached from the language-pack call, or null when none (or a broken one) is stored. */
export function cachedPack(lang: Lang): CachedPack | null {
  try {
    const raw = localStorage.getItem(PACK_KEY(lang));
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (v && typeof v === 'object' && 'data' in v && v.data && typeof v.data === 'object' && !Array.isArray(v.data)) {
      return { version: String((v as { version?: unknown }).version ?? ''), data: v.data as Record<string, unknown> };
    }
  } catch {
    /* fall through */
  }
  return null;
}

export function cachePack(lang: Lang, pack: CachedPack): void {
  try {
    localStorage.setItem(PACK_KEY(lang), JSON.stringify(pack));
  } catch {
    /* storage full: the pack still applies to this visit */
  }
}

const initialLang = storedLang();
const initialPack = initialLang === SOURCE_LANG ? null : cachedPack(initialLang);

// zh-CN is bundled for the first paint; another language starts from its cached pack when there is one.
void i18next.use(initReactI18next).init({
  lng: initialPack ? initialLang : SOURCE_LANG,
  fallbackLng: SOURCE_LANG,
  resources: {
    [SOURCE_LANG]: { translation: zhCN },
    ...(initialPack ? { [initialLang]: { translation: initialPack.data } } : {}),
  },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const i18n = i18next;
/** Translation outside React (API client, hall client). */
export const t = i18next.t.bind(i18next);
/** The language currently shown. */
export const currentLang = (): Lang => (isLang(i18next.language) ? i18next.language : SOURCE_LANG);
