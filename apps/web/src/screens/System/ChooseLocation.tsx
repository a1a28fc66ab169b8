import { EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Choose a location (/pages/system/chooseLocation). Its real frame until its feature lands in a later issue. */
export default function ChooseLocation() {
  const { t } = useTranslation();
  return <FrameScreen icon={<EnvironmentOutline />} title={t('page.chooseLocation')} empty={t('empty.location')} />;
}
