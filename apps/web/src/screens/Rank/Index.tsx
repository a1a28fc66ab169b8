import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Rankings (/pages/rank/index). Its real frame until its feature lands in a later issue. */
export default function Rank() {
  const { t } = useTranslation();
  return <FrameScreen icon={<HistogramOutline />} title={t('page.rank')} empty={t('empty.rank')} />;
}
