import { Dialog, PullToRefresh } from 'antd-mobile';
import { BellOutline, RightOutline, UserAddOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { loginUrl } from '../../lib/nav';
import { useChatClear, useChatRead, useConversations } from '../../state/queries/chat';
import { useOutbox } from '../../state/queries/chatOutbox';
import { useNotices } from '../../state/queries/message';
import { call } from '../../lib/api';
import { useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '../../state/queries/chatCache';
import { useHall } from '../../state/realtime/useHall';
import { useSession } from '../../state/session';
import { listTime } from './parts/chatTime';
import { ConversationRow } from './parts/ConversationRow';
import { NoticesPopup } from './parts/NoticesPopup';
import { noticeText } from '../../locale/serverText';
import './chats.css';
import { LoadMore } from '../../components/LoadMore';

/** 消息 (/pages/chats/index): the pinned system notices entry, then conversations (swipe to read, pin, delete). */
export default function Chats() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  const { refreshUnread } = useHall();

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
  const right = (
    <button type="button" className="chats-add" aria-label={t('chats.findFriend')} data-testid="find-friend" onClick={() => navigate(PATHS.findFriend)}>
      <UserAddOutline />
    </button>
  );
  return (
    <PageFrame title={title} back={false} right={right}>
      <ConversationList />
    </PageFrame>
  );
}

function ConversationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useConversations();
  const notices = useNotices();
  const read = useChatRead();
  const clear = useChatClear();
  const pending = useOutbox((s) => s.pending);
  const [showNotices, setShowNotices] = useState(false);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const latest = notices.data?.pages[0]?.list[0];
  const noticeUnread = notices.data?.pages[0]?.unread ?? 0;
  const failedPeers = new Set(pending.filter((p) => p.status === 'failed').map((p) => p.peer_id));

  const pin = async (peerId: number, pinned: boolean) => {
    await call('chatSetting', { user_id: peerId, pinned });
    void qc.invalidateQueries({ queryKey: chatKeys.all });
  };

  return (
    <>
      <PullToRefresh onRefresh={async () => void (await Promise.all([q.refetch(), notices.refetch()]))}>
        <button type="button" className="conv-system" onClick={() => setShowNotices(true)} data-testid="system-entry">
          <span className="conv-system__icon">
            <BellOutline />
            {noticeUnread > 0 && <span className="conv-system__badge">{noticeUnread > 99 ? '99+' : noticeUnread}</span>}
          </span>
          <span className="conv__main">
            <span className="conv__top">
              <span className="conv__name">{t('chats.system')}</span>
              <span className="conv__time">{latest ? listTime(latest.created_at) : ''}</span>
            </span>
            <span className="conv__text">{latest ? noticeText(latest, t).title : t('chats.systemPreview')}</span>
          </span>
          <RightOutline className="conv-system__arrow" />
        </button>

        {q.isPending ? (
          <PageLoading />
        ) : q.isError && rows.length === 0 ? (
          <LoadError onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={t('chats.conversationsEmpty')}
            description={t('chats.conversationsEmptyDesc')}
            action={{ label: t('chats.goFind'), onClick: () => navigate(PATHS.findFriend) }}
          />
        ) : (
          <div className="conv-list" data-testid="conversations">
            {rows.map((c) => (
              <ConversationRow
                key={c.peer.id}
                c={c}
                failed={failedPeers.has(c.peer.id)}
                onOpen={() => navigate(`${PATHS.chat}?uid=${c.peer.id}`)}
                onRead={() => read.mutate({ user_id: c.peer.id })}
                onPin={() => void pin(c.peer.id, !c.pinned)}
                onDelete={async () => {
                  if (await Dialog.confirm({ content: t('chats.deleteConfirm'), confirmText: t('chats.delete') })) {
                    clear.mutate({ peerId: c.peer.id, remove: true });
                  }
                }}
              />
            ))}
          </div>
        )}
        {rows.length > 0 && <LoadMore query={q} />}
      </PullToRefresh>
      <NoticesPopup visible={showNotices} onClose={() => setShowNotices(false)} />
    </>
  );
}
