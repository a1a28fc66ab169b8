import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Gift earnings (/pages/user/shouyi). Its real frame until its feature lands in a later issue. */
export default function Shouyi() {
  const { t } = useTranslation();
  return <FrameScreen icon={<GiftOutline />} title={t('page.shouyi')} empty={t('empty.records')} />;
}
