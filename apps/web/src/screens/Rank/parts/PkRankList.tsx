import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { usePkRank } from '../../../state/queries/pk';
import { RANK_SIZE } from '../../../state/queries/rank';

/** PK榜: this week's PK wins (pk/rank), most first, with my place. */
export function PkRankList({ myId }: { myId: number }) {
  const { t } = useTranslation();
  const q = usePkRank(RANK_SIZE);
  if (q.isPending) return <PageLoading />;
  if (q.isError && !q.data) return <LoadError onRetry={() => void q.refetch()} />;
  const list = q.data?.list ?? [];
  return (
    <>
      <div className="rank-sheet__note">{t('pk.rankHint')}</div>
      {list.length === 0 ? (
        <EmptyState icon={<HistogramOutline />} title={t('empty.rank')} />
      ) : (
        <ul className="rank-list" data-testid="pk-rank-list">
          {list.map((e) => (
            <li key={e.user.id}>
              <div className={`rank-row ${e.user.id === myId ? 'rank-row--me' : ''}`} data-testid="rank-row" data-user={e.user.id}>
                <span className="rank-row__no">{e.rank}</span>
                <UserAvatar src={e.user.avatar} size={42} />
                <span className="rank-row__who">
                  <span className="rank-row__name">{e.user.nickname}</span>
                </span>
                <span className="rank-value">{t('pk.wins', { n: e.wins })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
