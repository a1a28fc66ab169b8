import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FollowList } from './follow/FollowList';

/** My fans (/pages/user/fans, user/fans) with follow-back buttons. */
export default function Fans() {
  const { t } = useTranslation();
  return <FollowList kind="fans" title={t('page.fans')} empty={{ title: t('empty.fans'), description: t('follow.fansEmptyDesc'), icon: <TeamOutline /> }} />;
}
