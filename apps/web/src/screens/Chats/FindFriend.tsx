import { UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** Add friends (/pages/chats/findFriend). Its real frame until its feature lands in a later issue. */
export default function FindFriend() {
  const { t } = useTranslation();
  return <FrameScreen icon={<UserAddOutline />} title={t('page.findFriend')} empty={t('empty.friends')} />;
}
