import { formatClock, formatDateCN } from '@app/kit';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useCreatorLive } from '../../state/queries/creator';
import { GiftsChart, HealthSection, PkResults, StatGrid, TopGifters, ViewersChart } from './dashboard/LiveSections';
import { NotAnchor } from './dashboard/NotAnchor';
import { refusalOf } from './dashboard/refusal';
import './dashboard/dashboard.css';

/** 直播数据 (/pages/user/dashboardLive?id=): one live's audience, gifts, followers, PK results and stream health. */
export default function DashboardLive() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = useCreatorLive(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const refused = refusalOf(q.error);

  let body;
  if (!(id > 0) || refused === 'notFound') body = <EmptyState icon={<ExclamationCircleOutline />} title={t('creator.liveGone')} />;
  else if (q.isPending) body = <PageLoading />;
  else if (refused === 'notAnchor' || refused === 'pending') body = <NotAnchor pending={refused === 'pending'} />;
  else if (refused === 'notOwn') body = <EmptyState icon={<ExclamationCircleOutline />} title={t('creator.notOwn')} description={t('creator.notOwnDesc')} />;
  else if (q.isError) body = <LoadError onRetry={() => void q.refetch()} />;
  else {
    const s = q.data;
    body = (
      <div data-testid="dash-live-page">
        <section className="dash-card dash-head">
          <div className="dash-head__title">
            {s.live.ended_at === null && <span className="dash-onair">{t('creator.onAir')}</span>}
            {s.live.title || t('creator.untitled')}
          </div>
          <div className="dash-head__when">
            {formatDateCN(s.live.started_at, 'YYYY-MM-DD HH:mm')}
            {s.live.ended_at && ` – ${formatDateCN(s.live.ended_at, 'HH:mm')}`}
            <span className="dash-head__len">{t('creator.duration', { d: formatClock(s.live.duration_s) })}</span>
          </div>
        </section>
        <StatGrid s={s} />
        <ViewersChart s={s} />
        <GiftsChart s={s} />
        <TopGifters s={s} />
        <PkResults s={s} />
        <HealthSection s={s} />
      </div>
    );
  }
  return (
    <PageFrame title={t('creator.liveTitle')} className="dash-page">
      {body}
    </PageFrame>
  );
}
