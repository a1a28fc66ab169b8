import { TextOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Post detail (/pages/forum/details). Its real frame until its feature lands in a later issue. */
export default function ForumDetails() {
  const { t } = useTranslation();
  return <FrameScreen icon={<TextOutline />} title={t('page.forumDetails')} empty={t('empty.forum')} />;
}
