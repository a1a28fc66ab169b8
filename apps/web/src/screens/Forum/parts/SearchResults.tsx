import { formatCount } from '../../../locale/count';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { GuardedImage } from '../../../components/GuardedImage';
import { PageLoading } from '../../../components/PageLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { useForumSearch } from '../../../state/queries/forum';
import { PostCard } from './PostCard';
import { LoadMore } from '../../../components/LoadMore';

export type SearchKind = 'post' | 'tag' | 'user';

/** Results of one kind for a keyword, paged as you scroll. */
export function SearchResults({ keyword, kind }: { keyword: string; kind: SearchKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useForumSearch(keyword, kind);
  const pages = q.data?.pages ?? [];
  const posts = pages.flatMap((p) => p.posts);
  const tags = pages.flatMap((p) => p.tags);
  const users = pages.flatMap((p) => p.users);
  const count = posts.length + tags.length + users.length;
  if (q.isPending) return <PageLoading />;
  if (q.isError && count === 0) return <LoadError onRetry={() => void q.refetch()} />;
  if (count === 0) return <EmptyState icon={<SearchOutline />} title={t('forum.noResults')} description={t('forum.noResultsDesc', { q: keyword })} />;
  return (
    <div className="fsearch__results" data-testid="search-results">
      {kind === 'post' && (
        <div className="ffeed">
          {posts.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </div>
      )}
      {kind === 'tag' && (
        <div className="ftag-list">
          {tags.map((tag) => (
            <button key={tag.id} type="button" className="ftag-row" onClick={() => navigate(`${PATHS.tagDetails}?id=${tag.id}`)}>
              <GuardedImage src={tag.cover} className="ftag-row__img" />
              <span className="ftag-row__main">
                <span className="ftag-row__name"># {tag.name}</span>
                <span className="ftag-row__desc">{tag.description}</span>
                <span className="ftag-row__count">{t('forum.postsCount', { n: formatCount(tag.post_count) })}</span>
              </span>
            </button>
          ))}
        </div>
      )}
      {kind === 'user' && (
        <div className="fusers">
          {users.map((u) => (
            <div key={u.id} className="fuser">
              <UserAvatar src={u.avatar} size={44} />
              <span className="fuser__name">{u.nickname}</span>
              {u.is_anchor && <span className="fcomment__badge">{t('forum.anchor')}</span>}
            </div>
          ))}
        </div>
      )}
      <LoadMore query={q} />
    </div>
  );
}
