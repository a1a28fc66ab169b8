import type { ReplayCard } from '@app/contract';
import { formatClock, formatDateCN } from '@app/kit';
import { Dialog, PullToRefresh, Switch, Toast } from 'antd-mobile';
import { DeleteOutline, PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { GuardedImage } from '../../components/GuardedImage';
import { LoadMore } from '../../components/LoadMore';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { PATHS } from '../../lib/paths';
import { useDeleteReplay, useReplayList, useReplayVisibility } from '../../state/queries/replay';
import { useSession } from '../../state/session';
import './parts/replays.css';

/** 我的回放 (/pages/user/replays): an anchor's replays, each to watch, make private or delete. */
export default function MyReplays() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession((s) => s.userInfo?.id ?? 0);
  const q = useReplayList(me || null);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PageFrame title={t('replay.mine')}>
      {q.isPending ? (
        <PageLoading />
      ) : q.isError && rows.length === 0 ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<PlayOutline />}
          title={t('replay.empty')}
          description={t('replay.mineEmptyDesc')}
          action={{ label: t('page.create'), onClick: () => navigate(PATHS.create) }}
        />
      ) : (
        <PullToRefresh onRefresh={async () => void (await q.refetch())}>
          <ul className="replay-list" data-testid="my-replays">
            {rows.map((r) => (
              <ReplayRow key={r.id} r={r} />
            ))}
          </ul>
          <LoadMore query={q} />
        </PullToRefresh>
      )}
    </PageFrame>
  );
}

function ReplayRow({ r }: { r: ReplayCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visibility = useReplayVisibility();
  const remove = useDeleteReplay();
  const onlyMe = r.private || r.locked;
  const confirmDelete = async () => {
    if (!(await Dialog.confirm({ content: t('replay.deleteConfirm'), confirmText: t('replay.delete'), cancelText: t('common.cancel') }))) return;
    await remove.mutateAsync(r.id);
    Toast.show({ content: t('replay.deleted') });
  };
  return (
    <li className="replay-row" data-testid="replay-row" data-replay-id={r.id}>
      <button type="button" className="replay-row__cover" onClick={() => navigate(`${PATHS.replay}?id=${r.id}`)} aria-label={t('video.play')}>
        {r.cover ? <GuardedImage src={r.cover} alt="" loading="lazy" /> : <span className="replay-row__blank" />}
        <span className="replay-row__len">{formatClock(r.duration)}</span>
        <PlayOutline className="replay-row__play" />
      </button>
      <div className="replay-row__main">
        <div className="replay-row__title">{r.title}</div>
        <div className="replay-row__when">{formatDateCN(r.started_at, 'YYYY-MM-DD HH:mm')}</div>
        <div className="replay-row__chips">
          {r.locked && <span className="replay-chip">{t('replay.locked')}</span>}
          {r.hidden && <span className="replay-chip replay-chip--warn">{t('replay.hidden')}</span>}
          {!onlyMe && !r.hidden && <span className="replay-chip replay-chip--public">{t('replay.public')}</span>}
        </div>
        <div className="replay-row__actions">
          <label className="replay-row__switch">
            <Switch
              checked={r.private}
              disabled={r.locked || visibility.isPending}
              onChange={(v) => visibility.mutate({ id: r.id, private: v })}
              style={{ '--height': '22px', '--width': '38px' }}
            />
            {t('replay.private')}
          </label>
          <button type="button" className="replay-row__delete" data-testid="replay-delete" onClick={() => void confirmDelete()}>
            <DeleteOutline /> {t('replay.delete')}
          </button>
        </div>
      </div>
    </li>
  );
}
