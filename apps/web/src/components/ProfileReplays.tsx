import { formatClock, formatDateCN } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/paths';
import { useReplayList } from '../state/queries/replay';
import { GuardedImage } from './GuardedImage';

/** An anchor's replays on their profile card: a row of covers, newest first (none: nothing shown). */
export function ProfileReplays({ anchorId, onOpen }: { anchorId: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useReplayList(anchorId);
  const list = q.data?.pages[0]?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="profile-replays" data-testid="profile-replays">
      <div className="profile-replays__title">{t('replay.tab')}</div>
      <div className="profile-replays__row">
        {list.slice(0, 8).map((r) => (
          <button
            key={r.id}
            type="button"
            className="profile-replays__card"
            data-replay-id={r.id}
            onClick={() => {
              onOpen();
              navigate(`${PATHS.replay}?id=${r.id}`);
            }}
          >
            {r.cover ? <GuardedImage src={r.cover} alt="" loading="lazy" /> : <span className="profile-replays__blank" />}
            <span className="profile-replays__len">{formatClock(r.duration)}</span>
            <span className="profile-replays__when">{formatDateCN(r.started_at, 'MM-DD HH:mm')}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
