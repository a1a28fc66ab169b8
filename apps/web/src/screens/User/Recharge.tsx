import { PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Recharge (/pages/user/recharge). Its real frame until its feature lands in a later issue. */
export default function Recharge() {
  const { t } = useTranslation();
  return <FrameScreen icon={<PayCircleOutline />} title={t('page.recharge')} empty={t('common.comingSoon')} />;
}
