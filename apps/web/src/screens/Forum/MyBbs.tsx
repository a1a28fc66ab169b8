import { Badge, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { useCommentInbox } from '../../state/queries/forum';
import { Feed } from './parts/Feed';
import { Inbox } from './parts/Inbox';
import './forum.css';

/** 我的帖子 (/pages/forum/myBbs[?tab=inbox]): my posts with delete, and the comments and replies I received. */
export default function MyBbs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'inbox' ? 'inbox' : 'posts';
  const inbox = useCommentInbox();
  const unread = inbox.data?.unread ?? 0;
  return (
    <PageFrame title={t('page.myBbs')} className="forum-page">
      <Tabs className="forum-tabs fmy-tabs" activeKey={tab} onChange={(k) => setParams(k === 'inbox' ? { tab: k } : {}, { replace: true })}>
        <Tabs.Tab key="posts" title={t('forum.mine')} />
        <Tabs.Tab key="inbox" title={<Badge content={unread > 0 ? unread : null}>{t('forum.inbox')}</Badge>} />
      </Tabs>
      {tab === 'posts' ? (
        <Feed
          filter={{ type: 'mine' }}
          deletable
          empty={{
            title: t('forum.noMine'),
            description: t('forum.noMineDesc'),
            action: { label: t('forum.publish'), onClick: () => navigate(PATHS.forumPublish) },
          }}
        />
      ) : (
        <Inbox />
      )}
    </PageFrame>
  );
}
