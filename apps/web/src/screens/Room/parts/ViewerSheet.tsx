import type { UserBrief } from '@app/contract';
import { Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { canModerate } from '../../../state/realtime/roomState';
import { useRoom } from './RoomContext';

/** Who is here: the online count, the co-hosts and the latest arrivals; moderators tap one to act. */
export function ViewerSheet({ open, onClose, onUser }: { open: boolean; onClose: () => void; onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { room, state, me } = useRoom();
  const mod = canModerate(state.myAuth);
  const seen = new Set<number>([room.anchor.id]);
  const people: { user: UserBrief; tag: string | null }[] = [];
  for (const s of state.seats) {
    if (s.user && !seen.has(s.user.id)) {
      seen.add(s.user.id);
      people.push({ user: s.user, tag: t('room.roleCohost') });
    }
  }
  for (const u of state.recent) {
    if (!seen.has(u.id)) {
      seen.add(u.id);
      people.push({ user: u, tag: state.adminIds.includes(u.id) ? t('room.roleAdmin') : null });
    }
  }
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-sheet" destroyOnClose>
      <div className="room-sheet__title">{t('room.viewersCount', { count: state.online })}</div>
      <div className="room-sheet__sub">{t('room.viewersHint')}</div>
      {people.length === 0 ? (
        <div className="room-sheet__empty">{t('room.viewersEmpty')}</div>
      ) : (
        <ul className="room-sheet__list" data-testid="viewer-list">
          {people.map(({ user, tag }) => (
            <li key={user.id}>
              <button
                type="button"
                className="sheet-user sheet-user--button"
                disabled={!mod || user.id === me.id}
                data-testid="viewer-row"
                data-user-id={user.id}
                onClick={() => onUser(user)}
              >
                <UserAvatar src={user.avatar} size={40} />
                <span className="sheet-user__main">
                  <span className="sheet-user__name">
                    {user.nickname}
                    {tag && <span className="sheet-user__tag">{tag}</span>}
                    {state.mutedIds.includes(user.id) && <span className="sheet-user__tag sheet-user__tag--muted">{t('room.mute')}</span>}
                  </span>
                </span>
                {mod && user.id !== me.id && <RightOutline className="sheet-user__arrow" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popup>
  );
}
