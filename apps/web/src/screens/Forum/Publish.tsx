import { EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** New post (/pages/forum/publish). Its real frame until its feature lands in a later issue. */
export default function ForumPublish() {
  const { t } = useTranslation();
  return <FrameScreen icon={<EditSOutline />} title={t('page.forumPublish')} empty={t('common.comingSoon')} />;
}
