import { useState } from 'react';
import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useRank, type RankPeriod, type RankType } from '../../state/queries/rank';
import { useSession } from '../../state/session';
import { MyRankBar } from './parts/MyRankBar';
import { PkRankList } from './parts/PkRankList';
import { Podium } from './parts/Podium';
import { RankRow } from './parts/RankRow';
import './rank.css';

/** The gift rankings, and the weekly PK wins beside them. */
type Tab = RankType | 'pk';
const TYPES: Tab[] = ['wealth', 'charm', 'pk'];
const PERIODS: RankPeriod[] = ['day', 'week', 'month', 'all'];

/** 排行榜 (/pages/rank/index): wealth (coins spent on gifts) and charm (gifts received) by day, week, month, all time. */
export default function Rank() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('wealth');
  const type: RankType = tab === 'pk' ? 'wealth' : tab;
  const [period, setPeriod] = useState<RankPeriod>('day');
  const loggedIn = useSession((s) => s.token !== '' && !s.isGuest);
  const myId = useSession((s) => s.userInfo?.id ?? 0);
  const q = useRank(type, period);
  const list = q.data?.list ?? [];

  return (
    <PageFrame title={t('page.rank')} variant="clear" className={`rank-page rank-page--${type}`}>
      <div className="rank-head">
        <div className="rank-types" role="tablist">
          {TYPES.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`rank-types__item ${tab === k ? 'rank-types__item--on' : ''}`}
              onClick={() => setTab(k)}
            >
              {k === 'pk' ? t('pk.rankTab') : t(`rank.type.${k}`)}
            </button>
          ))}
        </div>
        {tab !== 'pk' && (
          <div className="rank-periods" role="tablist">
            {PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={period === p}
                className={`rank-periods__item ${period === p ? 'rank-periods__item--on' : ''}`}
                onClick={() => setPeriod(p)}
              >
                {t(`rank.period.${p}`)}
              </button>
            ))}
          </div>
        )}
        {tab !== 'pk' && (q.isPending ? <div className="podium podium--skeleton" /> : <Podium top={list.slice(0, 3)} kind={type} />)}
      </div>
      <div className="rank-sheet">
        {tab === 'pk' ? (
          <PkRankList myId={myId} />
        ) : q.isPending ? (
          <PageLoading />
        ) : q.isError && !q.data ? (
          <LoadError onRetry={() => void q.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={<HistogramOutline />} title={t('empty.rank')} description={t(type === 'wealth' ? 'rank.hintWealth' : 'rank.hintCharm')} />
        ) : list.length <= 3 ? (
          <div className="rank-sheet__note">{t('rank.onlyTop', { n: list.length })}</div>
        ) : (
          <ul className="rank-list" data-testid="rank-list">
            {list.slice(3).map((e) => (
              <li key={e.user.id}>
                <RankRow e={e} kind={type} me={e.user.id === myId} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {tab !== 'pk' && <MyRankBar me={q.data?.me ?? null} kind={type} loggedIn={loggedIn} />}
    </PageFrame>
  );
}
