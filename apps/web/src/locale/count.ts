// eslint-disable-next-line no-restricted-imports -- the one place that picks the units
import { formatCount as formatIn } from '@app/kit';
import { currentLang } from './i18n';

/** A compact count in the language shown: 1.23W (万) in Chinese, 12.35K / 1.23M in English. */
export const formatCount = (n: number, decimals?: number): string => formatIn(n, decimals, currentLang() === 'en' ? 'en' : 'wan');
