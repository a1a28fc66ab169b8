import { formatDateCN } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { LoadError } from '../../components/EmptyState';
import { GuardedImage } from '../../components/GuardedImage';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useActivity } from '../../state/queries/forum';
import { Feed } from './parts/Feed';
import './forum.css';

/** 活动详情 (/pages/forum/activeDetails?id=): cover, time span, summary, rules, and the posts under it. */
export default function ActiveDetails() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = useActivity(id);
  const a = q.data;
  const join = () => navigate(`${PATHS.forumPublish}?activity=${id}${a?.tag_id ? `&tag=${a.tag_id}` : ''}`);
  return (
    <PageFrame title={t('page.activeDetails')} className="forum-page forum-activity">
      {q.isPending ? (
        <PageLoading />
      ) : !a ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <Feed
          filter={{ type: 'latest', activity_id: id }}
          onRefresh={() => q.refetch()}
          empty={{ title: t('forum.activityEmpty'), ...(a.status === 'ongoing' ? { action: { label: t('forum.joinActivity'), onClick: join } } : {}) }}
          header={
            <>
              <div className="fact-hero" data-testid="activity-hero">
                <GuardedImage src={a.cover} className="fact-hero__img" />
                <span className={`fact-status fact-status--${a.status} fact-hero__status`}>{t(`forum.status.${a.status}`)}</span>
              </div>
              <section className="fact-info">
                <h2 className="fact-info__title">{a.title}</h2>
                <div className="fact-info__time">
                  {t('forum.timeSpan')}: {formatDateCN(a.start_at, 'YYYY-MM-DD HH:mm')} ~ {formatDateCN(a.end_at, 'YYYY-MM-DD HH:mm')}
                </div>
                <p className="fact-info__summary">{a.summary}</p>
                <h3 className="fact-info__label">{t('forum.rules')}</h3>
                <p className="fact-info__rules">{a.rules}</p>
                {a.status === 'ongoing' && (
                  <button type="button" className="fact-info__join" onClick={join} data-testid="activity-join">
                    {t('forum.joinActivity')}
                  </button>
                )}
              </section>
              <h3 className="fact-posts-title">{t('forum.activityPosts', { n: a.post_count })}</h3>
            </>
          }
        />
      )}
    </PageFrame>
  );
}
