import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Create a live room (/pages/user/create). Its real frame until its feature lands in a later issue. */
export default function CreateLive() {
  const { t } = useTranslation();
  return <FrameScreen icon={<VideoOutline />} title={t('page.create')} empty={t('common.comingSoon')} />;
}
