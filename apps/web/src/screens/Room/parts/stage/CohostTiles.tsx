import type { UserBrief } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../shell/RoomContext';
import { SeatTile } from '../seats/SeatTile';

/** The co-hosts of a live room: small tiles down the right side, under the top bar. */
export function CohostTiles({ onUser }: { onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { state } = useRoom();
  const taken = state.seats.filter((s) => s.user);
  if (taken.length === 0) return null;
  return (
    <div className="cohosts" data-testid="cohosts">
      {taken.map((s) => (
        <SeatTile
          key={s.index}
          seatId={s.seat_id}
          seat={s}
          user={s.user}
          label={t('room.seatN', { n: s.index })}
          onTap={() => s.user && onUser(s.user)}
          className="seat-tile--cohost"
        />
      ))}
    </div>
  );
}
