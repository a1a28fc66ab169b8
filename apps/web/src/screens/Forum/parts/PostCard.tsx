import { formatCount } from '../../../locale/count';
import type { ForumPost } from '@app/contract';
import { DeleteOutline, LocationFill, MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { UserAvatar } from '../../../components/UserAvatar';
import { timeAgo } from '../../../lib/time';
import { ImageGrid, PostImageViewer } from './ImageGrid';
import { LikeButton } from './LikeButton';

/** One post in a feed: author and time, an excerpt, thumbnails, topics, place, likes and comments. */
export function PostCard({ post, onDelete }: { post: ForumPost; onDelete?: (post: ForumPost) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<number | null>(null);
  const open = () => navigate(`${PATHS.forumDetails}?id=${post.id}`);
  return (
    <article className="fcard" data-testid="post-card" data-post-id={post.id} onClick={open}>
      <header className="fcard__head">
        <UserAvatar src={post.user.avatar} size={38} />
        <div className="fcard__who">
          <span className="fcard__name">{post.user.nickname}</span>
          <span className="fcard__time">{timeAgo(post.created_at)}</span>
        </div>
        {onDelete && (
          <button
            type="button"
            className="fcard__del"
            aria-label={t('forum.delete')}
            data-testid="post-delete"
            onClick={(e) => {
              e.stopPropagation();
              onDelete(post);
            }}
          >
            <DeleteOutline />
          </button>
        )}
      </header>
      {/* Text is rendered as text: React escapes it, nothing in a post is ever parsed as HTML. */}
      <p className="fcard__text" data-testid="post-text">
        {post.content}
      </p>
      <ImageGrid images={post.images} onOpen={setViewing} compact />
      {post.video && <video className="fcard__video" src={post.video} controls preload="metadata" onClick={(e) => e.stopPropagation()} />}
      {(post.tags.length > 0 || post.location) && (
        <div className="fcard__chips">
          {post.tags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className="ftopic"
              onClick={(e) => {
                e.stopPropagation();
                navigate(`${PATHS.tagDetails}?id=${tag.id}`);
              }}
            >
              # {tag.name}
            </button>
          ))}
          {post.location && (
            <span className="fplace">
              <LocationFill /> {post.location.name}
            </span>
          )}
        </div>
      )}
      <footer className="fcard__foot">
        <LikeButton kind="post" id={post.id} liked={post.is_liked} count={post.like_count} />
        <span className="fcard__stat">
          <MessageOutline />
          {post.comment_count > 0 ? formatCount(post.comment_count) : t('forum.comment')}
        </span>
      </footer>
      <div onClick={(e) => e.stopPropagation()}>
        <PostImageViewer images={post.images} index={viewing} onClose={() => setViewing(null)} />
      </div>
    </article>
  );
}
