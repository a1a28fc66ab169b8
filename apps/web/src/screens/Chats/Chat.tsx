import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** A conversation (/pages/chats/chat). Its real frame until its feature lands in a later issue. */
export default function Chat() {
  const { t } = useTranslation();
  return <FrameScreen icon={<MessageOutline />} title={t('page.chat')} empty={t('empty.chats')} />;
}
