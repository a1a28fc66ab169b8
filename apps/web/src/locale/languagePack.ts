import { call } from '../lib/api';
import { cachePack, cachedPack, currentLang, i18n, rememberLang, SOURCE_LANG, type Lang } from './i18n';

async function antdLocale(lang: Lang) {
  return lang === 'en' ? (await import('antd-mobile/es/locales/en-US')).default : null;
}

type AntdLocale = Awaited<ReturnType<typeof antdLocale>>;
let onAntdLocale: ((locale: AntdLocale) => void) | null = null;
/** The last locale chosen: a listener that registers after the language loaded still gets it. */
let antdCurrent: AntdLocale = null;
/** The providers register here to switch antd-mobile's own texts with the app language. */
export function onAntdLocaleChange(fn: typeof onAntdLocale): void {
  onAntdLocale = fn;
  if (fn && antdCurrent) fn(antdCurrent);
}

function apply(lang: Lang, data: Record<string, unknown>): void {
  // deep + overwrite: the server's pack wins, bundled keys it lacks stay.
  i18n.addResourceBundle(lang, 'translation', data, true, true);
}

/**
 * Loads a language's pack from the language-pack call (type 1), caches it, and switches to it.
 * With no network a cached pack is used; for zh-CN the bundled catalog always works.
 */
export async function loadLanguage(lang: Lang, opts: { silent?: boolean } = {}): Promise<void> {
  const cached = cachedPack(lang);
  if (cached) apply(lang, cached.data);
  try {
    const pack = await call('languagePack', { lang, type: 1 }, { silent: opts.silent ?? true });
    cachePack(lang, { version: pack.version, data: pack.data });
    apply(lang, pack.data);
  } catch (e) {
    if (!cached && lang !== SOURCE_LANG) throw e;
  }
  rememberLang(lang);
  if (currentLang() !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  antdCurrent = await antdLocale(lang);
  onAntdLocale?.(antdCurrent);
}

/** At start: refresh the chosen language's pack in the background. */
export function refreshLanguage(lang: Lang): void {
  loadLanguage(lang).catch(() => {
    /* offline: bundled or cached texts stay */
  });
}
