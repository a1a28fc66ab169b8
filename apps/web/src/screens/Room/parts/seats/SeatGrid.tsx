import type { RoomSeat, UserBrief } from '@app/contract';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { goLogin } from '../../../../lib/nav';
import { showToast } from '../../../../lib/toast';
import { canModerate } from '../../../../state/realtime/roomState';
import { useRoom } from '../shell/RoomContext';
import { SeatTile } from './SeatTile';

/**
 * The video chat room's seats: the host first, then seats 1…N, three to a row. Tapping an empty seat
 * takes it at once when the room has free seats, else asks for it (the host accepts); the host and
 * admins get a seat menu; one's own seat offers to leave.
 */
export function SeatGrid({ onSeatMenu, onUser }: { onSeatMenu: (s: RoomSeat) => void; onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { room, state, me, act } = useRoom();
  const mod = canModerate(state.myAuth);
  const asked = me.id !== null && state.queue.some((q) => q.user.id === me.id);
  const settings = state.settings ?? room.settings;
  const free = settings.allow_mic && settings.free_seats;

  const tapSeat = async (s: RoomSeat) => {
    if (mod) return onSeatMenu(s);
    if (s.user) {
      if (s.user.id !== me.id) return;
      if (await Dialog.confirm({ content: t('room.micLeaveConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') })) {
        await act('micRemove', { user_id: me.id });
      }
      return;
    }
    if (me.guest) return goLogin();
    if (s.locked) return showToast(t('room.seatLocked'));
    if (state.mySeat !== null) return;
    if (free) {
      await act('seatTake', { seat: s.index });
      return;
    }
    if (asked) await act('micCancel', {});
    if (await act('micRequest', { seat: s.index })) showToast(t('room.micRequested'));
  };

  const cols = state.seats.length + 1 <= 4 ? 2 : 3;
  return (
    <div className={`seat-grid seat-grid--${cols}`} data-testid="seat-grid">
      <SeatTile seatId="anchor" seat={null} user={room.anchor} label={t('room.host')} onTap={() => undefined} className="seat-tile--host" />
      {state.seats.map((s) => (
        <SeatTile
          key={s.index}
          seatId={s.seat_id}
          seat={s}
          user={s.user}
          label={t('room.seatN', { n: s.index })}
          onTap={() => (mod && s.user && s.user.id !== me.id ? onUser(s.user) : void tapSeat(s))}
        />
      ))}
    </div>
  );
}
