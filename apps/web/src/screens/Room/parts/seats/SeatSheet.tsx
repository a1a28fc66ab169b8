import type { RoomSeat, UserBrief } from '@app/contract';
import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../shell/RoomContext';

/** The host's (or an admin's) seat menu: lock or unlock, clear the seat, act on its occupant. */
export function SeatSheet({ seat, onClose, onUser }: { seat: RoomSeat | null; onClose: () => void; onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { act } = useRoom();
  const s = seat;
  const actions = !s
    ? []
    : [
        {
          key: 'lock',
          text: s.locked ? t('room.seatUnlock') : t('room.seatLock'),
          onClick: () => void act('seatLock', { seat: s.index, locked: !s.locked }),
        },
        ...(s.user
          ? [
              { key: 'clear', text: t('room.seatClear'), danger: true, onClick: () => void act('seatClear', { seat: s.index }) },
              { key: 'user', text: t('room.more'), onClick: () => s.user && onUser(s.user) },
            ]
          : []),
      ];
  return (
    <ActionSheet
      visible={s !== null}
      extra={s ? (s.user?.nickname ?? t('room.seatN', { n: s.index })) : null}
      actions={actions}
      cancelText={t('common.cancel')}
      closeOnAction
      onClose={onClose}
    />
  );
}
