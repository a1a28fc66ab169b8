import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** My fans (/pages/user/fans). Its real frame until its feature lands in a later issue. */
export default function Fans() {
  const { t } = useTranslation();
  return <FrameScreen icon={<TeamOutline />} title={t('page.fans')} empty={t('empty.fans')} />;
}
