import { formatCount } from '../../../locale/count';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLike } from '../../../state/queries/forumLikes';

/** A heart with the like count (K/W), toggled optimistically. */
export function LikeButton({
  kind,
  id,
  liked,
  count,
  size = 'md',
}: {
  kind: 'post' | 'comment';
  id: number;
  liked: boolean;
  count: number;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const like = useLike(kind, id, { liked, count });
  return (
    <button
      type="button"
      className={`flike flike--${size}${like.liked ? ' flike--on' : ''}`}
      data-testid={`like-${kind}`}
      aria-pressed={like.liked}
      aria-label={t('forum.like')}
      onClick={(e) => {
        e.stopPropagation();
        void like.toggle();
      }}
    >
      {like.liked ? <HeartFill /> : <HeartOutline />}
      <span data-testid={`like-${kind}-count`}>{like.count > 0 ? formatCount(like.count) : t('forum.like')}</span>
    </button>
  );
}
