import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { call } from '../../../lib/api';
import { timeAgo } from '../../../lib/time';
import { forumKeys, useCommentInbox } from '../../../state/queries/forum';

/** Comments on my posts and replies to me (bbs/post/comment/read); opening the list marks them read. */
export function Inbox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useCommentInbox();
  const markAll = useMutation({
    mutationFn: () => call('forumCommentInboxRead', { all: true }, { silent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: forumKeys.inbox() }),
  });
  const unread = q.data?.unread ?? 0;
  useEffect(() => {
    // Seen once shown: the list is marked read, which also clears the tab badge.
    if (unread > 0 && !markAll.isPending) markAll.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- markAll (a mutation) is a new object each render: a new unread count is what triggers
  }, [unread]);
  if (q.isPending) return <PageLoading />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  if (q.data.list.length === 0) return <EmptyState icon={<MessageOutline />} title={t('forum.inboxEmpty')} description={t('forum.inboxEmptyDesc')} />;
  return (
    <div className="finbox" data-testid="inbox">
      {q.data.list.map((n) => (
        <button key={n.id} type="button" className="finbox__row" onClick={() => navigate(`${PATHS.forumDetails}?id=${n.post_id}`)}>
          <UserAvatar src={n.from.avatar} size={42} />
          <span className="finbox__main">
            <span className="finbox__who">
              <b>{n.from.nickname}</b> {n.kind === 'reply' ? t('forum.inboxReplied') : t('forum.inboxCommented')}
              {!n.is_read && <i className="finbox__dot" />}
            </span>
            <span className="finbox__text">{n.content}</span>
            <span className="finbox__time">{timeAgo(n.created_at)}</span>
          </span>
          <span className="finbox__post">{n.post_excerpt}</span>
        </button>
      ))}
    </div>
  );
}
