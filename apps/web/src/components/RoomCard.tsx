import type { RoomBrief } from '@app/contract';
import { formatCount } from '../locale/count';
import { EyeOutline, LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GuardedImage } from './GuardedImage';
import { UserAvatar } from './UserAvatar';
import { prefetchRoom } from './prefetchRoom';
import { roomPath } from '../lib/paths';
import './roomCard.css';

/** The equalizer bars of a LIVE badge: motion says "happening now" at a glance. */
export function LiveBars() {
  return (
    <span className="live-bars" aria-hidden>
      <i />
      <i />
      <i />
    </span>
  );
}

/**
 * One room in the two-column grid: cover, LIVE badge, viewers, title, anchor. A list may put a
 * muted live picture over the cover (`media`) and hear of the tap first (`onOpen`: the list a swipe walks).
 */
export function RoomCard({ room, media, onOpen, className = '' }: { room: RoomBrief; media?: ReactNode; onOpen?: () => void; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // No cover uploaded: the anchor's avatar stands in, as the big apps do.
  const cover = room.cover || room.anchor.avatar;
  return (
    <button
      type="button"
      className={`room-card ${className}`}
      data-testid="room-card"
      data-room-id={room.id}
      onClick={() => {
        onOpen?.();
        prefetchRoom(room);
        navigate(roomPath(room));
      }}
    >
      <span className="room-card__cover">
        {cover ? <GuardedImage className="room-card__img" src={cover} alt="" loading="lazy" /> : <span className="room-card__img room-card__img--blank" />}
        {media}
        <span className="room-card__shade" />
        <span className="room-card__badges">
          {room.live ? (
            <span className="room-card__live">
              <LiveBars />
              {t('live.liveBadge')}
            </span>
          ) : null}
          {room.kind === 'chat' && <span className="room-card__tag">{t('live.chatBadge')}</span>}
          {room.need_password && (
            <span className="room-card__tag" aria-label={t('live.passwordBadge')}>
              <LockOutline />
            </span>
          )}
        </span>
        {/* A true count, shown once someone watches: a row of zeros reads as abandoned rooms. */}
        {room.online > 0 && (
          <span className="room-card__viewers" data-testid="room-viewers">
            <EyeOutline />
            {formatCount(room.online)}
          </span>
        )}
        <span className="room-card__meta">
          <span className="room-card__title">{room.title}</span>
          <span className="room-card__anchor">
            <UserAvatar src={room.anchor.avatar} size={18} />
            <span className="room-card__name">{room.anchor.nickname}</span>
          </span>
        </span>
      </span>
    </button>
  );
}
