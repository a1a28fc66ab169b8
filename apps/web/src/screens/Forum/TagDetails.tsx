import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Topic detail (/pages/forum/tagDetails). Its real frame until its feature lands in a later issue. */
export default function TagDetails() {
  const { t } = useTranslation();
  return <FrameScreen title={t('page.tagDetails')} empty={t('empty.forum')} />;
}
