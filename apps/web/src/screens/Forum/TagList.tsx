import { PullToRefresh } from 'antd-mobile';
import { formatCount } from '../../locale/count';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { GuardedImage } from '../../components/GuardedImage';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useTags } from '../../state/queries/forum';
import './forum.css';
import { LoadMore } from '../../components/LoadMore';

/** 更多话题 (/pages/forum/tagList): every topic, hot first, with its post count. */
export default function TagList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useTags();
  const tags = q.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (q.isPending) body = <PageLoading />;
  else if (q.isError && tags.length === 0) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (tags.length === 0) body = <EmptyState title={t('forum.noTopics')} />;
  else
    body = (
      <>
        <div className="ftag-list" data-testid="tag-list">
          {tags.map((tag, i) => (
            <button key={tag.id} type="button" className="ftag-row" onClick={() => navigate(`${PATHS.tagDetails}?id=${tag.id}`)}>
              <GuardedImage src={tag.cover} className="ftag-row__img" />
              <span className="ftag-row__main">
                <span className="ftag-row__name">
                  # {tag.name}
                  {tag.hot && <em className="ftag-row__hot">{t('forum.hot')}</em>}
                </span>
                <span className="ftag-row__desc">{tag.description}</span>
                <span className="ftag-row__count">{t('forum.postsCount', { n: formatCount(tag.post_count) })}</span>
              </span>
              <span className={`ftag-row__rank${i < 3 ? ' ftag-row__rank--top' : ''}`}>{i + 1}</span>
            </button>
          ))}
        </div>
        <LoadMore query={q} />
      </>
    );
  return (
    <PageFrame title={t('page.tagList')} className="forum-page">
      <PullToRefresh onRefresh={async () => void (await q.refetch())}>{body}</PullToRefresh>
    </PageFrame>
  );
}
