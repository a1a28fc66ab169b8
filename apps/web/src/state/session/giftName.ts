import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { giftName } from '../../locale/serverText';
import { isLang, SOURCE_LANG } from '../../locale/i18n';
import { useSession } from './store';

/** A gift's name in the reader's language, by id (gift records carry the zh-CN name at the time). */
export function useGiftName(): (id: number, fallback: string) => string {
  const { i18n } = useTranslation();
  const gifts = useSession((s) => s.roomGiftList);
  const lang = isLang(i18n.language) ? i18n.language : SOURCE_LANG;
  return useCallback((id, fallback) => giftName(gifts, id, fallback, lang), [gifts, lang]);
}
