import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Video player (/pages/index/video). Its real frame until its feature lands in a later issue. */
export default function VideoPlayer() {
  const { t } = useTranslation();
  return <FrameScreen icon={<PlayOutline />} title={t('page.video')} empty={t('empty.video')} />;
}
