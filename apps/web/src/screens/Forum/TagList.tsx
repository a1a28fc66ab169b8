import { TagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** More topics (/pages/forum/tagList). Its real frame until its feature lands in a later issue. */
export default function TagList() {
  const { t } = useTranslation();
  return <FrameScreen icon={<TagOutline />} title={t('page.tagList')} empty={t('empty.generic')} />;
}
