import { Dialog } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/toast';
import { MicIcon } from '../actions/icons';
import { useRoom } from '../shell/RoomContext';

/** A viewer's way onto the mic: ask (when the room allows) or sit on a free seat, cancel the request, or leave the seat. */
export function MicButton() {
  const { t } = useTranslation();
  const { room, state, me, act } = useRoom();
  const asked = me.id !== null && state.queue.some((q) => q.user.id === me.id);
  const onMic = state.mySeat !== null;
  const settings = state.settings ?? room.settings;
  const allowed = settings.allow_mic;
  // Chat rooms with free seats: the button sits on the first empty unlocked seat, no request.
  const freeSeat = room.kind === 'chat' && settings.free_seats ? state.seats.find((s) => !s.user && !s.locked) : undefined;

  // The anchor's decision arrives once; say it once.
  const told = useRef<typeof state.decision>(null);
  useEffect(() => {
    const d = state.decision;
    if (!d || told.current === d) return;
    told.current = d;
    showToast(t(d.decision === 'accepted' ? 'room.micAccepted' : d.decision === 'rejected' ? 'room.micRejected' : 'room.micRemoved'));
  }, [state.decision, t]);

  if (me.owner || (!allowed && !onMic)) return null;
  const label = onMic ? t('room.micLeave') : asked ? t('room.micCancel') : t('room.micRequest');
  const run = async () => {
    if (onMic) {
      if (await Dialog.confirm({ content: t('room.micLeaveConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') })) {
        await act('micRemove', { user_id: me.id! });
      }
    } else if (asked) await act('micCancel', {});
    else if (freeSeat) await act('seatTake', { seat: freeSeat.index });
    else if (await act('micRequest', {})) showToast(t('room.micRequested'));
  };
  return (
    <button
      type="button"
      className={onMic || asked ? 'room-action room-action--active' : 'room-action'}
      data-testid="mic-button"
      data-mic={onMic ? 'on' : asked ? 'asked' : 'off'}
      aria-label={label}
      onClick={() => void run()}
    >
      <MicIcon />
    </button>
  );
}
