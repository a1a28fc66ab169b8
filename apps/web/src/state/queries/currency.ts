import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import type { Lang } from '../../locale/i18n';
import { STALE } from './client';
import { currencyKeys } from './keys';

/** The currency shown for a language (common/currency): name, symbol, unit. */
export function useCurrency(lang: Lang) {
  return useQuery({
    queryKey: currencyKeys.byLang(lang),
    queryFn: async () => (await call('currency', { lang }, { silent: true })).currency,
    staleTime: STALE.MINUTES5,
  });
}
