import { useMemo, useState } from 'react';
import type { Api, RouteData } from '@app/contract';
import { formatMoney } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { TimeChart } from './TimeChart';

type Earnings = RouteData<Api['creatorEarnings']>;

const dayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`) / 1000;
const money = (v: number) => formatMoney(v, 0);

/** The week's or the month's earnings, the change against the period before, and the daily bars. */
export function EarningsCard({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<7 | 30>(7);
  const period = days === 7 ? data.week : data.month;
  const list = useMemo(() => data.list.slice(-days), [data, days]);
  const x = useMemo(() => list.map((d) => dayStart(d.date)), [list]);
  const series = useMemo(() => [{ label: t('creator.earnings'), values: list.map((d) => d.earnings), color: '#ff4f8b', bars: true }], [list, t]);
  const change = period.previous_earnings > 0 ? Math.round(((period.earnings - period.previous_earnings) / period.previous_earnings) * 100) : null;
  return (
    <section className="dash-card dash-earn" data-testid="dash-earnings">
      <div className="dash-card__head">
        <div className="dash-card__title">{t('creator.income')}</div>
        <div className="dash-seg" role="tablist">
          {([7, 30] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="tab"
              aria-selected={days === d}
              className={`dash-seg__item ${days === d ? 'dash-seg__item--on' : ''}`}
              onClick={() => setDays(d)}
            >
              {d === 7 ? t('creator.week') : t('creator.month')}
            </button>
          ))}
        </div>
      </div>
      <div className="dash-earn__hero">
        <div>
          <div className="dash-earn__label">{t('creator.earnings')}</div>
          <div className="dash-earn__value" data-testid="dash-earn-value">
            {formatMoney(period.earnings)}
          </div>
        </div>
        <div className={`dash-trend ${change === null ? '' : change >= 0 ? 'dash-trend--up' : 'dash-trend--down'}`}>
          {change === null ? t('creator.noPrevious') : t('creator.vsPrevious', { n: `${change >= 0 ? '+' : ''}${change}%` })}
        </div>
      </div>
      <div className="dash-earn__sub">
        <span>{t('creator.giftCoins')}</span>
        <b>{formatMoney(period.coins)}</b>
      </div>
      <TimeChart x={x} series={series} days format={money} height={150} testId="dash-earn-chart" />
    </section>
  );
}
