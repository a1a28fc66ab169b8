import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { PageFrame } from '../../components/PageFrame';
import { Feed } from './parts/Feed';
import './forum.css';

/** 我的帖子 (/pages/forum/myBbs): my posts, newest first, each with delete. */
export default function MyBbs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('page.myBbs')} className="forum-page">
      <Feed
        filter={{ type: 'mine' }}
        deletable
        empty={{ title: t('forum.noMine'), description: t('forum.noMineDesc'), action: { label: t('forum.publish'), onClick: () => navigate(PATHS.forumPublish) } }}
      />
    </PageFrame>
  );
}
