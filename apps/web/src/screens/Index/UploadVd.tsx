import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Video upload (/pages/index/uploadVd). Its real frame until its feature lands in a later issue. */
export default function UploadVideo() {
  const { t } = useTranslation();
  return <FrameScreen icon={<UploadOutline />} title={t('page.uploadVd')} empty={t('empty.video')} />;
}
