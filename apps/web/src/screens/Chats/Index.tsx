import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { loginUrl } from '../../lib/nav';
import { useNotices, useReadNotices } from '../../state/queries/message';
import { useHall } from '../../state/realtime/useHall';
import { useSession } from '../../state/session';
import { NoticeRow } from './NoticeRow';
import './chats.css';

/** 消息 (/pages/chats/index): system notices (message/fetch) now; private chats come with the chat issue. */
export default function Chats() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  const { refreshUnread } = useHall();
  const q = useNotices();
  const read = useReadNotices();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const unread = q.data?.pages[0]?.unread ?? 0;

  useEffect(() => refreshUnread(), [refreshUnread]);

  const title = t('page.chats');
  if (!token || isGuest) {
    return (
      <PageFrame title={title} back={false}>
        <EmptyState
          title={t('empty.chats')}
          description={t('chats.loginToSee')}
          action={{ label: t('common.login'), onClick: () => navigate(loginUrl(PATHS.chats)) }}
        />
      </PageFrame>
    );
  }

  const right =
    unread > 0 ? (
      <Button size="mini" fill="none" className="chats-readall" loading={read.isPending} onClick={() => read.mutate({ all: true })}>
        {t('chats.readAll')}
      </Button>
    ) : null;

  return (
    <PageFrame title={title} back={false} right={right}>
      {q.isPending ? (
        <PageLoading />
      ) : q.isError && items.length === 0 ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <PullToRefresh onRefresh={async () => void (await q.refetch())}>
          <div className="chats-section">
            <span>{t('chats.system')}</span>
            {unread > 0 && <span className="chats-section__unread">{t('chats.unread', { count: unread })}</span>}
          </div>
          {items.length === 0 ? (
            <EmptyState title={t('empty.chats')} />
          ) : (
            <ul className="chats-list" data-testid="notice-messages">
              {items.map((n) => (
                <NoticeRow key={n.id} notice={n} onOpen={() => !n.is_read && read.mutate({ ids: [n.id] })} />
              ))}
            </ul>
          )}
          {items.length > 0 && (
            <InfiniteScroll hasMore={q.hasNextPage} loadMore={async () => void (await q.fetchNextPage({ throwOnError: true }))} />
          )}
        </PullToRefresh>
      )}
    </PageFrame>
  );
}
