import { ActionSheet, Dialog } from 'antd-mobile';
import { LocationFill, MessageOutline, MoreOutline } from 'antd-mobile-icons';
import { formatDateCN } from '@app/kit';
import { formatCount } from '../../locale/count';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { ReportSheet } from '../../components/ReportSheet';
import { UserAvatar } from '../../components/UserAvatar';
import { ApiError } from '../../lib/apiError';
import { timeAgo } from '../../lib/time';
import { useCreateComment, useDeletePost, usePost } from '../../state/queries/forum';
import { useSession } from '../../state/session';
import { Comments } from './parts/Comments';
import { Composer, useCommentDraft, type ReplyTarget } from './parts/Composer';
import { ImageGrid, PostImageViewer } from './parts/ImageGrid';
import { LikeButton } from './parts/LikeButton';
import { RichText } from './parts/RichText';
import './forum.css';

/** 帖子详情 (/pages/forum/details?id=): the post, likes, comments with replies, and the comment sheet. */
export default function ForumDetails() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = usePost(id);
  const send = useCreateComment(id);
  const del = useDeletePost();
  const [viewing, setViewing] = useState<number | null>(null);
  const [composer, setComposer] = useState<{ open: boolean; target: ReplyTarget | null }>({ open: false, target: null });
  const [draft] = useCommentDraft(id, null);
  const [menu, setMenu] = useState(false);
  const [reporting, setReporting] = useState(false);
  const member = useSession((s) => !!s.token && !!s.userInfo && !s.userInfo.is_guest);
  const post = q.data;

  const remove = async () => {
    setMenu(false);
    if (await Dialog.confirm({ content: t('forum.deletePostConfirm'), confirmText: t('forum.delete'), cancelText: t('common.cancel') })) {
      await del.mutateAsync(id);
      navigate(-1);
    }
  };

  let body;
  if (q.isPending) body = <PageLoading />;
  else if (q.isError || !post) {
    const gone = q.error instanceof ApiError && q.error.code === 10002;
    body = gone ? (
      <EmptyState title={t('forum.postGone')} action={{ label: t('common.back'), onClick: () => navigate(PATHS.forum) }} />
    ) : (
      <LoadError onRetry={() => void q.refetch()} />
    );
  } else
    body = (
      <>
        <article className="fpost" data-testid="post-detail">
          <header className="fcard__head">
            <UserAvatar src={post.user.avatar} size={42} />
            <div className="fcard__who">
              <span className="fcard__name">{post.user.nickname}</span>
              <span className="fcard__time">{timeAgo(post.created_at)}</span>
            </div>
          </header>
          <RichText text={post.content} />
          <ImageGrid images={post.images} onOpen={setViewing} />
          {post.video && <video className="fcard__video" src={post.video} controls preload="metadata" />}
          {(post.tags.length > 0 || post.location) && (
            <div className="fpost__chips">
              {post.tags.map((tag) => (
                <button key={tag.id} type="button" className="ftopic" onClick={() => navigate(`${PATHS.tagDetails}?id=${tag.id}`)}>
                  # {tag.name}
                </button>
              ))}
              {post.location && (
                <button
                  type="button"
                  className="fplace"
                  onClick={() =>
                    navigate(`${PATHS.openLocation}?name=${encodeURIComponent(post.location!.name)}&lat=${post.location!.lat}&lng=${post.location!.lng}`)
                  }
                >
                  <LocationFill /> {post.location.name}
                </button>
              )}
            </div>
          )}
          <div className="fpost__date">{formatDateCN(post.created_at, 'YYYY-MM-DD HH:mm')}</div>
        </article>
        <Comments postId={id} authorId={post.user.id} postMine={post.is_mine} onReply={(target) => setComposer({ open: true, target })} />
        <div className="fbar" data-testid="comment-bar">
          <button type="button" className="fbar__input" data-testid="comment-open" onClick={() => setComposer({ open: true, target: null })}>
            {draft ? (
              <span className="fbar__draft">
                {t('forum.draftPrefix')}
                {draft}
              </span>
            ) : (
              t('forum.commentPlaceholder')
            )}
          </button>
          <LikeButton kind="post" id={post.id} liked={post.is_liked} count={post.like_count} />
          <span className="fcard__stat" data-testid="comment-count">
            <MessageOutline />
            {formatCount(post.comment_count)}
          </span>
        </div>
        <Composer
          postId={id}
          visible={composer.open}
          target={composer.target}
          onClose={() => setComposer({ open: false, target: composer.target })}
          onSend={async (content, target) => {
            await send.mutateAsync({ content, ...(target ? { parent_id: target.id } : {}) });
          }}
        />
        <PostImageViewer images={post.images} index={viewing} onClose={() => setViewing(null)} />
        <ActionSheet
          visible={menu}
          onClose={() => setMenu(false)}
          cancelText={t('common.cancel')}
          actions={
            post.is_mine
              ? [{ key: 'delete', text: t('forum.deletePost'), danger: true, onClick: () => void remove() }]
              : [{ key: 'report', text: t('report.action'), onClick: () => (setMenu(false), setReporting(true)) }]
          }
        />
        <ReportSheet target={reporting ? { type: 'post', id: post.id } : null} onClose={() => setReporting(false)} />
      </>
    );

  return (
    <PageFrame
      title={t('page.forumDetails')}
      className="forum-page forum-details"
      right={
        post && (post.is_mine || member) ? (
          <button type="button" className="fnav-btn" aria-label={t('forum.more')} data-testid="post-menu" onClick={() => setMenu(true)}>
            <MoreOutline />
          </button>
        ) : undefined
      }
    >
      {body}
    </PageFrame>
  );
}
