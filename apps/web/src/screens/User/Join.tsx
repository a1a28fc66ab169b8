import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';
import { PATHS } from '../../app/paths';

/** Join a room (/pages/user/join). Its real frame until its feature lands in a later issue. */
export default function JoinRoom() {
  const { t } = useTranslation();
  return <FrameScreen icon={<AddCircleOutline />} title={t('page.join')} empty={t('empty.live')} action={{ label: t('tab.live'), to: PATHS.live }} />;
}
