import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** 直播 (/pages/live/index): the room list arrives with the live issue. Its real frame until its feature lands in a later issue. */
export default function Live() {
  const { t } = useTranslation();
  return <FrameScreen icon={<VideoOutline />} title={t('page.live')} empty={t('empty.live')} description={t('empty.liveDesc')} back={false} />;
}
