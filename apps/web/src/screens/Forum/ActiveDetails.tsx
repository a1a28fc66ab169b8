import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Activity detail (/pages/forum/activeDetails). Its real frame until its feature lands in a later issue. */
export default function ActiveDetails() {
  const { t } = useTranslation();
  return <FrameScreen icon={<GiftOutline />} title={t('page.activeDetails')} empty={t('empty.generic')} />;
}
