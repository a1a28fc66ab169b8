import { formatDuration } from '@app/kit';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from './RoomContext';

/** Under the top bar: the anchor sees "● LIVE 00:12:34" (how long they have been on), viewers the room's title; then `children`. */
export function LiveChips({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { room, me, media } = useRoom();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!me.owner) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [me.owner]);
  const started = room.started_at ? Date.parse(room.started_at) : now;
  const onAir = media.broadcast?.status === 'live' || (room.settings.pc && room.live);
  return (
    <div className="live-chips">
      {me.owner ? (
        <span className={onAir ? 'live-chip live-chip--on' : 'live-chip'} data-testid="live-clock">
          <i className="live-chip__dot" />
          {t('room.publishing')} {formatDuration((now - started) / 1000)}
        </span>
      ) : (
        <span className="live-chip live-chip--title">{room.title}</span>
      )}
      {children}
    </div>
  );
}
