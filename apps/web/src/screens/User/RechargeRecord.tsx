import { ReceiptOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Recharge records (/pages/user/rechargeRecord). Its real frame until its feature lands in a later issue. */
export default function RechargeRecord() {
  const { t } = useTranslation();
  return <FrameScreen icon={<ReceiptOutline />} title={t('page.rechargeRecord')} empty={t('empty.records')} />;
}
