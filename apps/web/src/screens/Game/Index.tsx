import { SmileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** 游戏 (/pages/game/index): the game list arrives with the games issue. Its real frame until its feature lands in a later issue. */
export default function Games() {
  const { t } = useTranslation();
  return <FrameScreen icon={<SmileOutline />} title={t('page.game')} empty={t('empty.game')} back={false} />;
}
