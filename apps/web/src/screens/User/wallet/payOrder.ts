import type { PayProviderName } from '@app/contract';
import type { Lang } from '../../../locale/i18n';

/**
 * The order pay methods are offered in, per language (decision 0209): one row per method, its rank
 * in each language; the Chinese app puts the mainland wallets (Alipay, WeChat Pay) first, the
 * English one cards (Stripe) first, the sandbox last in both. A method joins with its row; names
 * this client does not know keep the server's order, after the known ones.
 */
const RANK: Record<string, Record<Lang, number>> = {
  alipay: { 'zh-CN': 1, en: 2 },
  wechat: { 'zh-CN': 2, en: 3 },
  stripe: { 'zh-CN': 3, en: 1 },
  sandbox: { 'zh-CN': 9, en: 9 },
};
const UNKNOWN = 10;

export function orderedProviders(providers: readonly PayProviderName[], lang: Lang): PayProviderName[] {
  const rank = (p: string) => RANK[p]?.[lang] ?? UNKNOWN;
  return providers
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map((x) => x.p);
}
