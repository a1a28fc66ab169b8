import { Badge, Tabs } from 'antd-mobile';
import { EditSOutline, SearchOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { forumKeys, useActivities, useAdLinks, useCommentInbox, useForumCates, useTags, type FeedType } from '../../state/queries/forum';
import { useSession } from '../../state/session';
import { Banner } from './parts/Banner';
import { Feed } from './parts/Feed';
import { ActivityStrip, TopicStrip } from './parts/Strips';
import './forum.css';
import { useLocalName } from '../../locale/serverText';

const ALL = 'all';
const TYPES: FeedType[] = ['latest', 'hot', 'following'];

/**
 * 社区 (/pages/forum/index): category tabs; on 全部 the banner, hot topics and activities; then the
 * feed (latest / hot / following). Tab and feed type live in the URL (`?c=`, `?t=`) so a reload keeps them.
 */
export default function Forum() {
  const { t } = useTranslation();
  const local = useLocalName();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const cates = useForumCates();
  const ads = useAdLinks();
  const tags = useTags();
  const acts = useActivities();
  const member = useSession((s) => !!s.token && !!s.userInfo && !s.userInfo.is_guest);
  const inbox = useCommentInbox(member);
  const qc = useQueryClient();
  const badge = useSession((s) => s.unreadCount);
  // The hall's badge moved (a comment may have arrived): the inbox count is stale.
  useEffect(() => {
    if (member) void qc.invalidateQueries({ queryKey: forumKeys.inbox() });
  }, [badge, member, qc]);
  const unread = member ? (inbox.data?.unread ?? 0) : 0;
  const tab = params.get('c') ?? ALL;
  const type = (TYPES as string[]).includes(params.get('t') ?? '') ? (params.get('t') as FeedType) : 'latest';
  const setQuery = (next: { c?: string; t?: string }) => {
    const c = next.c ?? tab;
    const ty = next.t ?? type;
    setParams({ ...(c !== ALL ? { c } : {}), ...(ty !== 'latest' ? { t: ty } : {}) }, { replace: true });
  };
  const list = [{ id: ALL, name: t('forum.all') }, ...(cates.data ?? []).map((c) => ({ id: String(c.id), name: local(c) }))];

  const header = (
    <>
      {tab === ALL && (
        <>
          <Banner ads={ads.data ?? []} />
          <TopicStrip tags={(tags.data?.pages[0]?.list ?? []).slice(0, 8)} />
          <ActivityStrip activities={(acts.data?.pages[0]?.list ?? []).slice(0, 5)} />
        </>
      )}
      <div className="ftypes" role="tablist">
        {TYPES.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === type}
            className={`ftypes__item${k === type ? ' ftypes__item--on' : ''}`}
            data-testid={`feed-${k}`}
            onClick={() => setQuery({ t: k })}
          >
            {t(`forum.type.${k}`)}
          </button>
        ))}
      </div>
    </>
  );

  return (
    <div className="page forum-page">
      <header className="forum-head">
        <h1 className="forum-head__title">{t('page.forum')}</h1>
        <button type="button" className="forum-head__search" data-testid="forum-search-entry" onClick={() => navigate(PATHS.forumSearch)}>
          <SearchOutline />
          <span>{t('forum.searchPlaceholder')}</span>
        </button>
        <Badge content={unread > 0 ? Badge.dot : null}>
          <button
            type="button"
            className="forum-head__mine"
            data-testid="my-posts-entry"
            onClick={() => navigate(unread > 0 ? `${PATHS.myBbs}?tab=inbox` : PATHS.myBbs)}
          >
            {t('forum.mine')}
          </button>
        </Badge>
      </header>
      <Tabs className="forum-tabs" activeKey={tab} onChange={(k) => setQuery({ c: k })} activeLineMode="fixed">
        {list.map((c) => (
          <Tabs.Tab key={c.id} title={c.name} />
        ))}
      </Tabs>
      <div className="forum-body">
        <Feed
          key={`${tab}-${type}`}
          filter={{ type, ...(tab !== ALL ? { cate_id: Number(tab) } : {}) }}
          header={header}
          onRefresh={() => Promise.all([ads.refetch(), tags.refetch(), acts.refetch()])}
          empty={
            type === 'following'
              ? member
                ? { title: t('forum.emptyFollowing'), description: t('forum.emptyFollowingDesc') }
                : {
                    title: t('forum.emptyFollowing'),
                    description: t('forum.loginToFollow'),
                    action: { label: t('common.login'), onClick: () => navigate(PATHS.login) },
                  }
              : {
                  title: t('empty.forum'),
                  description: t('forum.emptyDesc'),
                  action: { label: t('forum.publish'), onClick: () => navigate(PATHS.forumPublish) },
                }
          }
        />
      </div>
      <button type="button" className="forum-fab" data-testid="forum-publish" aria-label={t('forum.publish')} onClick={() => navigate(PATHS.forumPublish)}>
        <EditSOutline />
      </button>
    </div>
  );
}
