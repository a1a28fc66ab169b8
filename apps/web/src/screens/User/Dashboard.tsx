import type { LiveCard } from '@app/contract';
import { PullToRefresh } from 'antd-mobile';
import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { PATHS } from '../../lib/paths';
import { useCreatorEarnings, useCreatorLives } from '../../state/queries/creator';
import { EarningsCard } from './dashboard/EarningsCard';
import { LiveRow } from './dashboard/LiveRow';
import { NotAnchor } from './dashboard/NotAnchor';
import { refusalOf } from './dashboard/refusal';
import './dashboard/dashboard.css';

/** 主播中心 (/pages/user/dashboard): the anchor's earnings of the week and the month, and their lives. */
export default function Dashboard() {
  const { t } = useTranslation();
  const earnings = useCreatorEarnings();
  const refused = refusalOf(earnings.error);
  const lives = useCreatorLives(earnings.isSuccess);
  const rows = lives.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (earnings.isPending) body = <PageLoading />;
  else if (refused === 'notAnchor' || refused === 'pending') body = <NotAnchor pending={refused === 'pending'} />;
  else if (earnings.isError) body = <LoadError onRetry={() => void earnings.refetch()} />;
  else
    body = (
      <PullToRefresh onRefresh={async () => void (await Promise.all([earnings.refetch(), lives.refetch()]))}>
        <EarningsCard data={earnings.data} />
        <section className="dash-card">
          <div className="dash-card__head">
            <div className="dash-card__title">{t('creator.lives')}</div>
            {lives.data && <span className="dash-card__note">{t('creator.livesCount', { n: lives.data.pages[0]?.total ?? 0 })}</span>}
          </div>
          <LivesList q={lives} rows={rows} />
        </section>
      </PullToRefresh>
    );
  return (
    <PageFrame title={t('creator.title')} className="dash-page">
      {body}
    </PageFrame>
  );
}

function LivesList({ q, rows }: { q: ReturnType<typeof useCreatorLives>; rows: LiveCard[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (q.isPending) return <PageLoading />;
  if (q.isError && rows.length === 0) return <LoadError onRetry={() => void q.refetch()} />;
  if (rows.length === 0)
    return (
      <div data-testid="dash-no-lives">
        <EmptyState
          icon={<VideoOutline />}
          title={t('creator.noLives')}
          description={t('creator.noLivesDesc')}
          action={{ label: t('page.create'), onClick: () => navigate(PATHS.create) }}
        />
      </div>
    );
  return (
    <>
      <ul className="dash-lives">
        {rows.map((l) => (
          <LiveRow key={l.id} live={l} />
        ))}
      </ul>
      <LoadMore query={q} />
    </>
  );
}
