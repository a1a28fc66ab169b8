import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Video call (/pages/chats/video/video). Its real frame until its feature lands in a later issue. */
export default function VideoCall() {
  const { t } = useTranslation();
  return <FrameScreen icon={<VideoOutline />} title={t('page.chatVideo')} empty={t('common.comingSoon')} />;
}
