import type { RoomSeat, UserBrief } from '@app/contract';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { MicOffIcon } from '../actions/icons';
import { useRoom } from '../shell/RoomContext';
import { SeatVideo, useVideoReady } from '../stage/SeatVideo';
import { useSpeaking } from '../stage/useSpeaking';

interface Props {
  /** 'anchor' for the host tile, else the mic seat. */
  seatId: string;
  seat: RoomSeat | null;
  user: UserBrief | null;
  label: string;
  onTap: () => void;
  className?: string;
}

/**
 * One seat: its occupant's camera (received, or one's own preview), or their avatar until video
 * comes; a ring while they speak; an empty or locked seat invites a tap.
 */
export function SeatTile({ seatId, seat, user, label, onTap, className = '' }: Props) {
  const { t } = useTranslation();
  const { state, media, me } = useRoom();
  const [ready, setReady] = useVideoReady();
  const mine = user !== null && user.id === me.id && media.broadcast !== null;
  const stream = mine ? (media.broadcast?.preview ?? null) : (media.play?.streams.get(seatId) ?? null);
  const live = mine || state.live[seatId] === true;
  // What everyone sees: the occupant's own toggles on a mic seat, the room's camera/audio settings on the host's.
  const shared = seat ? { camera: seat.camera, mic: seat.mic } : { camera: state.settings?.camera !== false, mic: state.settings?.audio !== false };
  const camOff = mine ? media.broadcast?.camera === false : !shared.camera;
  const micOff = mine ? media.broadcast?.mic === false : user !== null && !shared.mic;
  // One's own level is measured on the captured microphone; others' on what arrives.
  const speaking = useSpeaking(mine ? (media.broadcast?.micLevel ?? null) : stream, live && user !== null && !micOff);

  return (
    <button
      type="button"
      className={`seat-tile ${user ? '' : 'seat-tile--empty'} ${speaking ? 'seat-tile--speaking' : ''} ${className}`}
      data-testid="seat-tile"
      data-seat-id={seatId}
      data-user-id={user?.id ?? ''}
      data-camera={camOff ? 'off' : 'on'}
      data-mic={micOff ? 'off' : 'on'}
      onClick={onTap}
    >
      {user && live && stream && !camOff && (
        <SeatVideo stream={stream} seat={mine ? 'local' : seatId} local={mine} mirrored={mine && media.broadcast?.frontCamera} onReady={setReady} />
      )}
      {user && (!ready || !live || camOff) && (
        <span className="seat-tile__face">
          <UserAvatar src={user.avatar} size={48} />
        </span>
      )}
      {!user && (
        <span className="seat-tile__empty">
          {seat?.locked ? <LockOutline /> : <span className="seat-tile__plus">+</span>}
          <span>{seat?.locked ? t('room.seatLocked') : t('room.seatEmpty')}</span>
        </span>
      )}
      <span className="seat-tile__label">
        {micOff && (
          <span className="seat-tile__muted" role="img" aria-label={t('room.micMuted')} data-testid="seat-muted">
            <MicOffIcon />
          </span>
        )}
        <span className="seat-tile__name">{user ? user.nickname : label}</span>
      </span>
      {speaking && <span className="seat-tile__wave" aria-label={t('room.speaking')} />}
    </button>
  );
}
