import { SmileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Game play (/pages/game/game), full width. Its real frame until its feature lands in a later issue. */
export default function GamePlay() {
  const { t } = useTranslation();
  return <FrameScreen icon={<SmileOutline />} title={t('page.gamePlay')} empty={t('empty.game')} />;
}
