import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';
import { PATHS } from '../../app/paths';

/** The newer live room page (/pages/room/newroom). Its real frame until its feature lands in a later issue. */
export default function NewRoom() {
  const { t } = useTranslation();
  return <FrameScreen icon={<VideoOutline />} title={t('page.newroom')} empty={t('empty.room')} action={{ label: t('tab.live'), to: PATHS.live }} />;
}
