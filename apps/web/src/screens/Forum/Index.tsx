import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** 社区 (/pages/forum/index): posts arrive with the forum issue. Its real frame until its feature lands in a later issue. */
export default function Forum() {
  const { t } = useTranslation();
  return <FrameScreen icon={<TeamOutline />} title={t('page.forum')} empty={t('empty.forum')} back={false} />;
}
