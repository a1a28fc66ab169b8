import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** More activities (/pages/forum/activeList). Its real frame until its feature lands in a later issue. */
export default function ActiveList() {
  const { t } = useTranslation();
  return <FrameScreen icon={<GiftOutline />} title={t('page.activeList')} empty={t('empty.generic')} />;
}
