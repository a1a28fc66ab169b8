import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { LoadError } from '../../../components/EmptyState';
import { useAdminQuery } from '../../../state/queries/admin';
import { coins, yuan } from '../parts/format';
import { TrendChart } from '../parts/TrendChart';

/** Who is here now, what waits for an operator, and the last 14 days. */
export function Dashboard() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminDashboard', undefined, { refetchMs: 15_000 });
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const d = q.data;
  const stat = (label: string, value: string | number | undefined, testId: string, tone = '') => (
    <div className={`adm-stat ${tone}`} data-testid={testId}>
      <div className="adm-stat__label">{label}</div>
      <div className="adm-stat__value">{value ?? '—'}</div>
    </div>
  );
  return (
    <div className="adm-stack">
      <div className="adm-stats">
        {stat(t('admin.dash.online'), d?.users_online, 'dash-online', 'is-pink')}
        {stat(t('admin.dash.roomsLive'), d?.rooms_live, 'dash-rooms', 'is-violet')}
        {stat(t('admin.dash.viewers'), d?.viewers, 'dash-viewers')}
        {stat(t('admin.dash.members'), d?.members, 'dash-members')}
        {stat(t('admin.dash.todayRecharge'), d && yuan(d.today.recharge_fen), 'dash-recharge')}
        {stat(t('admin.dash.todayGifts'), d && coins(d.today.gift_value), 'dash-gifts')}
        {stat(t('admin.dash.todayUsers'), d?.today.new_users, 'dash-new-users')}
      </div>
      {d && (d.pending.anchors > 0 || d.pending.withdrawals > 0 || d.pending.reports > 0) && (
        <div className="adm-todo">
          <span>{t('admin.dash.todo')}</span>
          {d.pending.anchors > 0 && <Link to={`${PATHS.admin}/anchors`}>{t('admin.dash.pendingAnchors', { n: d.pending.anchors })}</Link>}
          {d.pending.withdrawals > 0 && <Link to={`${PATHS.admin}/withdrawals`}>{t('admin.dash.pendingWithdrawals', { n: d.pending.withdrawals })}</Link>}
          {d.pending.reports > 0 && <Link to={`${PATHS.admin}/content`}>{t('admin.dash.pendingReports', { n: d.pending.reports })}</Link>}
        </div>
      )}
      {d && (
        <div className="adm-grid2">
          <section className="adm-card">
            <h2>{t('admin.dash.rechargeTrend')}</h2>
            <TrendChart days={d.days} value={(x) => x.recharge_fen} format={(n) => String(Math.round(n / 100))} color="#ff4f8b" testId="chart-recharge" />
          </section>
          <section className="adm-card">
            <h2>{t('admin.dash.giftTrend')}</h2>
            <TrendChart days={d.days} value={(x) => x.gift_value} format={(n) => `${Math.round(n / 10000)}`} color="#8a5cff" testId="chart-gifts" />
          </section>
          <section className="adm-card">
            <h2>{t('admin.dash.userTrend')}</h2>
            <TrendChart days={d.days} value={(x) => x.new_users} format={(n) => String(n)} color="#22b8a7" testId="chart-users" />
          </section>
          <section className="adm-card">
            <h2>{t('admin.dash.sendTrend')}</h2>
            <TrendChart days={d.days} value={(x) => x.gifts} format={(n) => String(n)} color="#ffa940" testId="chart-sends" />
          </section>
        </div>
      )}
    </div>
  );
}
