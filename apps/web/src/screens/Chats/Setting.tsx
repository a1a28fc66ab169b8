import { SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Chat settings (/pages/chats/setting). Its real frame until its feature lands in a later issue. */
export default function ChatSetting() {
  const { t } = useTranslation();
  return <FrameScreen icon={<SetOutline />} title={t('page.chatSetting')} empty={t('common.comingSoon')} />;
}
