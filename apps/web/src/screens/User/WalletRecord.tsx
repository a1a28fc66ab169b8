import { BillOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Gold coin records (/pages/user/walletRecord). Its real frame until its feature lands in a later issue. */
export default function WalletRecord() {
  const { t } = useTranslation();
  return <FrameScreen icon={<BillOutline />} title={t('page.walletRecord')} empty={t('empty.records')} />;
}
