import { HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FollowList } from './follow/FollowList';

/** My follows (/pages/user/attention, user/attention/list). */
export default function Attention() {
  const { t } = useTranslation();
  return (
    <FollowList
      kind="following"
      title={t('page.attention')}
      empty={{ title: t('empty.attention'), description: t('follow.attentionEmptyDesc'), icon: <HeartOutline /> }}
    />
  );
}
