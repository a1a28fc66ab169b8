import { TagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Topic detail (/pages/forum/tagDetails). Its real frame until its feature lands in a later issue. */
export default function TagDetails() {
  const { t } = useTranslation();
  return <FrameScreen icon={<TagOutline />} title={t('page.tagDetails')} empty={t('empty.forum')} />;
}
