import type { LiveCard } from '@app/contract';
import { formatClock, formatDateCN, formatMoney } from '@app/kit';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';

/** One live in the dashboard's list: when, how long, its peak audience and its gift coins. */
export function LiveRow({ live }: { live: LiveCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <li>
      <button type="button" className="dash-live" data-testid="dash-live" onClick={() => navigate(`${PATHS.dashboardLive}?id=${live.id}`)}>
        <div className="dash-live__main">
          <div className="dash-live__title">
            {live.ended_at === null && <span className="dash-onair">{t('creator.onAir')}</span>}
            {live.title || t('creator.untitled')}
          </div>
          <div className="dash-live__when">
            {formatDateCN(live.started_at, 'YYYY-MM-DD HH:mm')} · {formatClock(live.duration_s)}
          </div>
        </div>
        <div className="dash-live__figs">
          <span>
            <b>{live.peak_viewers}</b>
            {t('creator.peakShort')}
          </span>
          <span>
            <b>{formatMoney(live.coins, 0)}</b>
            {t('creator.coinsShort')}
          </span>
        </div>
        <RightOutline className="dash-live__go" />
      </button>
    </li>
  );
}
