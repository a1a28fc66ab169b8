import type { PayProviderName } from '@app/contract';
import type { Lang } from '../../../locale/i18n';

/**
 * The order pay methods are offered in, per language: the Chinese app puts the mainland wallets
 * (Alipay, WeChat Pay, when a server offers them) first, the English one cards (Stripe) first; the
 * sandbox last. Names this client does not know keep the server's order, after the known ones.
 */
const FIRST: Record<Lang, readonly string[]> = {
  'zh-CN': ['alipay', 'wechat', 'stripe', 'sandbox'],
  en: ['stripe', 'alipay', 'wechat', 'sandbox'],
};

export function orderedProviders(providers: readonly PayProviderName[], lang: Lang): PayProviderName[] {
  const rank = (p: string) => {
    const i = FIRST[lang].indexOf(p);
    return i === -1 ? FIRST[lang].length : i;
  };
  return providers
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map((x) => x.p);
}
