import { formatCount } from '../../../../locale/count';
import { CloseOutline, HeartFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { GoLiveBell } from '../../../../components/GoLiveBell';
import { UserAvatar } from '../../../../components/UserAvatar';
import { useIsFollowing } from '../../../../state/queries/social';
import { FollowAnchorButton } from './FollowAnchorButton';
import { useRoom } from './RoomContext';

/** Anchor pill (avatar, name, room number, follow or the go-live bell, the fan club), recent viewers, the online count (opens the viewer list), close. */
export function TopBar({ onViewers, onClose, onFanClub }: { onViewers: () => void; onClose: () => void; onFanClub: () => void }) {
  const { t } = useTranslation();
  const { room, state, me } = useRoom();
  const following = useIsFollowing(room.anchor.id, room.my_following);
  const recent = state.recent.filter((u) => u.id !== room.anchor.id).slice(0, 3);
  return (
    <header className="room-top">
      <div className="room-anchor" data-testid="room-anchor">
        <UserAvatar src={room.anchor.avatar} size={34} className="room-anchor__avatar" />
        <div className="room-anchor__who">
          <span className="room-anchor__name">{room.anchor.nickname}</span>
          <span className="room-anchor__sub">{t('room.number', { number: room.number })}</span>
        </div>
        <FollowAnchorButton />
        {/* Once followed, the bell takes 关注's place: a tap asks to push this anchor's go-lives. */}
        {following && !me.owner && me.id !== room.anchor.id && <GoLiveBell anchorId={room.anchor.id} />}
        {/* Beside 关注 only the heart shows (the name keeps its room); once followed, the words too. */}
        <button type="button" className="fan-chip-button" data-testid="fan-club-open" aria-label={t('fanclub.title')} onClick={onFanClub}>
          <HeartFill aria-hidden />
          <span className="fan-chip-button__label">{t('fanclub.title')}</span>
        </button>
      </div>
      <div className="room-top__right">
        <button type="button" className="room-viewers" onClick={onViewers} aria-label={t('room.viewers')}>
          <span className="room-viewers__faces">
            {recent.map((u) => (
              <UserAvatar key={u.id} src={u.avatar} size={26} />
            ))}
          </span>
          <span className="room-viewers__count" data-testid="room-online">
            {formatCount(state.online)}
          </span>
        </button>
        <button type="button" className="room-close" aria-label={t('room.leave')} data-testid="room-close" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
    </header>
  );
}
