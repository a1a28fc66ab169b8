import type { ReplayCard } from '@app/contract';
import { formatClock, formatDateCN } from '@app/kit';
import { PullToRefresh } from 'antd-mobile';
import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { GuardedImage } from '../../../components/GuardedImage';
import { LoadMore } from '../../../components/LoadMore';
import { PageLoading } from '../../../components/PageLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { PATHS } from '../../../lib/paths';
import { useReplayList } from '../../../state/queries/replay';

/** The replay tab's id in the home's category tabs (`?c=`): no video category has it. */
export const REPLAY_TAB = -1;

/** One replay in the two-column grid: the room's cover with a 回放 badge, its length, title, anchor and the day it was live. */
export function ReplayCardView({ r }: { r: ReplayCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button type="button" className="vcard" data-testid="replay-card" data-replay-id={r.id} onClick={() => navigate(`${PATHS.replay}?id=${r.id}`)}>
      <span className="vcard__cover">
        {r.cover ? <GuardedImage className="vcard__img" src={r.cover} alt="" loading="lazy" /> : <span className="vcard__img vcard__img--blank" />}
        <span className="vcard__shade" />
        <span className="vcard__price vcard__price--replay">{t('replay.badge')}</span>
        <span className="vcard__views">{formatDateCN(r.started_at, 'MM-DD HH:mm')}</span>
        <span className="vcard__duration">{formatClock(r.duration)}</span>
      </span>
      <span className="vcard__title">{r.title}</span>
      <span className="vcard__user">
        <UserAvatar src={r.anchor.avatar} size={18} />
        <span className="vcard__name">{r.anchor.nickname}</span>
      </span>
    </button>
  );
}

/** The video home's replay tab: every public replay, newest first. */
export function ReplayGrid({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const q = useReplayList(null);
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PullToRefresh onRefresh={async () => void (await Promise.all([q.refetch(), onRefresh()]))}>
      {q.isPending ? (
        <PageLoading />
      ) : q.isError && list.length === 0 ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<PlayOutline />} title={t('replay.empty')} description={t('replay.emptyDesc')} />
      ) : (
        <>
          <div className="vgrid" data-testid="replay-grid">
            {list.map((r) => (
              <ReplayCardView key={r.id} r={r} />
            ))}
          </div>
          <LoadMore query={q} />
        </>
      )}
    </PullToRefresh>
  );
}
