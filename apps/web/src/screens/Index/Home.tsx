import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** 首页 (/pages/index/index): the video feed arrives with the video issue. Its real frame until its feature lands in a later issue. */
export default function Home() {
  const { t } = useTranslation();
  return <FrameScreen icon={<PlayOutline />} title={t('page.home')} empty={t('empty.video')} back={false} />;
}
