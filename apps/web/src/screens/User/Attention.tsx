import { HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** My follows (/pages/user/attention). Its real frame until its feature lands in a later issue. */
export default function Attention() {
  const { t } = useTranslation();
  return <FrameScreen icon={<HeartOutline />} title={t('page.attention')} empty={t('empty.attention')} />;
}
