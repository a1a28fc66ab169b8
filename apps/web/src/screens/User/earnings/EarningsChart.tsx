import { useState } from 'react';
import { formatMoney } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { useGiftStats } from '../../../state/queries/financeEarnings';
import { BarChart } from '../wallet/BarChart';

/** Earnings by day over the last 7 or 30 days (statistics_gift_money) with the period totals. */
export function EarningsChart() {
  const { t } = useTranslation();
  const [days, setDays] = useState<7 | 30>(7);
  const q = useGiftStats(days);
  const bars = (q.data?.list ?? []).map((d) => ({ label: d.date.slice(5), value: d.amount, tip: formatMoney(d.amount) }));
  return (
    <section className="card w-card earn-chart">
      <div className="earn-chart__head">
        <div className="card-title">{t('shouyi.trend')}</div>
        <div className="seg" role="tablist">
          {([7, 30] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="tab"
              aria-selected={days === d}
              className={`seg__item ${days === d ? 'seg__item--on' : ''}`}
              onClick={() => setDays(d)}
            >
              {t('shouyi.days', { n: d })}
            </button>
          ))}
        </div>
      </div>
      <div className="earn-chart__totals">
        <div>
          <span>{t('shouyi.periodEarnings')}</span>
          <b data-testid="earn-period-total">{q.data ? formatMoney(q.data.total_amount) : '--'}</b>
        </div>
        <div>
          <span>{t('shouyi.periodGifts')}</span>
          <b>{q.data?.total_count ?? '--'}</b>
        </div>
      </div>
      <div className={`earn-chart__plot ${q.isFetching && !q.isPending ? 'earn-chart__plot--busy' : ''}`}>
        {q.isError && !q.data ? (
          <button type="button" className="w-list__more" onClick={() => void q.refetch()}>
            {t('common.loadFailed')} · {t('common.retry')}
          </button>
        ) : (
          <BarChart bars={bars} testId="earn-chart" />
        )}
      </div>
    </section>
  );
}
