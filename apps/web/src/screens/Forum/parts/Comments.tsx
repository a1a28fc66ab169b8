import type { ForumComment, ForumReply } from '@app/contract';
import { Dialog } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ReportSheet } from '../../../components/ReportSheet';
import { UserAvatar } from '../../../components/UserAvatar';
import { timeAgo } from '../../../lib/time';
import { useComments, useDeleteComment } from '../../../state/queries/forum';
import { useSession } from '../../../state/session';
import type { ReplyTarget } from './Composer';
import { LikeButton } from './LikeButton';
import { LoadMore } from '../../../components/LoadMore';

interface Props {
  postId: number;
  authorId: number;
  /** The viewer wrote the post: they may remove any comment under it. */
  postMine: boolean;
  onReply: (target: ReplyTarget) => void;
}

/** Comments oldest first, each with its replies threaded one level, comment likes, reply and delete. */
export function Comments({ postId, authorId, postMine, onReply }: Props) {
  const { t } = useTranslation();
  const q = useComments(postId);
  const del = useDeleteComment(postId);
  const member = useSession((s) => s.token !== '' && !s.isGuest);
  const [reporting, setReporting] = useState<number | null>(null);
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  const remove = async (id: number) => {
    if (await Dialog.confirm({ content: t('forum.deleteCommentConfirm'), confirmText: t('forum.delete'), cancelText: t('common.cancel') })) {
      await del.mutateAsync(id);
    }
  };

  const Line = ({ c, reply }: { c: ForumReply; reply: boolean }) => (
    <div className={reply ? 'freply' : 'fcomment__main'} data-testid={reply ? 'reply' : 'comment'} data-comment-id={c.id}>
      {!reply && <UserAvatar src={c.user.avatar} size={34} />}
      <div className="fcomment__body">
        <div className="fcomment__who">
          <span className="fcomment__name">{c.user.nickname}</span>
          {c.user.id === authorId && <span className="fcomment__badge">{t('forum.author')}</span>}
          {reply && c.reply_to && (
            <>
              <span className="freply__arrow">{t('forum.replied')}</span>
              <span className="fcomment__name">{c.reply_to.nickname}</span>
            </>
          )}
        </div>
        <button type="button" className="fcomment__text" onClick={() => onReply({ id: c.id, nickname: c.user.nickname })}>
          {c.content}
        </button>
        <div className="fcomment__meta">
          <span>{timeAgo(c.created_at)}</span>
          <button type="button" onClick={() => onReply({ id: c.id, nickname: c.user.nickname })}>
            {t('forum.reply')}
          </button>
          {(c.is_mine || postMine) && (
            <button type="button" data-testid="comment-delete" onClick={() => void remove(c.id)}>
              {t('forum.delete')}
            </button>
          )}
          {member && !c.is_mine && (
            <button type="button" data-testid="comment-report" onClick={() => setReporting(c.id)}>
              {t('report.action')}
            </button>
          )}
          <span className="fcomment__like">
            <LikeButton kind="comment" id={c.id} liked={c.is_liked} count={c.like_count} size="sm" />
          </span>
        </div>
      </div>
    </div>
  );

  return (
    <section className="fcomments" data-testid="comments">
      <h3 className="fcomments__title">
        {t('forum.comments')} <span>{total > 0 ? total : ''}</span>
      </h3>
      {q.isSuccess && list.length === 0 ? (
        <EmptyState icon={<MessageOutline />} title={t('forum.noComments')} description={t('forum.noCommentsDesc')} />
      ) : (
        list.map((c: ForumComment) => (
          <div key={c.id} className="fcomment">
            <Line c={c} reply={false} />
            {c.replies.length > 0 && (
              <div className="freplies">
                {c.replies.map((r) => (
                  <Line key={r.id} c={r} reply />
                ))}
              </div>
            )}
          </div>
        ))
      )}
      {list.length > 0 && <LoadMore query={q} />}
      <ReportSheet target={reporting === null ? null : { type: 'comment', id: reporting }} onClose={() => setReporting(null)} />
    </section>
  );
}
