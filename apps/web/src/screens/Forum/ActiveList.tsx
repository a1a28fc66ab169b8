import { PullToRefresh } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { GuardedImage } from '../../components/GuardedImage';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useActivities } from '../../state/queries/forum';
import { ActivityMeta } from './parts/Strips';
import './forum.css';
import { LoadMore } from '../../components/LoadMore';

/** 更多活动 (/pages/forum/activeList): ongoing first, then upcoming, then ended. */
export default function ActiveList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useActivities();
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (q.isPending) body = <PageLoading />;
  else if (q.isError && list.length === 0) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (list.length === 0) body = <EmptyState icon={<GiftOutline />} title={t('forum.noActivities')} />;
  else
    body = (
      <>
        <div className="fact-list" data-testid="activity-list">
          {list.map((a) => (
            <button
              key={a.id}
              type="button"
              className={`fact-item${a.status === 'ended' ? ' fact-item--ended' : ''}`}
              onClick={() => navigate(`${PATHS.activeDetails}?id=${a.id}`)}
            >
              <GuardedImage src={a.cover} className="fact-item__img" />
              <span className="fact-item__body">
                <span className="fact-item__title">{a.title}</span>
                <span className="fact-item__summary">{a.summary}</span>
                <span className="fact-item__foot">
                  <ActivityMeta a={a} />
                  <span className="fact-item__count">{t('forum.joinedCount', { n: a.post_count })}</span>
                </span>
              </span>
            </button>
          ))}
        </div>
        <LoadMore query={q} />
      </>
    );
  return (
    <PageFrame title={t('page.activeList')} className="forum-page">
      <PullToRefresh onRefresh={async () => void (await q.refetch())}>{body}</PullToRefresh>
    </PageFrame>
  );
}
