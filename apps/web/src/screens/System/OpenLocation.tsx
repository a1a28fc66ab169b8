import { LocationOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Show a location (/pages/system/openLocation). Its real frame until its feature lands in a later issue. */
export default function OpenLocation() {
  const { t } = useTranslation();
  return <FrameScreen icon={<LocationOutline />} title={t('page.openLocation')} empty={t('empty.location')} />;
}
