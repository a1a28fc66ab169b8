import type { i18n as I18n } from 'i18next';

/** The translation of a key built from server data (an action name, a wallet type), or the raw value when the catalog has none. */
export function labelOf(i18n: I18n, key: string, raw: string): string {
  return i18n.exists(key) ? String(i18n.t(key as never)) : raw;
}
