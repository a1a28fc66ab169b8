import { CollectMoneyOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Exchange records (/pages/user/exchangeRecord). Its real frame until its feature lands in a later issue. */
export default function ExchangeRecord() {
  const { t } = useTranslation();
  return <FrameScreen icon={<CollectMoneyOutline />} title={t('page.exchangeRecord')} empty={t('empty.records')} />;
}
