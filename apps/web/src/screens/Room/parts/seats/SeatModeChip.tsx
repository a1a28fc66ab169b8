import { useTranslation } from 'react-i18next';
import { useRoom } from '../shell/RoomContext';

/**
 * How people take seats in a chat room: "free seats" (tap an empty one and sit) or "ask to sit"
 * (through the host's queue). Everyone sees the mode; the host taps it to switch (a room setting).
 */
export function SeatModeChip() {
  const { t } = useTranslation();
  const { room, state, me, act } = useRoom();
  const settings = state.settings ?? room.settings;
  if (!settings.allow_mic) return null;
  const free = settings.free_seats;
  const label = free ? t('room.seatModeFree') : t('room.seatModeApply');
  if (!me.owner) {
    return (
      <span className="seat-mode" data-testid="seat-mode" data-free={free}>
        {label}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="seat-mode seat-mode--host"
      data-testid="seat-mode"
      data-free={free}
      title={t('room.seatModeHint')}
      onClick={() => void act('settings', { settings: { free_seats: !free } })}
    >
      {label}
      <span aria-hidden>⇄</span>
    </button>
  );
}
